/**
 * What the office's books are told of each record (facts.ts, AB56–AB58), pure: payments signed by
 * tender, the tax per rate as the receipt prints it (read back from the receipt's own model), a
 * refund's split pro rata of its sale with the remainder on the largest rate, lines by product and
 * item, stamps, numbers known at send time, the guest's search keys, and never a close's note.
 */
import { describe, expect, it } from 'vitest';
import { BookFacts, NO_FACTS } from '../../../office/protocol/books';
import { auditFacts, factsOf, proRata, type FactsContext } from '../../../main/desk/office/facts';
import { receiptModel } from '../../../main/desk/receipt/model';
import { DEFAULT_MONEY_SETTINGS } from '../../../main/desk/sales/settings';
import { JournalEntryView } from '../../../main/ipc/contract';
import type { AuditRecord, JournalRecord, SaleRecord } from '../../../main/local/index';

const AT = Date.UTC(2026, 10, 24, 1, 0);
const base = (id: string) => ({
  id,
  at: AT,
  businessDate: '2026-11-24',
  counterId: 'c-1',
  counterName: '受付1',
  staff: { id: 'st-1', name: '山本' },
});
type Of<K extends JournalRecord['kind']> = Extract<JournalRecord, { kind: K }>;

const ticket = (
  productId: string,
  name: string,
  unitPrice: number,
  quantity: number,
  rate: number,
) => ({
  productId,
  productName: name,
  date: '2026-12-01',
  startTime: '10:00',
  ticket: 'adult' as const,
  quantity,
  unitPrice,
  taxRate: rate,
});
const tea = (quantity: number) => ({
  itemId: 'tea',
  name: { ja: '緑茶', en: 'Green tea' },
  category: 'drink' as const,
  unitPrice: 130,
  quantity,
  taxRate: 8 as const,
});

/** ¥8,000 at 10 % and ¥3,240 at 8 %; ¥500 off the 8 % line, then 10 % off the sale: ¥9,666. */
const SALE: SaleRecord = {
  ...base('sale-1'),
  kind: 'sale',
  walkInEntryId: 'walkin-1',
  reservationId: null,
  reservationNumber: null,
  customerName: 'ヤマダ タロウ',
  currency: 'JPY',
  items: [ticket('p-1', 'カヤック', 4_000, 2, 10), ticket('p-2', '弁当付きツアー', 3_240, 1, 8)],
  discounts: [],
  total: 9_666,
  tender: [
    { method: 'card', amount: 6_000, received: null, brand: 'VISA', reference: '1234' },
    { method: 'cash', amount: 3_666, received: 4_000, brand: null, reference: null },
  ],
  change: 334,
  counterDiscounts: [
    {
      line: 'p-2:adult',
      kind: 'amount',
      value: 500,
      amount: 500,
      reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
    },
    {
      line: null,
      kind: 'percent',
      value: 10,
      amount: 1_074,
      reason: { id: 'locals', ja: '地元割', en: 'Locals' },
    },
  ],
  servicePrice: 11_240,
  discountNotes: [null, '常連'],
};

const journal = new Map<string, JournalRecord>([[SALE.id, SALE]]);
const context: FactsContext = {
  fallbackRate: 10,
  recordOf: (id) => journal.get(id) ?? null,
  // The queued walk-in was booked after the sale was written: the number the counter knows now.
  bookingOf: (sale) =>
    sale.walkInEntryId === 'walkin-1'
      ? { reservationId: 'res-42', reservationNumber: 'RSV-0042' }
      : null,
  readingsOf: (id) =>
    id === 'res-9' ? ['すずきはなこ'] : id === 'res-42' ? ['ヤマタ タロウ'] : null,
};

/** The facts, checked against the wire's contract as the sender does. */
const facts = (record: JournalRecord) => BookFacts.parse(factsOf(record, context));

/** The sale as the journal lists it (entries.ts), for the receipt's own model. */
function saleView(sale: SaleRecord) {
  return JournalEntryView.parse({
    ...sale,
    amount: sale.total,
    reservationId: null,
    reservationNumber: 'RSV-0042',
    counterDiscounts: sale.counterDiscounts!.map((d) => ({ ...d, note: null })),
    refersTo: null,
    refundReason: null,
    note: null,
    receiptsIssued: 0,
    locked: false,
    problem: null,
  });
}

