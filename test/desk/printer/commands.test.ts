/**
 * The printer's own language, without a socket: the status answers of ESC/POS and StarPRNT read
 * back per state (and what is not a status refused), the drawer's pulse per language, the
 * drawer's rules (cash only, a refund paid out), and a receipt's command stream per language and
 * roll width read back by the decoder: kanji mode, the QR command's payload, the cut, no line wider
 * than the roll.
 */
import { describe, expect, it } from 'vitest';
import {
  drawerPulse,
  parseStatus,
  STATUS_REQUEST,
  statusAnswer,
  statusComplete,
} from '../../../main/desk/printer/commands';
import { changeDrawerCause, drawerCause, opensDrawer } from '../../../main/desk/printer/drawer';
import { decodePrintout, UnknownCommand } from '../../../main/desk/printer/virtual/decode';
import { leadingRequests, readJob } from '../../../main/desk/printer/virtual/virtual-printer';
import { COLUMNS, columnsOf, receiptThermal } from '../../../main/desk/receipt/receipt-thermal';
import type { TenderLine } from '../../../main/common';
import type { JournalRecord } from '../../../main/local/index';
import { SMALL_RECEIPT as model } from './support';

const STATES = ['ready', 'paper_out', 'cover_open', 'offline'] as const;
const LANGUAGES = ['escpos', 'starprnt'] as const;

describe('status answers', () => {
  for (const language of LANGUAGES)
    for (const state of STATES)
      it(`reads ${state} in ${language}, with the paper near its end or not`, () => {
        for (const paperLow of [false, true]) {
          const answer = statusAnswer(language, state, paperLow);
          expect(statusComplete(language, answer)).toBe(true);
          expect(statusComplete(language, answer.subarray(0, answer.length - 1))).toBe(false);
          expect(parseStatus(language, answer)).toEqual({ state, paperLow });
        }
      });

  it('reads an Epson answer byte by byte as the printer sends it', () => {
    // Paper out: DLE EOT 4 says the roll is empty (bits 5–6), DLE EOT 2 that it stopped there.
    expect(parseStatus('escpos', Buffer.from([0x1a, 0x32, 0x72]))).toEqual({
      state: 'paper_out',
      paperLow: false,
    });
    // The roll sensor alone says it is out (the printer has not stopped yet).
    expect(parseStatus('escpos', Buffer.from([0x12, 0x12, 0x72]))?.state).toBe('paper_out');
    // The cover open, the roll near its end.
    expect(parseStatus('escpos', Buffer.from([0x1a, 0x16, 0x1e]))).toEqual({
      state: 'cover_open',
      paperLow: true,
    });
  });

  it('refuses bytes that are not a status answer', () => {
    expect(parseStatus('escpos', Buffer.from('OK\n'))).toBeNull();
    expect(parseStatus('escpos', Buffer.from([0x12, 0x12]))).toBeNull();
    // Star's first byte says a length shorter than its own format.
    expect(parseStatus('starprnt', Buffer.from([0x03, 0, 0]))).toBeNull();
  });

  it('asks each language its own way', () => {
    expect([...STATUS_REQUEST.escpos]).toEqual([0x10, 4, 1, 0x10, 4, 2, 0x10, 4, 4]);
    expect([...STATUS_REQUEST.starprnt]).toEqual([0x1b, 0x06, 0x01]);
    expect(leadingRequests(Buffer.concat([STATUS_REQUEST.escpos, Buffer.from([0x1b, 0x40])]))).toBe(
      9,
    );
    expect(leadingRequests(STATUS_REQUEST.starprnt)).toBe(3);
    // A request cut short is still arriving; a command is not one.
    expect(leadingRequests(Buffer.from([0x10, 0x04]))).toBe(2);
    expect(leadingRequests(Buffer.from([0x1b, 0x70, 0, 25, 250]))).toBe(0);
  });
});

