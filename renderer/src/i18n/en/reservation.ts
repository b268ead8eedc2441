/** The English of reservation's words (ja/reservation.ts, the source): fetched when staff choose English. */
import { reservationWords } from '../../../../main/ipc/contract';
import { fieldsIn, checkInIn, paymentIn, paidIn, type ja } from '../ja/reservation';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  reservation: {
    title: 'Reservation',
    pendingNotice: 'This booking is waiting for approval and is not confirmed yet.',
    inactive: 'This booking is not active (cancelled or similar).',
    ...fieldsIn(reservationWords.en),
    product: common.product,
    when: common.when,
    party: common.headcount,
    total: common.total,
    answers: 'Answers',
    changeTitle: 'Changes and cancellation',
    change: 'Change time or headcount',
    changeHint:
      'The new booking is made first; the old one is cancelled only once it stands. The guest never loses the seat.',
    extraOf: 'Extra seats of this booking (separate bookings): {{numbers}}',
    extraFor: 'Booked as extra seats of {{number}}.',
    changedTo: 'This booking was changed to {{number}}.',
    stillToCancel:
      'This booking was replaced by {{number}} but is NOT cancelled yet (still to cancel).',
    cancel: common.cancelBooking,
  },
  checkIn: {
    title: common.checkIn,
    current: 'Now:',
    ...checkInIn(reservationWords.en),
    offline: '(recorded offline)',
    where: 'at {{counter}}, {{time}}',
    when: 'at {{time}}',
    conflict: 'Already checked in at {{counter}}, {{time}}',
    conflictNoShow: 'Already marked no-show at {{counter}}, {{time}}',
    conflictUndone: 'Check-in already undone at {{counter}}, {{time}}',
    changedElsewhere:
      'Changed at {{counter}}, {{time}} meanwhile: nothing was recorded here. Check the state shown and try again.',
    adults: 'Adults here',
    children: 'Children here',
    fewerAdults: common.fewerAdults,
    moreAdults: common.moreAdults,
    fewerChildren: common.fewerChildren,
    moreChildren: common.moreChildren,
    booked: 'Booked: {{n}}',
    all: 'Everyone arrived (adults {{adults}}, children {{children}})',
    recordCounted: 'Record these numbers (adults {{adults}}, children {{children}})',
    noShowButton: 'Mark as no-show',
    undo: 'Undo check-in',
    more: 'More people than booked: {{n}}. A booking’s headcount cannot be changed: book the extra people separately, or book everyone again (the old booking is cancelled only once the new one is made).',
    sellExtra: 'Change the booking ({{n}} more)',
    fewer:
      'Recorded fewer people than booked (partly arrived). The service cannot reduce a booking: to change the price, a new booking for fewer people is made first, then the old one is cancelled.',
    changeFewer: 'Change to a booking for fewer people',
  },
  payment: paymentIn(reservationWords.en),
  paid: paidIn(reservationWords.en),
};
