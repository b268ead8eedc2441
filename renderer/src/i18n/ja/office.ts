/** The head office (issue 40): the status bar's words, set-up's enrolment, the restore, the check. */
import { words as common } from './common';

export const ja = {
  office: {
    bar: {
      label: '事務所への送信',
      pending: '事務所: 送信待ち {{count}}件',
      allSent: '事務所: 送信済み',
      lastAck: '最終確認 {{age}}',
      neverAck: 'まだ確認なし',
      stale:
        '事務所から長い間応答がありません。回線を確かめてください（記録はこの端末に残っています）。',
      damaged: '読めない記録 {{count}}件 — 事務所の管理者に伝えてください',
      revoked: '事務所がこの端末を登録解除しました。設定で登録し直してください',
      gap: '事務所の記録に抜けがあります。事務所の管理者に伝えてください',
      conflict: '事務所に別の端末の記録があります。事務所の管理者に伝えてください',
      restoring: '事務所から記録を復元中 {{through}} / {{head}}件 — 完了まで販売できません',
    },
    setup: {
      title: '事務所（本部）',
      explain:
        '売上・返金・締め・操作記録を事務所のサーバーにも保存します。事務所で発行した登録コードを入力してください。API キーは事務所に送られません。',
      training: 'トレーニングモードでは事務所に何も送りません。',
      url: '事務所のアドレス',
      urlHint: '例: office.example.jp または https://192.168.1.10:8443',
      code: '登録コード',
      codeHint: 'FD1- で始まるコード（スペースと大文字・小文字は区別しません）',
      enrol: '登録する',
      enrolling: '登録中…',
      enrolled: '{{organisation}} の {{store}} に「{{counter}}」として登録済み',
      address: 'アドレス: {{url}}',
      since: '登録日時: {{time}}',
      sendNow: '今すぐ送信',
      damagedTitle: '読めない記録（事務所には分かる範囲で送信済み）',
      damagedHint: 'この端末では中身を読めません。番号と日付を事務所の管理者に伝えてください。',
      damagedItem: '#{{seq}} {{date}} {{kind}} {{amount}}（{{problem}}）',
    },
    check: {
      title: '事務所との照合',
      explain: 'この端末の売上記録と事務所の記録を営業日ごとに件数と金額で比べます。',
      run: '照合する',
      running: common.checking,
      same: '{{from}}〜{{to}} の {{days}}日分、すべて一致しました。',
      differ: '{{count}}日分が一致しません。',
      day: '営業日',
      counter: 'この端末の記録',
      office: '事務所',
      figures: '{{count}}件 {{sum}}',
      none: 'なし',
      pending: '未送信 {{count}}件',
      waiting: '送信待ち',
    },
  },
};
