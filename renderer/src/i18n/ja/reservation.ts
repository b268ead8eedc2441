/** One reservation: who, what they booked, how they paid, the check-in. */
import { reservationWords } from '../../../../main/ipc/contract';
import { words as common } from './common';

type Printed = typeof reservationWords.en;

/** A reservation's fields as printed too (main/common/words/reservation.ts). */
export const fieldsIn = ({ field }: Printed) => ({
  number: field.number,
  payment: field.payment,
  phone: field.phone,
  email: field.email,
});

/** The check-in's states as printed too, with the people who came. */
export const checkInIn = ({ checkIn }: Printed) => ({
  none: checkIn.none,
  arrived: checkIn.counted(checkIn.arrived, '{{adults}}', '{{children}}'),
  partial: checkIn.counted(checkIn.partial, '{{adults}}', '{{children}}'),
  noShow: checkIn.noShow,
});

/** The service's payment methods as printed too (not the counter's tender: money's). */
export const paymentIn = ({ payment }: Printed) => ({
  on_site: payment.on_site,
  external: payment.external,
  card: payment.card,
  other: payment.other('{{method}}'),
  unknown: payment.unknown,
});

/** How a booking paid on site stands, as printed too (issue 27): templates of the printed words. */
export const paidIn = ({ paid }: Printed) => ({
  toPay: paid.toPay('{{amount}}'),
  toPayUnknown: paid.toPayUnknown,
  partPaid: paid.partPaid('{{owed}}'),
  paid: paid.paid('{{amount}}', '{{how}}', '{{counter}}', '{{time}}'),
  paidOutside: paid.paidOutside,
  paidOnline: paid.paidOnline,
  notOwed: paid.notOwed,
  refundOwed: paid.refundOwed('{{amount}}'),
  collectedTwice: paid.collectedTwice('{{amount}}'),
  unknown: paid.unknown('{{amount}}'),
  unknownNoAmount: paid.unknownNoAmount,
});

export const ja = {
  reservation: {
    title: '予約',
    pendingNotice: 'この予約は承認待ちで、まだ確定していません。',
    inactive: 'この予約は有効ではありません（キャンセル済みなど）。',
    ...fieldsIn(reservationWords.ja),
    product: common.product,
    when: common.when,
    party: common.headcount,
    total: common.total,
    answers: '入力項目の回答',
    changeTitle: '変更・キャンセル',
    change: '日時・人数を変更',
    changeHint:
      '新しい予約を先に取り、取れてから元の予約をキャンセルします。お客様の席がなくなることはありません。',
    extraOf: 'この予約の追加分（別予約）: {{numbers}}',
    extraFor: '{{number}} の追加分として取った予約です。',
    changedTo: 'この予約は {{number}} に変更されました。',
    stillToCancel:
      'この予約は {{number}} への変更で取り直し済みですが、まだキャンセルされていません（要キャンセル）。',
    cancel: common.cancelBooking,
  },
  checkIn: {
    title: common.checkIn,
    current: '現在:',
    ...checkInIn(reservationWords.ja),
    offline: '（オフラインで記録）',
    where: '{{counter}}・{{time}}',
    when: '{{time}}',
    conflict: '{{counter}}で{{time}}にチェックイン済み',
    conflictNoShow: '{{counter}}で{{time}}に不来店として記録済み',
    conflictUndone: '{{counter}}で{{time}}に受付取り消し済み',
    changedElsewhere:
      '{{counter}}で{{time}}に変更されていたため、ここでは記録していません。表示中の状態を確認してから、もう一度操作してください。',
    adults: '来店した大人',
    children: '来店した子ども',
    fewerAdults: common.fewerAdults,
    moreAdults: common.moreAdults,
    fewerChildren: common.fewerChildren,
    moreChildren: common.moreChildren,
    booked: '予約: {{n}} 人',
    all: '全員来店（大人 {{adults}}・子ども {{children}}）',
    recordCounted: 'この人数で記録（大人 {{adults}}・子ども {{children}}）',
    noShowButton: '不来店にする',
    undo: '受付を取り消す',
    more: '予約より {{n}} 人多く来店しています。予約の人数は変更できないため、追加の人数を別の予約として取るか、全員分の予約に取り直します（元の予約は新しい予約ができてからキャンセル）。',
    sellExtra: '予約を変更する（{{n}} 人追加）',
    fewer:
      '予約より少ない人数で記録しました（一部来店）。予約サービスは人数を減らせません。料金を変えるには、人数を減らした新しい予約を取り、できてから元の予約をキャンセルします。',
    changeFewer: '人数を減らした予約に変更する',
  },
  payment: paymentIn(reservationWords.ja),
  paid: paidIn(reservationWords.ja),
};
