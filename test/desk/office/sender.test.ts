/**
 * The sender (issue 40, AB25) against a fake office over the wire contract: batches in seq order,
 * forgetting through `ackedThrough`; backoff with full jitter on a fake clock, for days; a partial
 * answer and `expected` sent again from there; an office behind what was forgotten is a gap shown,
 * never a silent drop; a revoked credential stops sending.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { fullJitter, OFFICE_BACKOFF } from '../../../main/desk/office/backoff';
import {
  IDLE_MS,
  OfficeSender,
  STATUS_MIN_MS,
  type SenderOptions,
} from '../../../main/desk/office/sender';
import type { Logger } from '../../../main/api/index';
import { NO_FACTS, type BookFacts, type CounterStatus } from '../../../office/protocol/books';
import { OfficeOutbox, type JournalRecord } from '../../../main/local/index';
import { MAX_BATCH } from '../../../office/protocol/wire';
import { openTestStore, removeDir, tempDir } from '../../local/support';
import { FakeClock } from '../../support/fake-clock';
import { UNSUPPORTED_MS } from '../../../main/desk/office/status-cadence';
import { waitFor } from '../../support/wait';
import { FakeOffice } from './fake-office';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function cash(i: number): JournalRecord {
  return {
    id: `r${i}`,
    at: 1_800_000_000_000 + i,
    businessDate: '2026-12-07',
    counterId: 'c1',
    counterName: '受付1',
    kind: 'cash',
    direction: 'in',
    reason: 'float',
    amount: 100,
    note: null,
  } as JournalRecord;
}

function setUp(entries: number, random = () => 0.5, extra: Partial<SenderOptions> = {}) {
  const dir = tempDir();
  dirs.push(dir);
  const clock = new FakeClock(1_800_000_000_000);
  const store = openTestStore(dir, { now: () => clock.now() });
  const outbox = new OfficeOutbox({
    files: store.files,
    cipher: store.cipher,
    logger: silentLogger,
    now: () => clock.now(),
  });
  for (let i = 1; i <= entries; i++) outbox.journal(cash(i));
  const office = new FakeOffice(() => clock.now());
  const sender = new OfficeSender({
    outbox,
    transport: office,
    credential: () => office.credential,
    tallies: (days) => days.map((businessDate) => ({ businessDate, count: 1, sum: 100 })),
    clock,
    logger: silentLogger,
    random,
    ...extra,
  });
  return { clock, outbox, office, sender };
}

describe('the sender', () => {
  it('sends in seq order, batches of MAX_BATCH, and forgets what the office holds', async () => {
    const { outbox, office, sender } = setUp(MAX_BATCH * 2 + 3);
    await sender.flush();
    expect(office.batches.map((b) => [b.first, b.last])).toEqual([
      [1, MAX_BATCH],
      [MAX_BATCH + 1, MAX_BATCH * 2],
      [MAX_BATCH * 2 + 1, MAX_BATCH * 2 + 3],
    ]);
    expect(office.batches[0]!.tallies).toEqual([
      { businessDate: '2026-12-07', count: 1, sum: 100 },
    ]);
    expect(outbox.size).toBe(0);
    expect(outbox.acked?.seq).toBe(MAX_BATCH * 2 + 3);
    expect(office.head).toBe(MAX_BATCH * 2 + 3);
    expect(sender.state).toMatchObject({ pending: 0, failures: 0, stopped: null });
  });

  it('waits with full jitter after each failure, capped, and sends after days offline', async () => {
    const { clock, outbox, office, sender } = setUp(3);
    const start = clock.now();
    // Offline for three days: every try fails until then.
    const days = 3 * 24 * 3600_000;
    office.failNext = Array.from({ length: 50_000 }, () => 0);
    await sender.flush();
    const waits: number[] = [];
    let last = start;
    while (clock.now() - start < days) {
      const due = clock.nextDue()!;
      waits.push(due - last);
      last = due;
      await clock.advance(due - clock.now());
    }
    // random() = 0.5: half the ceiling, the ceiling doubling to the cap.
    expect(waits.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(Math.max(...waits)).toBe(OFFICE_BACKOFF.capMs / 2);
    expect(outbox.size).toBe(3);
    expect(sender.state.failures).toBeGreaterThan(800);
    // Back: the next try sends it all, and the waits start again.
    office.failNext = [];
    await clock.advance(clock.nextDue()! - clock.now());
    expect(outbox.size).toBe(0);
    expect(sender.state).toMatchObject({ failures: 0, lastError: null, retryAt: null });
  });

  it('draws each wait between 0 and the ceiling (full jitter)', () => {
    expect(fullJitter(0, OFFICE_BACKOFF, () => 0)).toBe(0);
    expect(fullJitter(3, OFFICE_BACKOFF, () => 0.999_999)).toBe(7999);
    expect(fullJitter(60, OFFICE_BACKOFF, () => 0.999_999)).toBe(OFFICE_BACKOFF.capMs - 1);
  });

  it('keeps its wait when the till wakes it during one', async () => {
    const { clock, office, sender } = setUp(2);
    office.failNext = [0];
    await sender.flush();
    expect(office.batches).toHaveLength(0);
    await sender.wake();
    expect(office.batches).toHaveLength(0);
    await clock.advance(500);
    expect(office.batches).toHaveLength(1);
  });

  it('sends again from what the office acknowledged or expects', async () => {
    const { outbox, office, sender } = setUp(10);
    // The office stores three of each batch: the rest are sent again from its next.
    office.storeAtMost = 3;
    await sender.flush();
    expect(office.batches.map((b) => b.first)).toEqual([1, 4, 7, 10]);
    expect(outbox.size).toBe(0);
    expect(office.head).toBe(10);
  });

  it('waits, rather than spins, when the office takes none of a batch', async () => {
    const { clock, outbox, office, sender } = setUp(3);
    office.storeAtMost = 0;
    await sender.flush();
    expect(office.batches).toHaveLength(1);
    expect(sender.state).toMatchObject({ failures: 1, lastError: 'no_progress' });
    office.storeAtMost = null;
    await clock.advance(clock.nextDue()! - clock.now());
    expect(outbox.size).toBe(0);
  });

  it('resends from `expected` when the office is behind what it still holds', async () => {
    const { outbox, office, sender } = setUp(6);
    const real = office.request.bind(office);
    let first = true;
    office.request = (async (request, schema) => {
      if (!first) return real(request, schema);
      first = false;
      // As if the batch had started past the office's next: it holds 1 and 2.
      await real(
        {
          ...request,
          body: { records: (request.body as { records: unknown[] }).records.slice(0, 2) },
        },
        schema,
      );
      return { ackedThrough: 2, stored: 2, duplicates: 0, expected: 3 };
    }) as typeof office.request;
    await sender.flush();
    expect(office.batches.map((b) => [b.first, b.last])).toEqual([
      [1, 2],
      [3, 6],
    ]);
    expect(outbox.size).toBe(0);
  });

  it('shows a gap when the office lacks records this counter already forgot; drops nothing', async () => {
    const { outbox, office, sender } = setUp(5);
    await sender.flush();
    // The office is restored from an older backup: it holds 1..3 only.
    office.truncate(3);
    for (let i = 6; i <= 8; i++) outbox.journal(cash(i));
    await sender.flush();
    expect(sender.state.stopped).toEqual({ kind: 'gap', from: 4, to: 5 });
    expect(outbox.pending().map((e) => e.seq)).toEqual([6, 7, 8]);
  });

  it('stops on a revoked credential, keeps everything, and tells staff', async () => {
    const { clock, outbox, office, sender } = setUp(3);
    office.revoked = true;
    await sender.flush();
    expect(sender.state.stopped).toEqual({ kind: 'revoked' });
    await sender.wake();
    await clock.advance(24 * 3600_000);
    expect(office.batches).toHaveLength(0);
    expect(outbox.size).toBe(3);
  });
});

/** A logger that keeps its warnings. */
function keptLogger(): Logger & { warnings: { message: string; fields: unknown }[] } {
  const warnings: { message: string; fields: unknown }[] = [];
  return {
    ...silentLogger,
    warn: (message: string, fields?: unknown) => void warnings.push({ message, fields }),
    warnings,
  } as Logger & { warnings: { message: string; fields: unknown }[] };
}

