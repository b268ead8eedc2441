/**
 * The e-mails the service sends (spec §6), recorded in an outbox that tests and training read.
 * Only what can be checked is modelled: kind, recipients, subject, locale, a short body.
 */
import type { Locale } from '../../main/api/schemas';
import type { EmailRecord, ReservationRecord, StoreRecord } from '../model';
import type { World } from './world';

type Kind = EmailRecord['kind'];

interface Wording {
  subject: Record<Kind, string>;
  notYetConfirmed: string;
}

/** `{what}` is replaced with product, date and time. Pending subjects carry a marker. */
const WORDING: Record<Locale, Wording> = {
  ja: {
    subject: {
      reservation_confirmed: '【予約確定】{what}',
      reservation_pending: '【仮予約・承認待ち】{what}',
      reservation_approved: '【予約承認】{what}',
      reservation_cancelled: '【予約キャンセル】{what}',
    },
    notYetConfirmed: 'この予約はまだ確定していません。店舗の承認後に確定のご連絡をお送りします。',
  },
  en: {
    subject: {
      reservation_confirmed: 'Booking confirmed: {what}',
      reservation_pending: '[Pending approval] Booking request received: {what}',
      reservation_approved: 'Booking approved: {what}',
      reservation_cancelled: 'Booking cancelled: {what}',
    },
    notYetConfirmed:
      'This booking is not yet confirmed. We will write again once the store approves it.',
  },
  ko: {
    subject: {
      reservation_confirmed: '[예약 확정] {what}',
      reservation_pending: '[승인 대기] 예약 요청 접수: {what}',
      reservation_approved: '[예약 승인] {what}',
      reservation_cancelled: '[예약 취소] {what}',
    },
    notYetConfirmed: '이 예약은 아직 확정되지 않았습니다.',
  },
  'zh-Hans': {
    subject: {
      reservation_confirmed: '【预约确认】{what}',
      reservation_pending: '【待审批】已收到预约申请：{what}',
      reservation_approved: '【预约已批准】{what}',
      reservation_cancelled: '【预约已取消】{what}',
    },
    notYetConfirmed: '此预约尚未确认。',
  },
  'zh-Hant': {
    subject: {
      reservation_confirmed: '【預約確認】{what}',
      reservation_pending: '【待審核】已收到預約申請：{what}',
      reservation_approved: '【預約已核准】{what}',
      reservation_cancelled: '【預約已取消】{what}',
    },
    notYetConfirmed: '此預約尚未確認。',
  },
};

/** Record the e-mail; none when it would have no recipient (approval of a booking without one). */
export function recordEmail(
  world: World,
  store: StoreRecord,
  reservation: ReservationRecord,
  kind: Kind,
): EmailRecord | null {
  const locale = reservation.locale;
  const wording = WORDING[locale];
  const item = reservation.items[0]!;
  const what = `${item.productName} ${item.date} ${item.startTime}`;
  const customerEmail =
    store.customerEmailEnabled && reservation.customer.email ? [reservation.customer.email] : [];
  // The approval notice goes to the customer only (spec §6).
  const to =
    kind === 'reservation_approved' ? customerEmail : [...customerEmail, store.businessEmail];
  if (to.length === 0) return null;
  const lines = [
    `${reservation.customer.lastName} ${reservation.customer.firstName}`.trim(),
    `#${reservation.reservationNumber}`,
    what,
  ];
  if (kind === 'reservation_pending') lines.push(wording.notYetConfirmed);
  const email: EmailRecord = {
    id: world.newId('mail', 'email'),
    sentAt: new Date(world.clock.now()).toISOString(),
    kind,
    to,
    subject: wording.subject[kind].replace('{what}', what),
    body: lines.join('\n'),
    locale,
    reservationId: reservation.id,
  };
  world.state.emails.push(email);
  return email;
}
