/** The status bar, what the counter lost or set aside, the outbox of queued walk-ins. */
import { reservationWords } from '../../../../main/ipc/contract';
import type { Widen } from '../widen';

/** A reservation's status: the printed words (main/common/words/reservation.ts). */
const statusIn = ({ status }: typeof reservationWords.en) => ({
  confirmed: status.confirmed,
  pending: status.pending,
  cancelled: status.cancelled,
  other: status.other('{{status}}'),
});

export const ja = {
  damage: {
    label: '読めなくなった・退避したデータ',
    when: '（{{since}} から）',
    acknowledge: '確認しました — この通知を閉じる',
    outbox_set_aside: {
      what: '送信待ちのウォークインのファイルが読めなくなり、退避しました。',
      todo: 'この端末で受け付けたウォークインが含まれ、予約されていない可能性があります。予約サービスの管理画面で、{{since}} 以降にこの端末で受け付けたウォークインそれぞれの予約があるか確認し、ないものは受け付け直してください。下の件数にはこれらは含まれていません。',
    },
    checkins_lost: {
      what: '{{date}} のチェックイン記録 {{count}} 件が読めなくなり、失われました。',
      todo: 'その日のほかのチェックインは残っています。当日の一覧を見て、チェックイン済みと表示されなくなった来店を記録し直してください。',
    },
    cache_rebuilt: {
      what: '保存済みの予約 {{count}} 件が読めませんでした。',
      todo: '予約サービスから取り直しています。同期が終わるまで、当日の一覧に出ない予約があるかもしれません。検索するか、少しお待ちください。',
    },
    key_changed: {
      what: '保存データの暗号鍵が変わりました（システムのキーリングがリセットされた場合など）。',
      todo: '保存済みの予約を予約サービスから取り直しています（進み具合は下に表示）。設定とチェックインはそのままです。読めない送信待ちのウォークインは「要確認」として表示されます。',
    },
    service_records_unreadable: {
      what: '予約サービスから届いた予約 {{count}} 件をこの端末で読み取れませんでした。',
      todo: 'これらは当日の一覧に表示されません（ほかの予約は表示されています）。予約サービスの管理画面で確認し（ID: {{reference}}）、端末の管理者に伝えてください。サービス側の仕様が変わった可能性があります。',
    },
    file_set_aside: {
      what: '保存ファイル {{count}} 件が読めなくなり、退避しました。',
      todo: 'このデータは自動で取り直します。この通知が繰り返し出る場合はディスクの故障かもしれません。このパソコンの管理者に伝えてください。',
    },
  },
  statusBar: {
    label: '接続と同期の状態',
    link: {
      online: 'オンライン',
      degraded: '接続が不安定',
      offline: 'オフライン — 保存済みのデータを表示中',
    },
    age: 'データ更新: {{age}}（{{time}}）',
    from: {
      age: '{{name}} から: データ更新 {{age}}（{{time}}）',
      waiting: '{{name}} の初回同期を待っています',
      noAnswer: '{{name}} から応答がありません — {{time}} 時点のデータを表示中',
      noAnswerNever: '{{name}} から応答がありません — まだデータがありません',
      badAnswer: '{{name}} のデータを読み取れません — {{time}} 時点のデータを表示中',
    },
    neverSynced: 'まだ同期していません',
    notConnected: '未接続 — API キーを設定するか、トレーニングモードを試してください',
    firstSync: '初回同期中',
    syncRecords: '{{records}} 件取得',
    syncLeft: '残り約 {{seconds}} 秒',
    rateQueued: '通信待ち {{n}} 件',
    clock: {
      slow: 'このパソコンの時計が{{amount}}遅れています',
      fast: 'このパソコンの時計が{{amount}}進んでいます',
      service: '— 予約サービスの時刻で動いています。パソコンの時刻設定を直してください',
      counter: '— {{name}} の時刻で動いています。パソコンの時刻設定を直してください',
      minutes: '{{n}} 分',
      hours: '{{n}} 時間',
      days: '{{n}} 日',
    },
    outbox: '送信待ちの受付: {{waiting}} 件・要確認 {{attention}} 件',
    outboxDamaged:
      '送信待ちの受付: {{waiting}} 件・要確認 {{attention}} 件 — ほかに退避したファイルの中にもある可能性があります（上の通知を参照）',
    news: {
      booked: '{{name}} 様の当日受付を送信しました: 予約番号 {{number}}',
      bookedPending:
        '{{name}} 様の当日受付を送信しました: 予約番号 {{number}} — 承認待ち・未確定です',
      refused: '{{name}} 様の当日受付は予約できませんでした — 理由を確認してください',
      needs_review: '{{name}} 様の当日受付は要確認です — 予約されたか確認してください',
      unreadable: '送信待ちの受付を読み取れず、送信しません — 確認することを表示します',
      dismiss: 'お知らせを閉じる',
    },
  },
  status: statusIn(reservationWords.ja),
  outbox: {
    title: '送信待ちの受付',
    explain:
      'オフライン中や通信エラーの間に受け付けた当日受付です。回線が戻ると同じ内容で一度だけ送信されます。',
    empty: '送信待ちの受付はありません。',
    party: '大人 {{adults}}・子ども {{children}}',
    created: '受付 {{time}}',
    number: '予約番号 {{number}}',
    lastError: '前回の送信: {{error}}（{{attempts}} 回試行）',
    state: {
      queued: '送信待ち — まだ予約されていません',
      sending: '送信中 — まだ確定していません',
      booked: '予約済み',
      bookedPending: '予約済み — 承認待ち・未確定',
      refused: '予約できませんでした',
      needs_review:
        '要確認 — 予約されたか不明です。管理画面で確認してから再送か破棄を選んでください',
      discarded: '破棄済み',
      unreadable: '要対応 — 読み取れません',
    },
    /** お客様情報を開けない受付、またはファイルが壊れた受付。 */
    unreadable: {
      sealed:
        'この受付のお客様情報を読み取れなくなりました（端末の暗号鍵が変わったか、記録が書き換えられました）。この受付は送信されません。',
      damaged:
        'この記録は壊れています。表示している内容も正しくない可能性があります。この受付は送信されません。',
      file: '送信待ちの受付が 1 件失われました。ファイル（{{file}}）が壊れていて読み取れません（{{time}} に検出）。この受付は送信されません。',
      maySent: '送信中だったため、予約が作成されている可能性があります。',
      check:
        '管理画面で、この枠に {{time}} ごろ予約が作成されたか確認してください。作成されていなければ、もう一度受付してください。',
      checkFile:
        '管理画面で、この端末で {{time}} より前に受け付けた当日受付が予約されているか確認し、抜けているものはもう一度受付してください。',
      settle: '対応済みにする',
      settleQuestion: 'この受付を対応済みにしますか？ 送信されず、一覧から外れます。',
      settleYes: '対応済みにする',
    },
    counter: '端末 {{counter}}',
    amount: '金額 {{amount}}',
    key: 'Idempotency-Key {{key}}',
    retry: '再送する',
    discard: '破棄する',
    discardQuestion: '{{name}} 様の受付を破棄しますか？ この受付は送信されません。',
    discardYes: '破棄する',
    discardNo: '破棄しない',
  },
};

