/**
 * The sender (issue 40, AB25) against a fake office over the wire contract: batches in seq order,
 * forgetting through `ackedThrough`; backoff with full jitter on a fake clock, for days; a partial
 * answer and `expected` sent again from there; an office behind what was forgotten is a gap shown,
 * never a silent drop; a revoked credential stops sending.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { fullJitter, OFFICE_BACKOFF } from '../../../main/desk/office/backoff';
import { OfficeSender } from '../../../main/desk/office/sender';
import { OfficeOutbox, type JournalRecord } from '../../../main/local/index';
import { MAX_BATCH } from '../../../office/protocol/wire';
import { openTestStore, removeDir, tempDir } from '../../local/support';
import { FakeClock } from '../../support/fake-clock';
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

function setUp(entries: number, random = () => 0.5) {
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
