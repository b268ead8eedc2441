/** The installed app: updates, logs, counter mode, support. */
import { words as common } from './common';

export const ja = {
  installed: {
    title: 'このパソコン',
    browserNote:
      'アプリの更新・カウンターモード・ログファイルはデスクトップアプリの機能です。このブラウザー版では使えません。',
    updates: {
      title: 'アプリの更新',
      current: '現在のバージョン: {{version}}',
      phase: {
        unavailable: '自動更新はありません',
        idle: '更新をまだ確認していません',
        checking: '更新を確認中…',
        up_to_date: '最新の状態です',
        downloading: 'バージョン {{version}} をダウンロード中（{{percent}}%）',
        ready: 'バージョン {{version}} の準備ができました — 都合のよいときに再起動してください',
        installing: 'バージョン {{version}} をインストールしています…',
        error: '更新を確認できませんでした',
      },
      unavailable: {
        not_installed:
          'この実行環境は自動で更新しません（インストールしたアプリだけが更新します）。',
        not_configured:
          '更新サーバーが設定されていません。インストールを担当した方に連絡してください。',
      },
      errors: {
        network: '更新サーバーに接続できませんでした。次の確認で再試行します。',
        signature: 'ダウンロードした更新を検証できなかったため、使いません。',
        other: '更新でエラーが発生しました。次の確認で再試行します。',
      },
      checkedAt: '最終確認: {{time}}',
      check: '今すぐ確認',
      checking: common.checking,
      restart: '今すぐ再起動して更新',
      restarting: '再起動中…',
      holds: {
        lead: '次が終わるまで更新しません:',
        walk_in: '入力中の当日受付',
        cancellation: '手続き中のキャンセル',
        change: '手続き中の予約変更',
        close: '入力中のレジ締め',
        outbox: '送信待ちの当日受付',
      },
      channel: '更新の種類',
      channels: {
        stable: '通常版',
        beta: 'ベータ版（先行して試す）',
      },
      installWhen: '更新するタイミング',
      when: {
        quit: 'アプリを終了するとき（おすすめ）',
        quiet_time: '毎日の決まった時刻（お客様がいない時間）',
      },
      quietTime: '更新する時刻',
      quietHint: 'この時刻から 1 時間のうち、パソコンが 5 分以上操作されていないときに更新します。',
      neverMidService:
        '受付・キャンセル・レジ締めの途中や、送信待ちの受付があるときは更新しません。',
    },
    counter: {
      title: 'カウンターモード',
      startAtLogin: 'パソコンにログインしたら自動で起動する',
      display: '画面の表示',
      displays: {
        window: 'ウィンドウ',
        full_screen: '全画面',
        kiosk: 'キオスク（全画面・他のアプリに切り替えない）',
      },
      keepAwake: '営業時間中は画面を消さない',
      opens: '開店',
      closes: '閉店',
      hoursProblem: '閉店は開店より後の時刻にしてください。',
      rememberWindow: 'ウィンドウの位置と大きさを覚える',
    },
    logs: {
      title: 'ログとサポート',
      level: 'ログの詳しさ',
      levels: {
        debug: '詳細（サポートに頼まれたとき）',
        info: '標準',
        warn: '警告のみ',
        error: 'エラーのみ',
      },
      noPersonal: 'ログとサポートファイルには API キーやお客様の個人情報は含まれません。',
      bundle: 'サポート用ファイルを作成',
      making: '作成中…',
      savedTo: '保存しました: {{path}}',
      downloaded: '{{file}} をダウンロードしました。',
    },
    saving: common.saving,
    saved: common.saved,
    bar: {
      downloading: '更新をダウンロード中 {{percent}}%',
      ready: '更新の準備完了 — 都合のよいときに再起動',
      readyHeld: '更新の準備完了 — 作業が終わってから更新します',
    },
  },
};