export const en: Widen<typeof ja> = {
  damage: {
    label: 'Data the counter lost or set aside',
    when: '(since {{since}})',
    acknowledge: 'Understood — hide this notice',
    outbox_set_aside: {
      what: 'A file of queued walk-ins could not be read and was set aside.',
      todo: 'Walk-ins taken at this counter may be in it and may NOT have been booked. In the service’s admin, check that each walk-in taken here since {{since}} has a booking; take again any that has none. The counts below do not include them.',
    },
    checkins_lost: {
      what: '{{count}} check-in record(s) of {{date}} could not be read and were lost.',
      todo: 'The other check-ins of that day are kept. Look at the day’s list and record again the arrivals that no longer show as checked in.',
    },
    cache_rebuilt: {
      what: '{{count}} saved reservation(s) could not be read.',
      todo: 'They are being fetched again from the service. Until the sync finishes, a reservation may be missing from the day view: search for it, or wait a moment.',
    },
    key_changed: {
      what: 'The encryption key of the saved data changed (for example after the system’s keyring was reset).',
      todo: 'Saved reservations are being fetched again from the service (progress below). Set-up and check-ins are kept. Queued walk-ins that cannot be read are listed as needing attention.',
    },
    service_records_unreadable: {
      what: '{{count}} reservation(s) the service sent could not be read by this counter.',
      todo: 'They are not shown in the day view; every other reservation is. Look them up in the service’s admin (ids: {{reference}}) and tell whoever looks after the counter: the service may have changed.',
    },
    file_set_aside: {
      what: '{{count}} saved file(s) could not be read and were set aside.',
      todo: 'The counter fetches this data again by itself. If this notice keeps coming back, the disk may be failing: tell whoever looks after this computer.',
    },
  },
  statusBar: {
    label: 'Connection and sync',
    link: {
      online: 'Online',
      degraded: 'Connection unstable',
      offline: 'Offline — showing saved data',
    },
    age: 'Data updated {{age}} ({{time}})',
    from: {
      age: 'From {{name}}: data updated {{age}} ({{time}})',
      waiting: 'Waiting for {{name}}’s first sync',
      noAnswer: '{{name}} is not answering — showing data as of {{time}}',
      noAnswerNever: '{{name}} is not answering — no data yet',
      badAnswer: '{{name}}’s data could not be read — showing data as of {{time}}',
    },
    neverSynced: 'Not synced yet',
    notConnected: 'Not connected — set up an API key or try training mode',
    firstSync: 'First sync',
    syncRecords: 'records: {{records}}',
    syncLeft: 'about {{seconds}} s left',
    rateQueued: 'waiting for the service: {{n}}',
    clock: {
      slow: 'This PC’s clock is {{amount}} slow',
      fast: 'This PC’s clock is {{amount}} fast',
      service: '— the counter uses the service’s time; please set this PC’s clock right',
      counter: '— the counter uses {{name}}’s time; please set this PC’s clock right',
      minutes: '{{n}} min',
      hours: '{{n}} h',
      days: '{{n}} day(s)',
    },
    outbox: 'Queued walk-ins: {{waiting}} waiting, {{attention}} need attention',
    outboxDamaged:
      'Queued walk-ins: {{waiting}} waiting, {{attention}} need attention — and more may be in a file set aside (see the notice above)',
    news: {
      booked: 'Queued walk-in of {{name}} sent: reservation no. {{number}}',
      bookedPending:
        'Queued walk-in of {{name}} sent: reservation no. {{number}} — pending approval, not confirmed',
      refused: 'Queued walk-in of {{name}} could not be booked — see why',
      needs_review: 'Queued walk-in of {{name}} needs a check — was it booked?',
      unreadable: 'A queued walk-in cannot be read and will not be sent — see what to check',
      dismiss: 'Dismiss this notice',
    },
  },
  status: statusIn(reservationWords.en),
  outbox: {
    title: 'Queued walk-ins',
    explain:
      'Walk-ins taken while offline or during a connection error. Each is sent exactly once, unchanged, when the link returns.',
    empty: 'No queued walk-ins.',
    party: 'adults {{adults}}, children {{children}}',
    created: 'taken at {{time}}',
    number: 'No. {{number}}',
    lastError: 'Last attempt: {{error}} (attempts: {{attempts}})',
    state: {
      queued: 'Queued — not yet booked',
      sending: 'Sending — not confirmed yet',
      booked: 'Booked',
      bookedPending: 'Booked — pending approval, not confirmed',
      refused: 'Could not be booked',
      needs_review:
        'Check needed — not known whether it was booked. Check the admin screen, then retry or discard',
      discarded: 'Discarded',
      unreadable: 'Needs attention — unreadable',
    },
    /** An entry whose customer details cannot be opened, or whose file was damaged. */
    unreadable: {
      sealed:
        "This walk-in's customer details can no longer be read (the counter's encryption key changed, or the record was altered). It will not be sent.",
      damaged: 'This record was damaged: the details shown may be wrong too. It will not be sent.',
      file: 'A queued walk-in was lost: its file ({{file}}) was damaged and could not be read, found at {{time}}. It will not be sent.',
      maySent: 'It was being sent, so the booking may have been made.',
      check:
        "Check in the service's admin screen whether a booking for this slot was made at {{time}}; if not, take the walk-in again.",
      checkFile:
        "Check in the service's admin screen which walk-ins taken on this counter before {{time}} were booked; take again any that are missing.",
      settle: 'Mark settled',
      settleQuestion: 'Mark this walk-in settled? It will not be sent, and leaves this list.',
      settleYes: 'Mark settled',
    },
    counter: 'counter {{counter}}',
    amount: 'amount {{amount}}',
    key: 'Idempotency-Key {{key}}',
    retry: 'Retry',
    discard: 'Discard',
    discardQuestion: 'Discard the walk-in of {{name}}? It will not be sent.',
    discardYes: 'Discard it',
    discardNo: 'Keep it',
  },
};