/** The receipt's tax lines read back: rate, amount, tax. */
async function receiptTaxes(sale: SaleRecord) {
  const model = await receiptModel({
    entry: saleView(sale),
    sale: null,
    settings: DEFAULT_MONEY_SETTINGS,
    storeName: '嵐山店',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    layout: '80mm',
    locale: 'ja',
    reissue: false,
    ryoshusho: null,
    training: false,
    now: AT,
  });
  const yen = (s: string) => Number(s.replace(/[^\d]/g, ''));
  return model.blocks.flatMap((b) =>
    b.kind === 'rows'
      ? b.rows.flatMap((r) => {
          const m = r.kind === 'text' ? /(\d+)%対象 (\S+)\(内消費税 (\S+)\)/.exec(r.text) : null;
          return m ? [{ rate: Number(m[1]), gross: yen(m[2]!), tax: yen(m[3]!) }] : [];
        })
      : [],
  );
}

describe('the facts of money taken', () => {
  it('splits a walk-in’s tax by rate exactly as its receipt prints it', async () => {
    const f = facts(SALE);
    expect(f.taxes).toEqual([
      { rate: 10, gross: 7_200, tax: 654 },
      { rate: 8, gross: 2_466, tax: 182 },
    ]);
    expect(f.taxes).toEqual(await receiptTaxes(SALE));
    expect(f.taxes.reduce((a, t) => a + t.gross, 0)).toBe(SALE.total);
  });

  it('gives a walk-in’s payments by tender with the brand, its lines, discounts, stamps and the number known now', () => {
    const f = facts(SALE);
    expect(f.payments).toEqual([
      { method: 'card', brand: 'VISA', amount: 6_000 },
      // What the method paid, not what the guest handed over.
      { method: 'cash', brand: null, amount: 3_666 },
    ]);
    expect(f.lines).toEqual([
      { kind: 'booking', id: 'p-1', name: 'カヤック', quantity: 2, amount: 8_000 },
      { kind: 'booking', id: 'p-2', name: '弁当付きツアー', quantity: 1, amount: 3_240 },
    ]);
    expect(f).toMatchObject({
      discount: 1_574,
      sale: 'walk_in',
      staff: { id: 'st-1', name: '山本' },
      approvedBy: null,
      refersTo: null,
      reservationNumber: 'RSV-0042',
      cash: null,
      close: null,
      receipt: null,
    });
    // Katakana is keyed as the search keys it (hiragana, no spaces), with the readings the
    // search holds for the booking the walk-in became (its id known only from the outbox).
    expect(f.guest).toEqual({ name: 'ヤマダ タロウ', keys: ['やまだたろう', 'やまたたろう'] });
    // The discount's note stays in the sealed body.
    expect(JSON.stringify(f)).not.toContain('常連');
  });

  it('reads a collection: what is paid of the booking now, its items, its discount', () => {
    const collection: Of<'collection'> = {
      ...base('col-1'),
      kind: 'collection',
      reservationId: 'res-9',
      reservationNumber: 'RSV-0009',
      customerName: '鈴木 花子',
      currency: 'JPY',
      items: [{ ...ticket('p-3', '茶道体験', 5_000, 2, 10) }],
      due: 10_000,
      dueFrom: 'service',
      before: 0,
      discount: { amount: 1_000, reason: 'apology', ja: 'お詫び' },
      note: null,
      total: 9_260,
      tender: [{ method: 'qr', amount: 9_260, received: null, brand: 'PayPay', reference: null }],
      change: 0,
      basis: [],
      goods: [tea(2)],
    };
    const f = facts(collection);
    expect(f.sale).toBe('collection');
    expect(f.reservationNumber).toBe('RSV-0009');
    expect(f.payments).toEqual([{ method: 'qr', brand: 'PayPay', amount: 9_260 }]);
    expect(f.discount).toBe(1_000);
    expect(f.lines).toEqual([
      { kind: 'booking', id: 'p-3', name: '茶道体験', quantity: 2, amount: 9_000 },
      { kind: 'item', id: 'tea', name: '緑茶', quantity: 2, amount: 260 },
    ]);
    expect(f.taxes).toEqual([
      { rate: 10, gross: 9_000, tax: 818 },
      { rate: 8, gross: 260, tax: 19 },
    ]);
    // The kanji name's readings are the ones the search already holds.
    expect(f.guest).toEqual({ name: '鈴木 花子', keys: ['鈴木花子', 'すずきはなこ'] });
    // A later collection of the same booking does not count its tickets again.
    expect(facts({ ...collection, before: 5_000, basis: ['col-0'] }).lines[0]!.quantity).toBe(0);
  });

  it('reads items sold alone: goods, by item, at 8 %', () => {
    const goods: Of<'goods'> = {
      ...base('goods-1'),
      kind: 'goods',
      currency: 'JPY',
      goods: [tea(1), tea(2)],
      total: 390,
      tender: [{ method: 'cash', amount: 390, received: 1_000, brand: null, reference: null }],
      change: 610,
    };
    const f = facts(goods);
    expect(f).toMatchObject({ sale: 'goods', guest: null, reservationNumber: null, discount: 0 });
    expect(f.lines).toEqual([{ kind: 'item', id: 'tea', name: '緑茶', quantity: 3, amount: 390 }]);
    expect(f.taxes).toEqual([{ rate: 8, gross: 390, tax: 28 }]);
  });
});

