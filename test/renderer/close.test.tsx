// @vitest-environment happy-dom
/**
 * The close (レジ締め): the count with its running total, expected against counted, a shortage
 * that needs its note before the day closes, the day's figures and charts' tables, the report
 * printed, the CSV saved as UTF-8 with its BOM, the store's close, in English and Japanese.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge, Handlers } from './support/fakeBridge';
import { StoreCloseView, type CloseView } from '../../main/ipc/contract';
import { demoBridge, status } from './support/fixtures';
import { closeView, entry } from './support/money';
import { renderApp } from './support/render';
import { countedTotal } from '../../renderer/src/stores/close';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const REPORT = '<html><body><h1>レジ締め表</h1><p>現金 ¥22,000</p></body></html>';

function closeHandlers(): Handlers {
  return {
    'close.preview': ({ openingFloat, counted }) => {
      const float = openingFloat ?? 0;
      const countedCash = counted ? countedTotal(counted) : null;
      return closeView({
        openingFloat: float,
        expectedCash: float + 22000,
        counted,
        countedCash,
        overShort: countedCash === null ? null : countedCash - float - 22000,
      });
    },
    'close.commit': ({ openingFloat, counted, note }) =>
      closeView({
        closedAt: Date.UTC(2026, 4, 14, 9, 0),
        closeEntryId: 'je-close',
        openingFloat,
        expectedCash: openingFloat + 22000,
        counted,
        countedCash: countedTotal(counted),
        overShort: countedTotal(counted) - openingFloat - 22000,
        note,
      }),
    'close.report': () => ({ html: REPORT, fileName: 'close-2026-05-14.html' }),
    'journal.csv': () => ({
      fileName: 'journal-2026-05-14.csv',
      csv: '日時,金額\r\n2026-05-14 10:00,11000\r\n',
      rows: 1,
    }),
    'close.store': () =>
      StoreCloseView.parse({
        businessDate: '2026-05-14',
        counters: [
          {
            counterId: 'c-1',
            counterName: 'Counter 1',
            closed: true,
            byTender: [],
            expectedCash: 32000,
            countedCash: 30000,
            overShort: -2000,
          },
          {
            counterId: 'c-2',
            counterName: 'Counter 2',
            closed: false,
            byTender: [],
            expectedCash: 5000,
            countedCash: null,
            overShort: null,
          },
          {
            counterId: 'c-3',
            counterName: 'Counter 3',
            closed: false,
            byTender: [],
            expectedCash: 7000,
            countedCash: null,
            overShort: null,
            publishedAt: Date.UTC(2026, 4, 14, 5, 5),
            reached: false,
          },
        ],
        missing: [
          {
            counterId: 'c-3',
            counterName: 'Counter 3',
            reason: 'not_reached',
            asOf: Date.UTC(2026, 4, 14, 5, 5),
          },
        ],
        byTender: [{ method: 'cash', sales: 27000, refunds: 0, count: 3 }],
        overShort: -2000,
        onSite: {
          collections: { count: 3, amount: 19000 },
          byTender: [
            { method: 'cash', amount: 12000, count: 2 },
            { method: 'card', amount: 7000, count: 1 },
          ],
          discounts: 500,
          unpaid: {
            count: 1,
            amount: 8000,
            items: [
              {
                reservationId: 'r-9',
                number: 'R-0009',
                customerName: '山田 花子',
                productName: 'Tea ceremony',
                startTime: '15:00',
                owed: 8000,
                methodKnown: true,
              },
            ],
          },
          noShows: { count: 0, items: [] },
        },
        items: {
          alone: { count: 1, amount: 300 },
          byCategory: [{ category: 'drink', quantity: 3, amount: 450 }],
          byRate: [
            { rate: 10, amount: 11_800, tax: 1_071 },
            { rate: 8, amount: 450, tax: 33 },
          ],
        },
        discountsGiven: {
          count: 1,
          amount: 500,
          byReason: [{ id: 'apology', ja: 'お詫び', en: 'Apology', count: 1, amount: 500 }],
        },
        cashMoves: { in: 5_000, out: 2_000, exchanged: 10_000, count: 3 },
        notReported: [
          { counterId: 'c-2', counterName: 'Counter 2', parts: ['items', 'cashMoves'] },
        ],
        unreadable: [{ counterId: 'c-3', issue: 'not readable' }],
      }),
  };
}

describe('the close', () => {
  it('a shortage needs its note; then the day closes with the count', async () => {
    fake = demoBridge(closeHandlers());
    const r = await renderApp(fake);
    await r.user.press('F7');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Close the day · /);
    await r.user.fill(screen.getByLabelText('Opening float (¥)'), '10000');
    await r.user.fill(screen.getByLabelText('Number of ¥10,000'), '3');
    await r.user.fill(screen.getByLabelText('Number of ¥100'), '5');
    expect(screen.getByText('Cash counted', { selector: '.count-total' }).textContent).toBe(
      'Cash counted ¥30,500',
    );
    expect(screen.getByText('¥1,500 short')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Close the day' }));
    expect(screen.getByText(/The cash is over or short. Say why/)).toBeTruthy();
    expect(fake.callsOf('close.commit')).toHaveLength(0);
    await r.user.fill(screen.getByLabelText('Note (required: why over or short)'), '両替ミス');
    await r.user.tap(screen.getByRole('button', { name: 'Close the day' }));
    const [commit] = fake.callsOf('close.commit');
    expect(commit).toMatchObject({ date: '2026-05-14', openingFloat: 10000, note: '両替ミス' });
    expect(countedTotal(commit!.counted)).toBe(30500);
    expect(screen.getByText(/^Closed at /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close the day' })).toBeNull();
  });

  it('shows the day: walk-ins, check-ins, sales by method, by hour and by product', async () => {
    fake = demoBridge(closeHandlers());
    const r = await renderApp(fake);
    await r.user.press('F7');
    expect(screen.getByText('3 · ¥33,000')).toBeTruthy();
    expect(screen.getByText('8 of 10 parties (check-in rate 80%)')).toBeTruthy();
    const byHour = screen.getByRole('figure', { name: 'Sales by hour' });
    expect(byHour.querySelector('tbody')!.textContent).toBe('9:00¥11,00010:00¥22,000');
    const byProduct = screen.getByRole('figure', { name: 'Sales by product' });
    expect(byProduct.querySelector('tbody')!.textContent).toBe('Sea Kayak Tour¥33,000');
  });

  it('shows the drawer’s opens: by cause, and each by hand with its reason (M19)', async () => {
    const at = Date.UTC(2026, 4, 14, 2, 30);
    fake = demoBridge({
      ...closeHandlers(),
      'close.preview': () =>
        closeView({
          drawer: {
            sale: 2,
            collection: 3,
            refund: 1,
            cash: 4,
            manual: 2,
            notOpened: 1,
            byHand: [
              { at, reason: '両替', staffId: null, opened: true },
              { at: at + 60_000, reason: '釣り銭の補充', staffId: null, opened: false },
            ],
          },
        }),
    });
    const r = await renderApp(fake);
    await r.user.press('F7');
    const section = screen.getByRole('region', { name: 'Cash drawer opens' });
    expect(section.querySelector('dl')!.textContent).toBe(
      'Cash sales2Cash paid on site3Cash refunds1Cash in, out, change4By hand2Of these, did not open1',
    );
    const rows = [...section.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['両替', '—', 'Opened'],
      ['釣り銭の補充', '—', 'Did not open'],
    ]);
  });

  it('records cash in, out or change from the keyboard, then shows it with the day (Y11)', async () => {
    const at = Date.UTC(2026, 4, 14, 3, 0);
    const moves: CloseView['cashMoves']['items'] = [];
    fake = demoBridge({
      ...closeHandlers(),
      'close.preview': () => {
        const sum = (d: string) =>
          moves.filter((m) => m.direction === d).reduce((n, m) => n + m.amount, 0);
        return closeView({
          expectedCash: 22000 + sum('in') - sum('out'),
          cashMoves: { in: sum('in'), out: sum('out'), exchanged: sum('exchange'), items: moves },
        });
      },
      'cash.record': (move) => {
        moves.push({ id: `c-${moves.length}`, at, ...move, staff: { id: 's-1', name: '店長' } });
        return entry({ kind: 'cash', amount: -move.amount });
      },
    });
    const r = await renderApp(fake);
    await r.user.press('F7');
    const section = screen.getByRole('region', { name: 'Cash in, out and change made' });
    expect(section.textContent).toContain('No cash in, out or change made this day.');
    const open = within(section).getByRole('button', { name: 'Record cash in, out or change' });
    open.focus();
    await r.user.press('Enter');
    // The kind's first choice has the focus; Escape leaves without recording.
    expect(document.activeElement).toBe(within(section).getByRole('radio', { name: 'Cash in' }));
    await r.user.press('Escape');
    expect(within(section).queryByRole('radio')).toBeNull();
    within(section).getByRole('button', { name: 'Record cash in, out or change' }).focus();
    await r.user.press('Enter');
    within(section).getByRole('radio', { name: 'Cash out' }).focus();
    await r.user.press(' ');
    const reason = within(section).getByRole('combobox', { name: 'Reason' });
    expect([...reason.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'To or from the safe or bank',
      'Expense paid',
      'Float topped up or returned',
      'Other',
    ]);
    await r.user.fill(reason, 'other');
    await r.user.fill(within(section).getByLabelText('Amount (¥)'), '20000');
    within(section).getByLabelText('Amount (¥)').focus();
    await r.user.press('Enter');
    // `other` needs its note before anything is sent.
    expect(within(section).getByRole('alert').textContent).toContain('Say in the note');
    expect(fake.callsOf('cash.record')).toHaveLength(0);
    await r.user.fill(
      within(section).getByLabelText('Note (required: reason “Other”)'),
      '銀行へ入金',
    );
    await r.user.tap(within(section).getByRole('button', { name: 'Record and open the drawer' }));
    expect(fake.callsOf('cash.record')).toEqual([
      { direction: 'out', reason: 'other', amount: 20000, note: '銀行へ入金' },
    ]);
    expect(within(section).getByRole('status').textContent).toBe('Cash out of ¥20,000 recorded.');
    const row = [...section.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(row.slice(1)).toEqual(['Cash out', 'Other: 銀行へ入金', '店長', '¥20,000']);
    expect(section.querySelector('dl')!.textContent).toBe(
      'Cash in, total¥0Cash out, total-¥20,000Change made (nets to zero)¥0',
    );
    // The expected cash follows: ¥22,000 of sales less ¥20,000 taken out.
    expect(screen.getByText('Cash expected').nextElementSibling!.textContent).toBe('¥2,000');
  });

  it('after the close, every screen says money now goes on the next business day (Z10)', async () => {
    fake = demoBridge({
      ...closeHandlers(),
      'status.get': () => status({ moneyDay: { businessDate: '2026-05-15', afterClose: true } }),
    });
    const r = await renderApp(fake);
    const said = /recorded on .*15/;
    expect(screen.getByText(said).textContent).toMatch(/^This counter has closed today/);
    await r.user.press('F4');
    expect(screen.getByText(said)).toBeTruthy();
    cleanup();
    fake = demoBridge({
      ...closeHandlers(),
      'status.get': () => status({ moneyDay: { businessDate: '2026-05-14', afterClose: false } }),
    });
    await renderApp(fake);
    expect(screen.queryByText(said)).toBeNull();
  });

  it('prints the report, saves the CSV as UTF-8 with its BOM, adds up the store', async () => {
    fake = demoBridge(closeHandlers());
    const printed: string[] = [];
    const r = await renderApp(fake, {
      print: () =>
        printed.push(document.getElementById('print-region')?.shadowRoot?.textContent ?? ''),
    });
    await r.user.press('F7');
    await r.user.tap(screen.getByRole('button', { name: 'Print the close report' }));
    expect(printed).toEqual(['レジ締め表現金 ¥22,000']);
    await r.user.tap(screen.getByRole('button', { name: 'Export CSV (accounting)' }));
    const [csv] = r.downloads;
    expect(csv!.name).toBe('journal-2026-05-14.csv');
    const bytes = new Uint8Array(await csv!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      '日時,金額\r\n2026-05-14 10:00,11000\r\n',
    );
    expect(screen.getByText(/CSV of 1 rows saved/)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Add up the store’s other counters' }));
    // Counters that have not closed have not counted: never "short" (AA20).
    for (const name of ['Counter 2', 'Counter 3']) {
      const row = screen.getByRole('row', { name: new RegExp(`^${name}`) });
      expect(within(row).getByText('Not counted yet')).toBeTruthy();
      expect(row.textContent).not.toMatch(/short|over/);
    }
    // One not reached: named, its figures as of when it last shared them, the store's incomplete.
    expect(screen.getByRole('row', { name: /^Counter 3/ }).textContent).toContain('Not reached');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The store’s figures are incomplete');
    expect(alert.textContent).toMatch(
      /Counter 3: not reached now\. Its figures are counted as of (5\/14, )?14:05; what it recorded since is missing\./,
    );
    expect(screen.getByText(/1 counter’s figures could not be read/)).toBeTruthy();
    expect(
      screen.getByText(/Store sales less refunds ¥27,000 · over \/ short ¥2,000 short/),
    ).toBeTruthy();
    // The store's on-site line: every counter's collections, the shop's unpaid of the day.
    const onSite = screen.getByRole('region', { name: 'On-site payments (all counters)' });
    expect(onSite.textContent).toContain('3 · ¥19,000 · Discounts ¥500');
    expect(onSite.textContent).toContain('Cash2 · ¥12,000');
    expect(onSite.textContent).toContain('Card1 · ¥7,000');
    expect(onSite.textContent).toMatch(/Unpaid \(bookings of the day paid on site\) 1 · ¥8,000/);
    expect(onSite.textContent).toContain('15:00 Tea ceremony · 山田 花子 · No. R-0009 · ¥8,000');
    // Every counter's cash in/out, items by rate and discounts; the older counter named.
    const cash = screen.getByRole('region', {
      name: 'Cash in, out and change made (all counters)',
    });
    expect(cash.textContent).toContain('Cash in, total¥5,000');
    expect(cash.textContent).toContain('Cash out, total-¥2,000');
    const rates = screen.getByRole('region', {
      name: 'Counter items and tax rates (all counters)',
    });
    expect(within(rates).getByRole('row', { name: /Reduced rate 8% ※/ }).textContent).toBe(
      'Reduced rate 8% ※¥450¥33',
    );
    expect(within(rates).getByRole('row', { name: /Standard rate 10%/ }).textContent).toBe(
      'Standard rate 10%¥11,800¥1,071',
    );
    const discounts = screen.getByRole('region', {
      name: 'Discounts at the counter (all counters)',
    });
    expect(discounts.textContent).toContain('Apology');
    expect(
      screen.getByText(
        'Counter 2 runs an older version and did not send: Counter items and tax rates and Cash in, out and change made. The store’s figures for these are without that counter (not counted as zero).',
      ),
    ).toBeTruthy();
  });

  it('prints the report on the receipt printer when set-up routes it there, or says why not', async () => {
    const asked: string[] = [];
    let answer = { ok: true, reason: null as string | null, queued: false };
    fake = demoBridge({
      ...closeHandlers(),
      'close.print': ({ date, locale }) => (asked.push(`${date} ${locale}`), answer),
    });
    const printed: string[] = [];
    const r = await renderApp(fake, { print: () => printed.push('page') });
    await r.user.press('F7');
    const print = screen.getByRole('button', { name: 'Print the close report' });
    await r.user.tap(print);
    expect(asked).toEqual(['2026-05-14 en']);
    // Not the page through the OS or the browser: the receipt printer printed it.
    expect(printed).toEqual([]);
    answer = { ok: false, reason: 'paper_out', queued: false };
    await r.user.tap(print);
    expect(screen.getByText(/The receipt printer could not print \(out of paper\)/)).toBeTruthy();
    expect(printed).toEqual([]);
  });

  it('in Japanese: レジ締め, 過不足, 不足', async () => {
    fake = demoBridge(closeHandlers());
    const r = await renderApp(fake, { lang: 'ja' });
    await r.user.press('F7');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^レジ締め · /);
    await r.user.fill(screen.getByLabelText('￥1,000 の枚数'), '20');
    expect(screen.getByText('￥2,000 不足')).toBeTruthy();
    expect(screen.getByText('メモ（必須: 過不足の理由）')).toBeTruthy();
  });
});
