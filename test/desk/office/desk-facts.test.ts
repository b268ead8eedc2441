/**
 * The books' facts from a real desk (AB56–AB59) against the fake office in-process: items sold at
 * 10 % and 8 % arrive with the tax the receipt printed, the receipt's record with the copy the
 * printer drew (its tax lines the same), a part refund split pro rata with the remainder on the
 * largest rate, every record stamped with who was signed in, and each batch with the counter's
 * status (who is on the till, today, nothing left to send).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../../sandbox/scenario/demo';
import type { OfficeRecord } from '../../../office/protocol/wire';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { randomUUID } from 'node:crypto';
import {
  cutLink,
  LATER,
  memorySecrets,
  P,
  restoreLink,
  setUp,
  startHarness,
  TODAY,
  type Harness,
} from '../support';
import { quickHasher, staffStore } from '../staff/support';
import { IDLE_MS } from '../../../main/desk/office/sender';
import type { CounterStatus } from '../../../office/protocol/books';
import { owedForRefusedWalkIn } from '../items/support';
import { makeCa } from './certs';
import { FakeOffice } from './fake-office';

const CA = makeCa();
const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

const item = (ja: string, price: number, rate: 8 | 10) =>
  ({
    id: null,
    name: { ja, en: ja },
    price,
    rate,
    category: rate === 8 ? 'drink' : 'rental',
    active: true,
  }) as const;

/** `bookings`: the demo's day of bookings in the sandbox; without, its catalogue only (quicker). */
async function enrolledDesk({ bookings = false } = {}) {
  const office = new FakeOffice();
  office.caPem = CA.caPem;
  const clock = new FakeClock();
  const h = await startHarness({
    ...(bookings ? {} : { sandbox: { scenario: demoCatalogue() } }),
    desk: {
      officeSecrets: memorySecrets(),
      office: { connect: office.ports(), clock, random: () => 0.5 },
      pinHasher: quickHasher(),
    },
  });
  harnesses.push(h);
  await h.desk.start();
  await setUp(h);
  // The owner claims the store and stays signed in: every record is stamped with them.
  await staffStore(h, h.sb.key('org-facility'));
  await h.call('office.enrol', { url: 'office.example.jp', code: office.code() });
  return { h, office, clock };
}

const journalOf = (office: FakeOffice, kind: string): OfficeRecord[] =>
  [...office.records.values()].filter((r) => r.stream === 'journal' && r.kind === kind);

/** A receipt's tax lines as printed (the page's, or the copy's rows). */
const TAX_LINE = /※?\d+%対象 ￥[\d,]+\(内消費税 ￥[\d,]+\)/g;

