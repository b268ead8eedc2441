/** The English of onsite's words (ja/onsite.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/onsite';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  onsite: {
    title: 'Payment on the day',
    due: 'Booking total',
    dueFromRecord: 'The booking record’s amount (the service’s amount is not known yet).',
    recordDiffers: 'The booking record says {{amount}}: the service’s amount is used.',
    unknownMethod:
      'The service does not say how this booking is paid. Ask the guest whether they pay here.',
    collected: 'Taken',
    discounts: 'Discounts',
    stillOwed: 'Still owed',
    checkInAndPay: 'Check in and take {{amount}}',
    checkInAndPayUnknown: 'Check in and take payment',
    pay: 'Take payment {{amount}}',
    payUnknown: 'Take payment',
    starting: common.checking,
    heldBy: '{{counter}} is taking this payment (since {{time}}).',
    unanswered:
      'No answer from {{counters}}. Check with them so that the money is not taken twice.',
    amountNow: 'Amount taken now (¥)',
    amountNowHint: 'To take a part only, change the amount. The rest shows as still owed.',
    partNote: 'The remaining {{amount}} is taken later.',
    discount: 'Give a discount',
    discountAmount: 'Discount (¥)',
    discountReason: 'Why',
    reasonGone: '(this reason is no longer offered)',
    take: 'Take {{amount}}',
    settle: 'Settle with the discount',
    taking: common.recording,
    stop: common.cancel,
    done: 'Took {{amount}}.',
    doneCheckedIn: 'Checked in and took {{amount}}.',
    collectedTwice: 'Taken twice: refund {{amount}} to the guest (it is in the refunds owed).',
    refundOwed: 'Refund owed: {{amount}}.',
    openRefunds: common.refund,
    problems: {
      OVER_OWED: 'More than is still owed cannot be taken. Correct the amount.',
      NOTE_REQUIRED: 'A discount for this reason needs a note.',
      REASON_UNKNOWN: 'This reason is no longer offered. Choose the reason again.',
      NOTHING_TAKEN: 'Enter an amount to take or a discount.',
      TENDER_REQUIRED: 'Choose how the guest pays.',
    },
    slotUnpaid: 'To pay: {{n}} ({{amount}})',
  },
  onsiteClose: {
    title: 'On-site payments',
    storeTitle: 'On-site payments (all counters)',
    taken: 'Taken',
    line: common.countAmount,
    discounts: 'Discounts {{amount}}',
    unpaidTitle: 'Unpaid (bookings of the day paid on site)',
    unpaidLine: common.countAmount,
    none: 'None.',
    unknownAmount: 'amount not known',
    methodNotSaid: 'payment not said',
    noShowsTitle: 'No-shows (unpaid, nothing owed)',
  },
};