describe('the facts of money paid back or corrected', () => {
  const refund = (amount: number, refersTo = SALE.id): Of<'refund'> => ({
    ...base(`refund-${amount}`),
    approvedBy: { id: 'mgr-1', name: '店長' },
    kind: 'refund',
    refersTo,
    reason: 'cancelled_here',
    amount,
    tender: [{ method: 'cash', amount, received: null, brand: null, reference: null }],
    note: null,
  });

  it('splits a part refund pro rata of its sale, the remainder on the largest rate, all negative', () => {
    const f = facts(refund(5_000));
    // 5,000 × 7,200 / 9,666 = 3,724.3 and × 2,466 / 9,666 = 1,275.6: the yen left goes to 10 %.
    expect(f.taxes).toEqual([
      { rate: 10, gross: -3_725, tax: -338 },
      { rate: 8, gross: -1_275, tax: -94 },
    ]);
    expect(f.payments).toEqual([{ method: 'cash', brand: null, amount: -5_000 }]);
    expect(f.lines.reduce((a, l) => a + l.amount, 0)).toBe(-5_000);
    expect(f.lines.every((l) => l.quantity === 0 && l.amount < 0)).toBe(true);
    expect(f).toMatchObject({
      refersTo: SALE.id,
      reservationNumber: 'RSV-0042',
      approvedBy: { id: 'mgr-1', name: '店長' },
      sale: null,
      guest: { name: 'ヤマダ タロウ' },
    });
  });

  it('pays back a whole sale as its receipt split it, its tickets negative', () => {
    const f = facts(refund(SALE.total));
    expect(f.taxes).toEqual([
      { rate: 10, gross: -7_200, tax: -654 },
      { rate: 8, gross: -2_466, tax: -182 },
    ]);
    expect(f.lines.map((l) => [l.id, l.quantity])).toEqual([
      ['p-1', -2],
      ['p-2', -1],
    ]);
  });

  it('puts a refund of a sale it does not hold at the store’s rate', () => {
    const f = facts(refund(1_100, 'gone'));
    expect(f.taxes).toEqual([{ rate: 10, gross: -1_100, tax: -100 }]);
    expect(f).toMatchObject({ lines: [], guest: null, reservationNumber: null });
  });

  it('keeps a correction’s signs by tender and splits it as the record it corrects', () => {
    const correction: Of<'correction'> = {
      ...base('corr-1'),
      kind: 'correction',
      refersTo: SALE.id,
      amount: -966,
      tender: [
        { method: 'card', amount: -1_000, received: null, brand: 'VISA', reference: null },
        { method: 'cash', amount: 34, received: null, brand: null, reference: null },
      ],
      note: 'カード金額の誤り',
    };
    const f = facts(correction);
    expect(f.payments).toEqual([
      { method: 'card', brand: 'VISA', amount: -1_000 },
      { method: 'cash', brand: null, amount: 34 },
    ]);
    expect(f.taxes.reduce((a, t) => a + t.gross, 0)).toBe(-966);
    expect(f.taxes.every((t) => t.gross <= 0 && t.tax <= 0)).toBe(true);
    expect(f).toMatchObject({ refersTo: SALE.id, reservationNumber: 'RSV-0042', lines: [] });
    expect(JSON.stringify(f)).not.toContain('誤り');
    // A correction of a refund is split as the refund's sale, and names its booking.
    journal.set('refund-5000', refund(5_000));
    const ofRefund = facts({ ...correction, refersTo: 'refund-5000', amount: 100 });
    expect(ofRefund.taxes.map((t) => t.rate)).toEqual([10, 8]);
    expect(ofRefund.reservationNumber).toBe('RSV-0042');
    journal.delete('refund-5000');
  });
});