describe('the drawer', () => {
  it('pulses in each language: ESC p on ESC/POS, ESC BEL … BEL on StarPRNT', async () => {
    const escpos = await drawerPulse('escpos');
    expect([...escpos.subarray(0, 2)]).toEqual([0x1b, 0x70]);
    expect(decodePrintout('escpos', escpos)).toMatchObject({ pulses: 1, lines: [], cuts: 0 });
    const star = await drawerPulse('starprnt');
    expect([...star.subarray(0, 2)]).toEqual([0x1b, 0x07]);
    expect(decodePrintout('starprnt', star)).toMatchObject({ pulses: 1, lines: [], cuts: 0 });
  });

  const line = (method: TenderLine['method'], amount = 1000): TenderLine =>
    ({ method, amount, received: null, brand: null, reference: null }) as TenderLine;
  const record = (kind: 'sale' | 'refund', tender: TenderLine[]) =>
    ({ kind, tender }) as unknown as JournalRecord;

  it('opens for cash only: never for a card or QR alone', () => {
    expect(opensDrawer([line('cash')])).toBe(true);
    expect(opensDrawer([line('card')])).toBe(false);
    expect(opensDrawer([line('qr')])).toBe(false);
    expect(opensDrawer([line('card', 500), line('cash', 500)])).toBe(true);
    expect(opensDrawer([])).toBe(false);
  });

  it('opens for a sale taken in cash and a refund paid out of the drawer, nothing else', () => {
    expect(drawerCause(record('sale', [line('cash')]))).toBe('sale');
    expect(drawerCause(record('sale', [line('card')]))).toBeNull();
    expect(drawerCause(record('refund', [line('cash')]))).toBe('refund');
    expect(drawerCause(record('refund', [line('qr')]))).toBeNull();
    expect(drawerCause({ kind: 'receipt' } as unknown as JournalRecord)).toBeNull();
  });

  it('opens for a change of a booking only for cash that crossed the counter', () => {
    // The difference paid in cash (the sale nets the old sale's cash credit): the sale's open.
    const paid = record('sale', [line('cash', 9_000)]);
    const credit = record('refund', [line('cash', 6_000)]);
    expect(changeDrawerCause([line('cash', 3_000)], paid, credit)).toEqual({
      cause: 'sale',
      record: paid,
    });
    // … by card: no cash crossed, though the records net cash.
    expect(changeDrawerCause([line('card', 3_000)], paid, credit)).toBeNull();
    // The same price at another time: the credit pays the new sale, nothing crosses.
    const same = record('sale', [line('cash', 6_000)]);
    expect(changeDrawerCause(null, same, credit)).toBeNull();
    // Fewer people: the cash beyond the new sale is handed back out of the drawer.
    const less = record('sale', [line('cash', 4_000)]);
    expect(changeDrawerCause(null, less, credit)).toEqual({ cause: 'refund', record: credit });
    // … handed back by QR: not the drawer's.
    expect(
      changeDrawerCause(
        null,
        record('sale', [line('qr', 4_000)]),
        record('refund', [line('qr', 6_000)]),
      ),
    ).toBeNull();
    // Cancelled with the whole sale handed back in cash, or its refund not recorded yet.
    expect(changeDrawerCause(null, null, credit)).toEqual({ cause: 'refund', record: credit });
    expect(changeDrawerCause(null, same, null)).toBeNull();
  });
});

describe('a receipt as commands', () => {
  for (const language of LANGUAGES)
    for (const paper of ['58mm', '80mm'] as const)
      it(`in ${language} on a ${paper} roll: kanji, the QR command, the cut, within the roll`, async () => {
        const bytes = await receiptThermal(model, { language, paper });
        const out = decodePrintout(language, bytes);
        const text = out.lines.join('\n');
        expect(text).toContain('レ シ ー ト'.replace(/ /g, ''));
        expect(text).toContain('人力車');
        expect(text).toContain('￥12,000');
        expect(text).toContain('予約番号 R-2611-0042');
        expect(out.codes).toEqual(['R-2611-0042']);
        expect(out.cuts).toBe(1);
        expect(out.pulses).toBe(0);
        // Kanji are printed by the printer's own font, not as pictures.
        expect(out.images).toBe(0);
        // 48 columns of the standard font on 80 mm, 32 on 58 mm: rules run the whole width.
        const columns = paper === '80mm' ? 48 : 32;
        expect(COLUMNS[paper]).toBe(columns);
        expect(Math.max(...out.lines.map(columnsOf))).toBe(columns);
        // The total and its amount on one line, the label never broken (58 mm: double height).
        expect(out.lines.find((l) => l.includes('合計'))).toMatch(/^合計\(税込\) +￥12,000$/);
        // The virtual printer tells the language by the stream alone.
        expect(readJob(bytes).codes).toEqual(['R-2611-0042']);
      });

  it('refuses a command it does not know, so a changed stream is seen', () => {
    expect(() => decodePrintout('escpos', Buffer.from([0x1b, 0x99, 0]))).toThrow(UnknownCommand);
  });
});
