/** The English of change's words (ja/change.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/change';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  change: {
    title: 'Change a booking (time, headcount)',
    explain:
      'The reservation service cannot change a booking’s time or headcount. The new booking is made first; the old one is cancelled only once it stands. If the new one cannot be made, the old one stays as it is.',
    numberShort: common.number,
    when: 'New time',
    date: 'Date',
    time: common.slotTime,
    noSlots: common.noSlots,
    current: '(current booking)',
    extraTitle: '{{n}} more people',
    kindExtra: 'Book the {{n}} extra people separately',
    kindExtraHint: '— the booking stays as it is; no fee',
    kindWhole: 'Book everyone ({{n}}) again',
    kindWholeHint: '— then the old booking is cancelled',
    fewerExplain:
      'The service cannot reduce a booking. A new booking for fewer people is made first, then the old one is cancelled.',
    carried: 'The answers of those booked ({{n}}) are carried over.',
    leftBehind: 'The answers of people {{from}}–{{to}} are not carried over.',
    reason: 'Why the old booking is cancelled',
    quoting: 'Checking seats, price and fee…',
    quoteTitle: 'Seats and price',
    noRoom: 'This slot has no room.',
    oldKept: 'The old booking stays (it is not cancelled unless the new one is made).',
    pending:
      'This product needs the store’s approval. The new booking will be PENDING, not confirmed.',
    keepUntilApproved:
      'Keep the old booking until the new one is approved (then it is cancelled by itself)',
    goAheadPending: 'Cancel the old booking now',
    goAheadWarning:
      'Warning: if the new booking is not approved, the guest is left without a confirmed booking.',
    newPrice: 'New booking’s price',
    oldFee: 'Old booking’s cancellation fee',
    oldRefund: 'Old booking’s refund',
    credit: 'Applied from the money taken at this counter',
    refundNotHere:
      'The refund of {{amount}} is not money taken at this counter: the store refunds it by hand.',
    refundLater:
      'The old booking’s refund of {{amount}} shows in the refunds owed once the old booking is cancelled.',
    collect: 'Collect the difference: {{amount}}',
    handBack: 'Hand back the difference: {{amount}}',
    nothingToPay: 'No difference to pay',
    handBackBy: 'Hand back by',
    sendConfirmation: 'Send the guest a confirmation of the new booking',
    confirm: 'Change the booking',
    confirmExtra: 'Book the extra seats',
    confirming: 'Changing…',
    outcome: {
      not_sent: 'Nothing sent',
      creating: 'Sending the new booking',
      create_queued: 'Not booked yet (queued)',
      refused: 'The new booking could not be made',
      abandoned: 'New booking dropped (the old one stays)',
      waiting_approval: 'New booking pending approval — the old one is kept',
      cancelling: 'Cancelling the old booking',
      to_cancel: 'Still to cancel: the old booking is still active',
      done: 'Changed',
      linked: 'Extra seats booked',
      dismissed: 'Both bookings kept',
      unreadable: 'The record of this change cannot be read',
    },
    newNumber: 'New booking: {{number}}',
    oldCancelled: 'The old booking {{number}} is cancelled.',
    pendingNotConfirmed: 'The new booking is pending approval, NOT confirmed.',
    linkedTo: 'Booked separately as extra seats of {{number}}. The first booking stays as it is.',
    stillToCancel: 'The new booking stands. The old booking {{number}} is NOT cancelled yet.',
    retryingByItself: 'It is tried again by itself when the link is back.',
    retryByHand: 'Press Retry, or cancel it in the service’s admin screen.',
    queuedExplain:
      'The link dropped: the new booking is not made yet. The old booking stands. It is sent by itself when the link is back, and the old one is cancelled once it is made.',
    refusedExplain: 'The service refused the new booking. The old booking stands. Why:',
    waitingExplain:
      'Once the new booking is approved, the old one is cancelled by itself. If it is not approved, the old one stays.',
    noMoneyTaken: 'No money is taken: give back anything handed over.',
    collected: 'The difference of {{amount}} is recorded.',
    handBackNow: 'Hand back',
    refundWaits:
      'The refund of the old booking ({{amount}}) is recorded once the old booking is cancelled.',
    retry: common.retry,
    otherTime: 'Choose another time',
    openNew: 'Open the new booking',
    openList: 'Booking changes',
    listTitle: 'Booking changes',
    listExplain:
      'The new booking is made first, then the old one is cancelled. "Still to cancel": the old booking is still active.',
    listEmpty: 'No booking changes.',
    rowChange: '{{from}} → {{to}}',
    rowExtra: '{{from}} + extra {{to}}',
    moneyOpen: '(difference not settled)',
    lastFailure: 'Last error:',
    keepBoth: 'Keep both bookings',
    keepBothWarn:
      'The guest will keep two active bookings. Check them in the service’s admin screen. Keep both?',
    settleUnreadable: 'Mark as checked',
    settleUnreadableWarn:
      'This change’s record cannot be read. Check in the service’s admin screen that the guest does not have two active bookings before marking it checked.',
    confirmKeep: 'Yes, mark it done',
    notNow: common.cancel,
    banner: '{{count}} booking change(s) still to cancel (the old booking is still active).',
  },
};