describe('the facts of records that move no guest’s money', () => {
  it('gives a cash move its direction, reason and amount, and no payment', () => {
    const f = facts({
      ...base('cash-1'),
      kind: 'cash',
      direction: 'out',
      reason: 'expense',
      amount: 1_200,
      note: '切手代',
    });
    expect(f.cash).toEqual({ direction: 'out', reason: 'expense', amount: 1_200 });
    expect(f).toMatchObject({ payments: [], taxes: [], sale: null });
    expect(JSON.stringify(f)).not.toContain('切手');
  });

  it('gives a close its figures and whether it has a note, never the note', () => {
    const close: Of<'close'> = {
      ...base('close-1'),
      kind: 'close',
      openingFloat: 30_000,
      counted: {} as Of<'close'>['counted'],
      countedCash: 52_000,
      expectedCash: 52_500,
      overShort: -500,
      note: '田中さんに確認',
    };
    const f = facts(close);
    expect(f.close).toEqual({
      countedCash: 52_000,
      expectedCash: 52_500,
      overShort: -500,
      hasNote: true,
    });
    expect(JSON.stringify(f)).not.toContain('田中');
    expect(facts({ ...close, note: '  ' }).close!.hasNote).toBe(false);
  });

  it('names a receipt’s entry and how it was issued (its copy is the receipt model’s: receipt-copy)', () => {
    const f = facts({
      ...base('rcpt-1'),
      kind: 'receipt',
      refersTo: SALE.id,
      reissue: true,
      ryoshusho: true,
    });
    expect(f).toMatchObject({
      refersTo: SALE.id,
      reservationNumber: 'RSV-0042',
      receipt: { reissue: true, ryoshusho: true, copy: null },
      payments: [],
    });
  });

  it('names a drawer open’s entry, and an audit record only who', () => {
    const drawer = facts({
      ...base('drawer-1'),
      kind: 'drawer',
      cause: 'sale',
      entryId: SALE.id,
      note: null,
      staffId: 'st-1',
      pulsed: true,
    });
    expect(drawer).toEqual({ ...NO_FACTS, staff: { id: 'st-1', name: '山本' }, refersTo: SALE.id });
    const audit: AuditRecord = {
      id: 'a-1',
      at: AT,
      businessDate: '2026-11-24',
      counterId: 'c-1',
      kind: 'sign_in',
      action: null,
      ref: null,
      detail: 'pin',
      counterName: '受付1',
      staff: { id: 'st-1', name: '山本' },
      approvedBy: null,
      subject: null,
    };
    expect(BookFacts.parse(auditFacts(audit))).toEqual({
      ...NO_FACTS,
      staff: { id: 'st-1', name: '山本' },
    });
  });
});

describe('the shares', () => {
  it('shares pro rata in whole yen, the remainder on the largest, signed', () => {
    expect(proRata(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(proRata(100, [1, 2])).toEqual([33, 67]);
    expect(proRata(-5_000, [7_200, 2_466])).toEqual([-3_725, -1_275]);
    expect(proRata(100, [0, 0])).toBeNull();
  });
});
