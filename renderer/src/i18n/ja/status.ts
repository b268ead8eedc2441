/** The status bar, what the counter lost or set aside, the outbox of queued walk-ins. */
import { reservationWords } from '../../../../main/ipc/contract';
import { words as common } from './common';

/** A reservation's status: the printed words (main/common/words/reservation.ts). */
export const statusIn = ({ status }: typeof reservationWords.en) => ({
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
      offline: common.offline,
    },
    /** Offline, beside the link: what the screens show. */
    savedData: '保存済みのデータを表示中',
    age: common.dataAge,
    from: {
      waiting: '{{name}} の初回同期を待っています',
      noAnswer: '{{name}} から応答がありません — {{time}} 時点のデータを表示中',
      noAnswerNever: '{{name}} から応答がありません — まだデータがありません',
      badAnswer: '{{name}} のデータを読み取れません — {{time}} 時点のデータを表示中',
    },
    /** What does not fit on the bar's line, behind one button (AC1). */
    more: {
      button: 'ほか {{count}} 件',
      label: '状態の詳細',
      close: '閉じる',
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
    outbox: '送信待ち {{waiting}} 件・要確認 {{attention}} 件',
    outboxDamaged: '送信待ち {{waiting}} 件・要確認 {{attention}} 件・ほかに退避分あり（上の通知）',
    news: {
      booked: '{{name}} 様の当日受付を送信: 予約番号 {{number}}',
      bookedPending: '{{name}} 様の当日受付を送信: 予約番号 {{number}} — 承認待ち・未確定です',
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
    party: common.party,
    created: '受付 {{time}}',
    number: common.number,
    lastError: '前回の送信: {{error}}（{{attempts}} 回試行）',
    state: {
      queued: common.queued,
      sending: '送信中 — まだ確定していません',
      booked: common.booked,
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