describe('the books’ facts from a desk', () => {
  it('sends the receipt’s tax split, the receipt’s copy, a refund’s split, stamps and the status', async () => {
    const { h, office } = await enrolledDesk();
    const umbrella = (await h.call('items.save', item('傘レンタル', 300, 10))).id;
    const tea = (await h.call('items.save', item('緑茶', 130, 8))).id;
    const sold = await h.call('items.sell', {
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 2 },
      ],
      tender: { lines: [{ method: 'cash', amount: 560, received: 1_000 }] },
    });
    const printed = await h.call('receipt.get', { entryId: sold.id, purpose: 'print' });
    await h.call('refund.record', {
      saleId: sold.id,
      reason: 'other',
      paid: { lines: [{ method: 'cash', amount: 300, received: null }], note: '傘の返却' },
    });
    await waitFor(() => journalOf(office, 'refund').length === 1, 'the refund at the office');

    // The sale: the tax per rate the receipt printed, one rounding each.
    const [sale] = journalOf(office, 'goods');
    expect(sale!.facts).toMatchObject({
      sale: 'goods',
      payments: [{ method: 'cash', brand: null, amount: 560 }],
      taxes: [
        { rate: 10, gross: 300, tax: 27 },
        { rate: 8, gross: 260, tax: 19 },
      ],
      lines: [
        { kind: 'item', id: umbrella, name: '傘レンタル', quantity: 1, amount: 300 },
        { kind: 'item', id: tea, name: '緑茶', quantity: 2, amount: 260 },
      ],
      staff: { name: 'オーナー' },
    });
    const printedTaxes = printed.html.match(TAX_LINE);
    expect(printedTaxes).toEqual(['10%対象 ￥300(内消費税 ￥27)', '※8%対象 ￥260(内消費税 ￥19)']);

    // The receipt's record: how it was issued, and the copy the printer drew, its tax lines the same.
    const [receipt] = journalOf(office, 'receipt');
    const copy = receipt!.facts!.receipt!.copy!;
    expect(receipt!.facts!.receipt).toMatchObject({ reissue: false, ryoshusho: false });
    expect(receipt!.facts!.refersTo).toBe(sold.id);
    const rows = copy.blocks.flatMap((b) => (b.kind === 'rows' ? b.rows : []));
    const copyTaxes = rows.flatMap((r) =>
      r.kind === 'text' ? (r.text.match(TAX_LINE) ?? []) : [],
    );
    expect(copyTaxes).toEqual(printedTaxes);
    expect(copy).toMatchObject({ locale: 'ja', title: 'レシート' });
    // The code's modules stay at the counter: only its text travels.
    expect(JSON.stringify(copy)).not.toContain('modules');

    // The refund: money back and its tax negative, 300 of 560 pro rata (161 + 139), the yen left
    // on the largest rate; its note stays sealed.
    const [refund] = journalOf(office, 'refund');
    expect(refund!.facts).toMatchObject({
      refersTo: sold.id,
      payments: [{ method: 'cash', brand: null, amount: -300 }],
      taxes: [
        { rate: 10, gross: -161, tax: -14 },
        { rate: 8, gross: -139, tax: -10 },
      ],
    });
    expect(JSON.stringify(refund!.facts)).not.toContain('返却');

    // Each batch says how the counter is: today, not closed, the owner on the till.
    const last = office.batches.at(-1)!.status;
    expect(last).toMatchObject({
      businessDate: TODAY,
      dayClosed: false,
      toSend: 0,
      staffOnTill: { name: 'オーナー' },
      onsiteUnpaid: { count: expect.any(Number) as number },
    });
    // Audit records (the owner's sign-in) go with who did it only.
    const audit = [...office.records.values()].find((r) => r.stream === 'audit');
    expect(audit?.facts).toMatchObject({ payments: [], taxes: [], receipt: null });
  });

  it('sends a walk-in queued offline without its number, and the receipt printed once booked with it', async () => {
    const { h, office } = await enrolledDesk();
    await h.call('day.get', { date: LATER });
    cutLink(h.sb);
    let queued: { saleId?: string | null; entryId: string; outcome: string };
    try {
      queued = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 2,
        children: 0,
        participants: [],
        customer: { lastName: 'ヤマダ' },
        sendConfirmationEmail: false,
        locale: 'ja',
        quoted: null,
        tender: { lines: [{ method: 'card', amount: 9_000 }] },
      });
    } finally {
      restoreLink(h.sb);
    }
    expect(queued.outcome).toBe('queued');
    const saleId = queued.saleId!;
    // Sent at once, before the service booked it: no number yet.
    await waitFor(
      () => journalOf(office, 'sale').some((r) => r.id === saleId),
      'the sale at the office',
    );
    const sale = journalOf(office, 'sale').find((r) => r.id === saleId)!;
    expect(sale.facts).toMatchObject({ sale: 'walk_in', reservationNumber: null });
    expect(sale.facts!.guest!.keys).toContain('やまだ');
    const session = h.desk.session!;
    await waitFor(
      () => session.outbox.states().find((e) => e.id === queued.entryId)?.state === 'booked',
      'the queued walk-in booked',
    );
    const number = session.outbox.get(queued.entryId)!.booked!.reservationNumber!;
    expect(number).toBeTruthy();
    await h.call('receipt.get', { entryId: saleId, purpose: 'print' });
    await waitFor(() => journalOf(office, 'receipt').length === 1, 'the receipt at the office');
    const receipt = journalOf(office, 'receipt')[0]!;
    expect(receipt.facts!.reservationNumber).toBe(number);
    expect(receipt.facts!.receipt!.copy!.blocks).toContainEqual({ kind: 'code', text: number });
  });

  it('tells the refunds owed and today’s on-site money to take as the status bar and the close count them', async () => {
    const { h, office, clock } = await enrolledDesk({ bookings: true });
    const owed = await owedForRefusedWalkIn(h, {
      lastName: '満席',
      tender: { lines: [{ method: 'cash', amount: 12_000, received: 12_000 }] },
    });
    expect(owed).toBeTruthy();
    // Learnt from the service, not from a record: the next idle look tells the office alone.
    const told = () => [
      ...office.batches.flatMap((b) => (b.status ? [b.status] : [])),
      ...office.statuses.map((s) => s.status),
    ];
    let status: CounterStatus | undefined;
    await waitFor(async () => {
      await clock.advance(IDLE_MS);
      status = told().find((s) => s.refundsOwed.count === 1);
      return status !== undefined;
    }, 'the refund owed told');
    expect(status!.refundsOwed).toEqual({ count: 1, amount: owed!.amount });
    const close = await h.call('close.preview', { date: null });
    expect(status!.onsiteUnpaid).toEqual({
      count: close.onSite.unpaid.count,
      amount: close.onSite.unpaid.amount,
    });
    // The sandbox's day has bookings paid on site still to take.
    expect(status!.onsiteUnpaid.count).toBeGreaterThan(0);
    expect(status!.staffOnTill).toMatchObject({ name: 'オーナー' });
  });
});
