/** This counter in the shop: its name, sharing, the other counters. */
import { words as common } from './common';

export const ja = {
  shop: {
    bar: {
      label: '店舗の端末',
      counters: common.counters,
      polling: '{{name}} が店舗の同期中',
      unavailable: '店舗の共有を開始できません — この端末だけで動作中',
    },
    thisCounter: '{{name}}（この端末）',
    syncs: '店舗の同期中',
    present: '接続中',
    left: '{{name}} — 最終接続 {{age}}',
    clockSlow: '{{name}} の時計が{{amount}}遅れています',
    clockFast: '{{name}} の時計が{{amount}}進んでいます',
    reasons: {
      off: '共有はオフです — この端末だけで動作しています。',
      training: 'トレーニングモードでは他の端末と共有しません。',
      not_set_up: 'API キーと店舗を設定すると、店舗の他の端末と共有できます。',
      unavailable: '店舗の共有を開始できませんでした — この端末だけで動作しています。',
    },
    title: 'この端末',
    name: '端末の名前',
    nameHint:
      '他の端末の画面にもこの名前で表示されます。空欄のときはコンピューター名「{{host}}」を使います。',
    saveName: '名前を保存',
    sharing: '店舗の他の端末と共有する',
    sharingExplain:
      '同じ API キーと店舗を設定した端末どうしが、店舗のネットワークでチェックインと送信待ちの当日受付を共有します。オフにすると、この端末だけで動作します。',
    peers: '接続先の端末（任意）',
    peersHint:
      '端末どうしが自動で見つからないネットワーク用です。「ホスト名」「IP アドレス」またはその後に「:ポート番号」。',
    noPeers: '登録なし',
    peerAddress: '追加するアドレス',
    addPeer: '追加',
    remove: common.remove,
    removePeer: '{{peer}} を削除',
    counters: '店舗の端末',
    noCounters: '他の端末はまだ見つかっていません。',
    saving: common.saving,
    saved: common.saved,
    nameProblems: {
      empty: '名前を入力するか、欄を空にしてコンピューター名を使ってください。',
      too_long: '名前は {{max}} 文字以内にしてください。',
      control: '名前に制御文字は使えません。',
    },
    peerProblems: {
      empty: 'アドレスを入力してください。',
      bad_host: 'ホスト名または IP アドレスとして読めません。',
      bad_port: 'ポート番号は 1〜65535 の数字です。',
      duplicate: 'このアドレスはすでに登録されています。',
    },
    tooManyPeers: '登録できるアドレスは {{max}} 件までです。',
    join: {
      showTitle: 'この店舗に端末を追加',
      showHint:
        'ほかの端末をこの店舗に参加させるときに使います。参加させる端末で QR コードをスキャンするか、コードを入力してください。1 回だけ、10 分間有効です。',
      show: '参加コードを表示',
      making: 'コードを作成中…',
      qrAlt: '参加コードの QR コード',
      validUntil: '{{time}} まで有効・1 回限り',
      expired: 'コードの有効期限が切れました。',
      hide: 'コードを隠す',
      enterTitle: '参加コードで店舗に参加',
      enterHint:
        '店舗のほかの端末に表示された参加コードをスキャンするか入力してください。この端末が店舗のほかの端末の接続先を知り、つながります。',
      code: '参加コード',
      join: '参加',
      joining: 'コードを表示している端末に接続中…',
      joined: '{{name}} の店舗に参加しました',
      toKey: 'API キーを設定する',
    },
  },
};
