/** The installed app: updates, logs, counter mode, support. */
import type { Widen } from '../widen';

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
      checking: '確認中…',
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
    saving: '保存中…',
    saved: '保存しました',
    bar: {
      downloading: '更新をダウンロード中 {{percent}}%',
      ready: '更新の準備完了 — 都合のよいときに再起動',
      readyHeld: '更新の準備完了 — 作業が終わってから更新します',
    },
  },
};

export const en: Widen<typeof ja> = {
  installed: {
    title: 'This computer',
    browserNote:
      'App updates, counter mode and log files belong to the desktop app; this browser version has none of them.',
    updates: {
      title: 'App updates',
      current: 'Version {{version}}',
      phase: {
        unavailable: 'No automatic updates',
        idle: 'Not checked for updates yet',
        checking: 'Checking for updates…',
        up_to_date: 'Up to date',
        downloading: 'Downloading version {{version}} ({{percent}}%)',
        ready: 'Version {{version}} is ready — restart when convenient',
        installing: 'Installing version {{version}}…',
        error: 'Could not check for updates',
      },
      unavailable: {
        not_installed: 'This copy does not update itself (only the installed app does).',
        not_configured: 'No update server is set. Ask whoever installed this computer.',
      },
      errors: {
        network: 'Could not reach the update server. The next check tries again.',
        signature: 'The downloaded update could not be verified, so it is not used.',
        other: 'The update failed. The next check tries again.',
      },
      checkedAt: 'Last checked {{time}}',
      check: 'Check now',
      checking: 'Checking…',
      restart: 'Restart now to update',
      restarting: 'Restarting…',
      holds: {
        lead: 'The update waits until these are done:',
        walk_in: 'a walk-in being entered',
        cancellation: 'a cancellation in progress',
        change: 'a booking being changed',
        close: 'the close being counted',
        outbox: 'walk-ins waiting to be sent',
      },
      channel: 'Updates to get',
      channels: {
        stable: 'Stable',
        beta: 'Beta (try new versions first)',
      },
      installWhen: 'When to update',
      when: {
        quit: 'When the app quits (recommended)',
        quiet_time: 'Every day at a quiet time',
      },
      quietTime: 'Quiet time',
      quietHint: 'Within the hour from this time, once nobody has used the computer for 5 minutes.',
      neverMidService:
        'Never in the middle of a walk-in, a cancellation or the close, nor while walk-ins wait to be sent.',
    },
    counter: {
      title: 'Counter mode',
      startAtLogin: 'Start when someone logs in to this computer',
      display: 'Screen',
      displays: {
        window: 'Window',
        full_screen: 'Full screen',
        kiosk: 'Kiosk (full screen, no switching to other apps)',
      },
      keepAwake: 'Keep the screen on during opening hours',
      opens: 'Opens',
      closes: 'Closes',
      hoursProblem: 'Closing time must be after opening time.',
      rememberWindow: 'Remember where the window was',
    },
    logs: {
      title: 'Logs and support',
      level: 'Log detail',
      levels: {
        debug: 'Detailed (when support asks)',
        info: 'Normal',
        warn: 'Warnings only',
        error: 'Errors only',
      },
      noPersonal: 'Logs and the support file never hold the API key or customers’ personal data.',
      bundle: 'Make a support file',
      making: 'Making…',
      savedTo: 'Saved: {{path}}',
      downloaded: '{{file}} downloaded.',
    },
    saving: 'Saving…',
    saved: 'Saved',
    bar: {
      downloading: 'Downloading an update {{percent}}%',
      ready: 'Update ready — restart when convenient',
      readyHeld: 'Update ready — installs once the current work is done',
    },
  },
};
