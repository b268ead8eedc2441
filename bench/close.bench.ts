/**
 * The day's close over 10 000 journal entries (issue 13): one counter's business day with 10 000
 * records — sales in cash (with change), card, QR and split, refunds, corrections — in the journal
 * the session opens (the sealed one on disk once the sales part has landed, else the in-memory
 * one; the figure's note says which), the session reopened (a journal on disk) so the journal is
 * read from where it is kept. `close.preview`'s work is timed: the records counting on the day, the arithmetic, the
 * check-ins of the day, and the answer checked against the contract as the router does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { silentLogger, type Store } from '../main/api/index';
import { closeViewOf } from '../main/desk/close/counter-close';
import { Session } from '../main/desk/session';
import { CloseView } from '../main/ipc/contract';
import { fixedKeyProvider, MemoryJournal, type NewRecord } from '../main/local/index';
import { atMost, exactly, type Figure } from './figures';

const ENTRIES = 10_000;
const RUNS = 30;
const DATE = '2026-11-20';
const ZONE = 'Asia/Tokyo';
const STORE: Store = {
  id: 'store-bench',
  name: 'Bench',
  slug: 'bench',
  paymentMethods: ['on_site'],
  customerEmailEnabled: false,
  timeZone: ZONE,
  currency: 'JPY',
};
const NOW = DateTime.fromISO(`${DATE}T21:00`, { zone: ZONE }).toMillis();
const OPEN = DateTime.fromISO(`${DATE}T08:00`, { zone: ZONE }).toMillis();

function openSession(dataDir: string): Session {
  return new Session({
    serviceUrl: 'http://127.0.0.1:9', // never called: the session is not started
    apiKey: () => 'unused',
    storeId: STORE.id,
    store: STORE,
    plan: { requests: 1_000, windowMs: 60_000 },
    dataDir,
    organizationId: 'org-bench',
    keyProvider: fixedKeyProvider(Buffer.alloc(32, 3)),
    counter: { id: 'counter-1', host: 'bench' },
    counterName: () => '受付1',
    logger: silentLogger,
    now: () => NOW,
  });
}

const line = (method: 'cash' | 'card' | 'qr', amount: number, received: number | null = null) => ({
  method,
  amount,
  received,
  brand: method === 'qr' ? 'PayPay' : null,
  reference: null,
});

/** The i-th record of the day: mostly sales, every 20th a refund, every 50th a correction. */
function record(i: number, saleIds: string[]): NewRecord {
  const base = {
    businessDate: DATE,
    at: OPEN + i * 4_000,
    counterId: 'counter-1',
    counterName: '受付1',
  };
  if (i % 20 === 19 && saleIds.length)
    return {
      ...base,
      kind: 'refund',
      refersTo: saleIds[i % saleIds.length]!,
      reason: 'cancelled_here',
      amount: 3_000,
      tender: [line('cash', 3_000)],
      note: null,
    };
  if (i % 50 === 49 && saleIds.length)
    return {
      ...base,
      kind: 'correction',
      refersTo: saleIds[i % saleIds.length]!,
      amount: -100,
      tender: [{ ...line('cash', 0), amount: -100 }],
      note: 'wrong change',
    };
  const total = 3_000 + (i % 7) * 1_000;
  const tender =
    i % 4 === 0
      ? [line('cash', total, total + 2_000)]
      : i % 4 === 1
        ? [line('card', total)]
        : i % 4 === 2
          ? [line('qr', total)]
          : [line('cash', 1_000, 1_000), line('card', total - 1_000)];
  return {
    ...base,
    kind: 'sale',
    walkInEntryId: `w-${i}`,
    reservationId: null,
    reservationNumber: `R-${i}`,
    customerName: `Guest ${i}`,
    currency: 'JPY',
    items: [
      {
        productId: `p-${i % 12}`,
        productName: `Product ${i % 12}`,
        date: DATE,
        startTime: '10:00',
        ticket: 'adult',
        quantity: 1,
        unitPrice: total,
        taxRate: 10,
      },
    ],
    discounts: [],
    total,
    tender,
    change: tender[0]!.received ? tender[0]!.received - tender[0]!.amount : 0,
  };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function runCloseBench(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'close-bench-'));
  try {
    const writer = openSession(dataDir);
    const saleIds: string[] = [];
    const fill = performance.now();
    for (let i = 0; i < ENTRIES; i++) {
      const r = writer.journal.append(record(i, saleIds));
      if (r.kind === 'sale') saleIds.push(r.id);
    }
    const fillMs = performance.now() - fill;
    // Reopened: the journal is read from where the session keeps it (one in memory keeps nothing).
    const inMemory = writer.journal instanceof MemoryJournal;
    if (!inMemory) writer.close();
    const session = inMemory ? writer : openSession(dataDir);
    const kind = session.journal.constructor.name;
    const entries = session.journal.day(DATE).records.length;
    const entry = { date: DATE, openingFloat: 30_000, counted: null, note: null };
    const times: number[] = [];
    let view: CloseView | null = null;
    for (let run = 0; run < RUNS + 3; run++) {
      const t = performance.now();
      view = CloseView.parse(closeViewOf(session, entry, NOW, 0));
      if (run >= 3) times.push(performance.now() - t); // the first runs warm the JIT
    }
    session.close();
    const note = `${kind}, ${entries} entries of one day, filled in ${Math.round(fillMs)} ms`;
    console.log(`  journal: ${note}; walk-ins ${view!.walkIns.count}`);
    return [
      exactly('close: journal entries of the day', entries, 'entries', ENTRIES),
      { ...atMost('close.preview median', percentile(times, 50), 'ms', 100), note },
      { ...atMost('close.preview p95', percentile(times, 95), 'ms', 100), note },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
