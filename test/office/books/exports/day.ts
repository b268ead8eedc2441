/**
 * A small day at one store (浅草店, counter レジ1, 2026-12-05, Asia/Tokyo), as the office keeps its
 * records: a cash sale at 10 %, a booking paid on site by VISA with an 8 % item and a discount, a
 * counter item by PayPay, a refund of the cash sale, a correction of the VISA payment, cash in and
 * out, a receipt printed (no money), and a close ¥300 short. The fixtures beside this file are
 * these records written by hand from each format's specification (fixtures/README.md).
 */
import { NO_FACTS, type BookFacts } from '../../../../office/protocol/books';
import { DEFAULT_ACCOUNTS } from '../../../../office/protocol/web';
import type { ExportInput, ExportRecord } from '../../../../office/books/exports/input';

export const DATE = '2026-12-05';
export const ZONE = 'Asia/Tokyo';

/** Epoch ms of a time of the day on the store's clock (JST, UTC+9). */
export const at = (hhmm: string): number => Date.parse(`${DATE}T${hhmm}:00+09:00`);

const SATO = { id: 'st-1', name: '佐藤' };
const TANAKA = { id: 'st-2', name: '田中' };

export function record(
  id: string,
  kind: string,
  time: string,
  amount: number,
  facts: Partial<BookFacts> | null,
): ExportRecord {
  return {
    storeName: '浅草店',
    counterId: 'counter-1',
    counterName: 'レジ1',
    id,
    businessDate: DATE,
    at: at(time),
    kind,
    amount,
    problem: null,
    facts: facts && { ...NO_FACTS, staff: SATO, ...facts },
  };
}

export const DAY: ExportRecord[] = [
  record('s-0001', 'sale', '10:00', 3300, {
    sale: 'walk_in',
    reservationNumber: 'R-1001',
    guest: { name: '山田 花子', keys: ['やまだはなこ'] },
    payments: [{ method: 'cash', brand: null, amount: 3300 }],
    taxes: [{ rate: 10, gross: 3300, tax: 300 }],
    lines: [{ kind: 'booking', id: 'p-1', name: '着付け体験', quantity: 1, amount: 3300 }],
  }),
  record('s-0002', 'collection', '10:30', 6040, {
    sale: 'collection',
    reservationNumber: 'R-1002',
    payments: [{ method: 'card', brand: 'VISA', amount: 6040 }],
    taxes: [
      { rate: 10, gross: 5500, tax: 500 },
      { rate: 8, gross: 540, tax: 40 },
    ],
    lines: [
      { kind: 'booking', id: 'p-2', name: '着物レンタル', quantity: 1, amount: 6000 },
      { kind: 'item', id: 'i-1', name: 'お茶', quantity: 1, amount: 540 },
    ],
    discount: 500,
  }),
  record('s-0003', 'goods', '11:00', 1100, {
    sale: 'goods',
    payments: [{ method: 'qr', brand: 'PayPay', amount: 1100 }],
    taxes: [{ rate: 10, gross: 1100, tax: 100 }],
    lines: [{ kind: 'item', id: 'i-2', name: '手ぬぐい', quantity: 1, amount: 1100 }],
  }),
  record('s-0004', 'refund', '11:30', -3300, {
    approvedBy: TANAKA,
    refersTo: 's-0001',
    reservationNumber: 'R-1001',
    payments: [{ method: 'cash', brand: null, amount: -3300 }],
    taxes: [{ rate: 10, gross: -3300, tax: -300 }],
    lines: [{ kind: 'booking', id: 'p-1', name: '着付け体験', quantity: -1, amount: -3300 }],
  }),
  record('s-0005', 'correction', '12:00', -540, {
    approvedBy: TANAKA,
    refersTo: 's-0002',
    reservationNumber: 'R-1002',
    payments: [{ method: 'card', brand: 'VISA', amount: -540 }],
    taxes: [{ rate: 8, gross: -540, tax: -40 }],
  }),
  record('s-0006', 'cash', '12:30', 10000, {
    cash: { direction: 'in', reason: 'float', amount: 10000 },
  }),
  record('s-0007', 'cash', '13:00', -5000, {
    cash: { direction: 'out', reason: 'safe', amount: 5000 },
  }),
  record('s-0008', 'receipt', '13:10', 0, {
    refersTo: 's-0002',
    receipt: { reissue: false, ryoshusho: true, copy: null },
  }),
  record('s-0009', 'close', '18:00', 0, {
    close: { countedCash: 4700, expectedCash: 5000, overShort: -300, hasNote: true },
  }),
];

export const input = (records: ExportRecord[] = DAY, accounts = DEFAULT_ACCOUNTS): ExportInput => ({
  records,
  accounts,
  timeZone: ZONE,
  range: { from: DATE, to: DATE },
});
