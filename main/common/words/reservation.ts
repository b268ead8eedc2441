/**
 * A reservation as staff read it, on screen and on paper: the names of its fields, its status, the
 * Reservation Service's payment method (how the guest pays the booking — not the counter's tender,
 * which is money's), the check-in and custom-field answers. The renderer's catalogue takes these
 * through the IPC contract (main/ipc/contract/words.ts).
 *
 * Texts with values take strings as well as numbers: the renderer makes its i18next template by
 * passing the placeholder ('{{adults}}'), so the phrase is still written once.
 */
import type { Widen } from './locale';

type Value = string | number;

const partyJa = (adults: Value, children: Value) => `大人 ${adults}・子ども ${children}`;
const partyEn = (adults: Value, children: Value) => `adults ${adults}, children ${children}`;

export const ja = {
  field: {
    number: '予約番号',
    name: 'お名前',
    adults: '大人',
    children: '子ども',
    status: '状態',
    payment: '支払い方法',
    phone: '電話番号',
    email: 'メール',
    checkIn: '来店',
  },
  party: partyJa,
  status: {
    confirmed: '確定',
    pending: '承認待ち — 未確定',
    cancelled: 'キャンセル済み',
    other: (status: string) => `状態: ${status}`,
  },
  payment: {
    on_site: '現地払い',
    external: '支払い済み（店頭・外部）',
    card: 'カード（予約サイト）',
    other: (method: string) => `支払い: ${method}`,
    unknown: '不明',
  },
  /**
   * What a booking paid on site owes and what was taken (issue 27): the reservation screen, the
   * day view, the manifest. `how` is money's method names, `counter` a counter's name.
   */
  paid: {
    toPay: (amount: Value) => `未収 ${amount}`,
    toPayUnknown: '未収（金額未確認）',
    partPaid: (owed: Value) => `一部収受・残り ${owed}`,
    paid: (amount: Value, how: string, counter: string, time: string) =>
      `収受済み ${amount}（${how}・${counter}・${time}）`,
    paidOutside: '外部で支払い済み',
    paidOnline: '予約サイトで支払い済み',
    notOwed: 'お支払いなし',
    refundOwed: (amount: Value) => `返金が必要 ${amount}`,
    collectedTwice: (amount: Value) => `二重に収受：${amount} の返金が必要`,
    unknown: (amount: Value) => `支払い方法不明 — 現地払いなら ${amount}`,
    unknownNoAmount: '支払い方法不明',
  },
  checkIn: {
    none: '未来店',
    arrived: '来店済み',
    partial: '一部来店',
    noShow: '不来店',
    /** A state with the people who came: 来店済み（大人 2・子ども 1）. */
    counted: (state: string, adults: Value, children: Value) =>
      `${state}（${partyJa(adults, children)}）`,
  },
  answer: {
    /** A participant's answer (the first is person 1 too). */
    person: (n: Value, label: string, value: string) => `${n}人目 ${label}: ${value}`,
    /** An answer asked of the representative only. */
    booker: (label: string, value: string) => `代表者 ${label}: ${value}`,
  },
};

export const en: Widen<typeof ja> = {
  field: {
    number: 'Reservation no.',
    name: 'Name',
    adults: 'Adults',
    children: 'Children',
    status: 'Status',
    payment: 'Payment',
    phone: 'Phone',
    email: 'E-mail',
    checkIn: 'Check-in',
  },
  party: partyEn,
  status: {
    confirmed: 'Confirmed',
    pending: 'Pending — not confirmed',
    cancelled: 'Cancelled',
    other: (status) => `Status: ${status}`,
  },
  payment: {
    on_site: 'Pay on site',
    external: 'Paid (at the counter / outside)',
    card: 'Card (booking site)',
    other: (method) => `Payment: ${method}`,
    unknown: 'Unknown',
  },
  paid: {
    toPay: (amount) => `To pay ${amount}`,
    toPayUnknown: 'To pay (amount not known yet)',
    partPaid: (owed) => `Part paid, still owed ${owed}`,
    paid: (amount, how, counter, time) => `Paid ${amount} (${how}, ${counter}, ${time})`,
    paidOutside: 'Paid outside',
    paidOnline: 'Paid online (booking site)',
    notOwed: 'Nothing to pay',
    refundOwed: (amount) => `Refund owed ${amount}`,
    collectedTwice: (amount) => `Collected twice: refund ${amount} owed`,
    unknown: (amount) => `Payment not known — ${amount} if paid on site`,
    unknownNoAmount: 'Payment not known',
  },
  checkIn: {
    none: 'Not arrived',
    arrived: 'Arrived',
    partial: 'Partly arrived',
    noShow: 'No-show',
    counted: (state, adults, children) => `${state} (${partyEn(adults, children)})`,
  },
  answer: {
    person: (n, label, value) => `Person ${n} ${label}: ${value}`,
    booker: (label, value) => `Representative ${label}: ${value}`,
  },
};

/** The status words the counter has; another status (the service may add some) is shown raw. */
export type StatusWord = 'confirmed' | 'pending' | 'cancelled';

/** Which status word a service's status is read as; null: one the counter does not know. */
export function statusWordOf(status: string): StatusWord | null {
  if (status === 'confirmed' || status === 'pending') return status;
  if (status === 'cancelled' || status === 'canceled') return 'cancelled';
  return null;
}

/** The service's payment methods the counter has a word for. */
export type PaymentWord = 'on_site' | 'external' | 'card';

/** Which word a reservation's payment method is read as; null: another (shown raw) or none. */
export function paymentWordOf(method: string): PaymentWord | null {
  if (method === 'on_site' || method === 'external' || method === 'card') return method;
  return method === 'credit_card' ? 'card' : null;
}
