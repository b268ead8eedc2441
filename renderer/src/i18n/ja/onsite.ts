/**
 * A booking paid on site at the counter (issue 27): what it owes, taking it (all or a part, a
 * discount with its reason), another counter taking it, what is owed back; the day's and the
 * close's on-site lines. How a booking stands ("to pay ¥28,500", "paid ¥… (cash, 受付1, 10:42)")
 * is printed too: reservation.ts's `paid`, from main/common/words/reservation.ts. The discount's
 * reasons are the store's list's own words (I13), its note's label money's.
 */
import { words as common } from './common';

export const ja = {
  onsite: {
    title: '当日のお支払い',
    due: 'ご予約金額',
    dueFromRecord: '予約記録の金額です（予約サービスの金額はまだ確認できていません）。',
    recordDiffers: '予約記録の金額 {{amount}} とは違います。予約サービスの金額を使います。',
    unknownMethod:
      '予約サービスが支払い方法を示していません。現地払いかどうかをお客様に確認してください。',
    collected: '受け取り済み',
    discounts: '割引',
    stillOwed: '残り',
    checkInAndPay: '来店受付してお支払い {{amount}}',
    checkInAndPayUnknown: '来店受付してお支払い',
    pay: 'お支払いを受け取る {{amount}}',
    payUnknown: 'お支払いを受け取る',
    starting: common.checking,
    heldBy: '{{counter}}でお支払いを受付中です（{{time}}から）。',
    unanswered:
      '{{counters}} から応答がありません。二重に受け取らないよう、声をかけて確認してください。',
    amountNow: '今回受け取る金額（円）',
    amountNowHint: '一部だけ受け取るときは金額を変えてください。残りは「残り」として表示されます。',
    partNote: '残り {{amount}} は後で受け取ります。',
    discount: '割引する',
    discountAmount: common.yenOff,
    discountReason: common.discountReasons,
    reasonGone: '（この理由はもう使えません）',
    take: '{{amount}} を受け取る',
    settle: '割引で精算する',
    taking: common.recording,
    stop: common.cancel,
    done: '{{amount}} を受け取りました。',
    doneCheckedIn: '来店受付と {{amount}} のお支払いを記録しました。',
    collectedTwice:
      '二重に受け取っています。{{amount}} をお客様に返金してください（返金が必要な一覧にあります）。',
    refundOwed: '{{amount}} の返金が必要です。',
    openRefunds: common.refund,
    problems: {
      OVER_OWED: '残りより多くは受け取れません。金額を直してください。',
      NOTE_REQUIRED: 'この理由の割引にはメモが必要です。',
      REASON_UNKNOWN: 'この割引の理由はもう使えません。理由を選び直してください。',
      NOTHING_TAKEN: '受け取る金額か割引額を入れてください。',
      TENDER_REQUIRED: '支払い方法を選んでください。',
    },
    slotUnpaid: '未収 {{n}} 件 {{amount}}',
  },
  onsiteClose: {
    title: '現地払い',
    storeTitle: '現地払い（全レジ）',
    taken: '受け取り',
    line: common.countAmount,
    discounts: '割引 {{amount}}',
    unpaidTitle: '未収（この日の現地払いの予約）',
    unpaidLine: common.countAmount,
    none: 'ありません。',
    unknownAmount: '金額未確認',
    methodNotSaid: '支払い方法不明',
    noShowsTitle: '不来店（未払い・請求なし）',
  },
};