describe('the facts, sent beside each record', () => {
  const cashFacts = (amount: number): BookFacts => ({
    ...NO_FACTS,
    cash: { direction: 'in', reason: 'float', amount },
  });

  it('adds each record’s facts at send time; the outbox’s entries stay as they were', async () => {
    const { outbox, office, sender } = setUp(3, undefined, {
      facts: (r) => Promise.resolve(cashFacts(r.seq * 100)),
    });
    const before = outbox.pending();
    expect(before.every((e) => e.facts === undefined)).toBe(true);
    await sender.flush();
    expect([...office.records.values()].map((r) => r.facts?.cash?.amount)).toEqual([100, 200, 300]);
    // What the outbox kept is what it was given: no facts written into its files.
    expect(JSON.stringify(before)).not.toContain('facts');
  });

  it('sends a record whose facts fail with null, the rest of its batch with theirs, logged once', async () => {
    const logger = keptLogger();
    const { clock, office, sender } = setUp(3, undefined, {
      logger,
      facts: (r) => {
        if (r.seq === 2) throw new TypeError('cannot read it');
        // Facts outside the contract (a negative discount) are no facts either.
        if (r.seq === 3) return { ...cashFacts(1), discount: -1 };
        return cashFacts(100);
      },
    });
    // The office answers nothing the first time: the batch goes twice, the failures are logged once.
    office.failNext = [0];
    await sender.flush();
    await clock.advance(clock.nextDue()! - clock.now());
    expect(office.batches).toHaveLength(1);
    expect([...office.records.values()].map((r) => r.facts ?? null)).toEqual([
      cashFacts(100),
      null,
      null,
    ]);
    expect(office.head).toBe(3);
    const failed = logger.warnings.filter((w) => w.message === 'office.facts_failed');
    expect(failed.map((w) => (w.fields as { seq: number }).seq)).toEqual([2, 3]);
    expect(JSON.stringify(failed)).not.toContain('cannot read it');
  });
});

