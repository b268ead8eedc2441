/**
 * What a booking paid on site owes or was paid, as the printed manifest says it (issue 27): to pay
 * until paid, then paid with how, where and when (in the store's time zone); a part still owed;
 * money owed back — "collected twice" only when two counters took it, else a plain refund owed;
 * nothing added where the payment method says it all (paid outside).
 */
import { describe, expect, it } from 'vitest';
import { paidText, wordsIn } from '../../../main/desk/manifest/words';
import { collectionView, paymentView as payment } from '../../support/payment-view';

const TZ = 'Asia/Tokyo';
/** 10:42 in Kyoto. */
const AT = Date.UTC(2026, 3, 1, 1, 42);
const taken = (over: Parameters<typeof collectionView>[1] = {}) => collectionView(AT, over);

const paid = payment({ state: 'paid', collected: 28_500, stillOwed: 0, collections: [taken()] });
const part = payment({
  state: 'part_paid',
  collected: 20_000,
  stillOwed: 8_500,
  collections: [taken({ amount: 20_000 })],
});
const twice = payment({
  state: 'refund_owed',
  collected: 57_000,
  stillOwed: 0,
  owedBack: 28_500,
  collectedTwice: true,
  collections: [taken(), taken({ id: 'c2', counterName: '受付3', excess: 28_500, mine: false })],
});
const cancelled = payment({
  state: 'refund_owed',
  collected: 28_500,
  stillOwed: 0,
  owedBack: 28_500,
  collections: [taken({ excess: 28_500 })],
});

describe('the manifest says how a booking paid on site stands', () => {
  it('in Japanese', () => {
    const w = wordsIn('ja');
    expect(paidText(w, payment(), TZ)).toBe('未収 ￥28,500');
    expect(paidText(w, payment({ stillOwed: null, due: null }), TZ)).toBe('未収（金額未確認）');
    expect(paidText(w, paid, TZ)).toBe('収受済み ￥28,500（現金・受付1・10:42）');
    expect(paidText(w, part, TZ)).toBe('一部収受・残り ￥8,500');
    expect(paidText(w, twice, TZ)).toBe('二重に収受：￥28,500 の返金が必要');
    expect(paidText(w, cancelled, TZ)).toBe('返金が必要 ￥28,500');
  });

  it('in English; nothing more where the method says it (paid outside)', () => {
    const w = wordsIn('en');
    expect(paidText(w, payment(), TZ)).toBe('To pay ¥28,500');
    expect(paidText(w, paid, TZ)).toBe('Paid ¥28,500 (Cash, 受付1, 10:42)');
    expect(paidText(w, twice, TZ)).toBe('Collected twice: refund ¥28,500 owed');
    expect(paidText(w, cancelled, TZ)).toBe('Refund owed ¥28,500');
    expect(
      paidText(w, payment({ method: 'external', onSite: 'no', state: 'paid_outside' }), TZ),
    ).toBe('');
    expect(paidText(w, undefined, TZ)).toBe('');
  });
});