describe('the counter’s status', () => {
  /** What the counter would say now: the test moves `source.state`. */
  function statusSetUp(entries: number) {
    const state = { dayClosed: false, refunds: 0 };
    let now = () => 0;
    const status = (toSend: number): CounterStatus => ({
      at: now(),
      businessDate: '2026-12-07',
      dayClosed: state.dayClosed,
      toSend,
      refundsOwed: { count: state.refunds, amount: state.refunds * 1_000 },
      onsiteUnpaid: { count: 0, amount: 0 },
      staffOnTill: { id: 'st-1', name: '山本' },
    });
    const set = setUp(entries, undefined, { status });
    now = () => set.clock.now();
    return { ...set, source: { state } };
  }

  it('goes with each batch, saying what is still to send after it', async () => {
    const { office, sender } = statusSetUp(MAX_BATCH + 2);
    await sender.flush();
    expect(office.batches.map((b) => b.status?.toSend)).toEqual([2, 0]);
    expect(office.batches[0]!.status).toMatchObject({
      businessDate: '2026-12-07',
      dayClosed: false,
      staffOnTill: { id: 'st-1', name: '山本' },
    });
    // Sent with the batches: nothing alone.
    expect(office.statuses).toEqual([]);
  });

  it('goes alone when it changed and nothing else is to send; not when nothing changed', async () => {
    const { clock, office, sender, source } = statusSetUp(1);
    await sender.flush();
    expect(office.statuses).toHaveLength(0);
    // An hour of idle looks: nothing changed, nothing sent.
    await clock.advance(3_600_000);
    expect(office.statuses).toHaveLength(0);
    expect(office.batches).toHaveLength(1);
    // A refund owed is learnt: the next look sends the status alone, once.
    source.state.refunds = 1;
    await clock.advance(IDLE_MS);
    expect(office.statuses.map((s) => s.status.refundsOwed)).toEqual([{ count: 1, amount: 1_000 }]);
    await clock.advance(3_600_000);
    expect(office.statuses).toHaveLength(1);
  });

  it('tells the status alone at most once per STATUS_MIN_MS, a change sooner once that ends', async () => {
    const { clock, office, sender, source } = statusSetUp(1);
    await sender.flush();
    const sentAt = clock.now();
    // Changed at once after the batch: woken, it waits for the end of the interval.
    source.state.dayClosed = true;
    await sender.wake();
    expect(office.statuses).toHaveLength(0);
    await clock.advance(STATUS_MIN_MS - 1);
    expect(office.statuses).toHaveLength(0);
    await clock.advance(1);
    expect(office.statuses.map((s) => [s.at - sentAt, s.status.dayClosed])).toEqual([
      [STATUS_MIN_MS, true],
    ]);
  });

  it('waits with the backoff when the office does not answer, and stops asking an office without the route', async () => {
    const { clock, office, sender, source } = statusSetUp(0);
    office.failNext = [0];
    await sender.flush();
    expect(sender.state.failures).toBe(1);
    await clock.advance(clock.nextDue()! - clock.now());
    expect(office.statuses).toHaveLength(1);
    expect(sender.state.failures).toBe(0);
    // An older office: 404 once, then the status goes with batches only.
    office.statusRoute = false;
    source.state.refunds = 2;
    await clock.advance(IDLE_MS);
    const asked = office.requests.filter((r) => r.path === '/device/status').length;
    source.state.refunds = 3;
    await clock.advance(IDLE_MS * 10);
    expect(office.requests.filter((r) => r.path === '/device/status').length).toBe(asked);
    expect(sender.state).toMatchObject({ failures: 0, lastError: null });
    // Updated within the hour: asked again after it, and told.
    office.statusRoute = true;
    await clock.advance(UNSUPPORTED_MS);
    expect(office.statuses.at(-1)!.status.refundsOwed.count).toBe(3);
  });

  it('sends a record made while the status goes alone at once, not at the idle tick', async () => {
    const { clock, office, outbox, sender, source } = statusSetUp(1);
    await sender.flush();
    source.state.refunds = 1;
    // The status's request held at the office while the till records.
    const real = office.request.bind(office);
    let release = () => {};
    let asked = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    office.request = (async (request, schema) => {
      if (request.path === '/device/status') {
        asked = true;
        await held;
      }
      return real(request, schema);
    }) as typeof office.request;
    // The look at the end of the status's interval: it finds the change and tells it alone.
    const looking = clock.advance(STATUS_MIN_MS);
    await waitFor(() => asked, 'the status asked');
    outbox.journal(cash(2));
    const woken = sender.wake();
    release();
    await looking;
    await woken;
    expect(office.statuses).toHaveLength(1);
    expect(office.batches.map((b) => b.first)).toEqual([1, 2]);
    expect(outbox.size).toBe(0);
  });
});
