/**
 * Outbox entries stand alone (issue 11): one file per entry, facts in clear beside the sealed
 * request. After the cache key changed, a record was tampered with or a file truncated, every
 * entry is either sent exactly once or listed as needing attention with its facts; nothing
 * unreadable is sent; new walk-ins book at once; formats 1 and 2 are migrated.
 */
import { mkdirSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { Cipher, fixedKeyProvider } from '../../../main/local/files/crypto';
import { Outbox, type OutboxEntry } from '../../../main/local/index';
import { canonical, digestOf, type StoredRecord } from '../../../main/local/outbox/record';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import {
  KYOTO,
  TEST_KEY,
  openTestStore,
  removeDir,
  storeDate,
  tempDir,
  testClient,
  walkIn,
} from '../support';

const OTHER_KEY = Buffer.alloc(32, 9);
const COUNTER = { id: 'counter-1', host: 'front-pc' };

describe('outbox records stand alone', () => {
  let sb: TestSandbox;
  const dirs: string[] = [];
  let n = 0;
  const name = (what: string) => `Rec${what}${++n}`;

  const inService = (lastName: string) =>
    sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === lastName);

  const open = (dir: string, key = TEST_KEY) => {
    const store = openTestStore(dir, { key });
    return new Outbox({
      files: store.files,
      cipher: store.cipher,
      storeId: KYOTO,
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      logger: silentLogger,
      counter: COUNTER,
    });
  };

  const newDir = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir;
  };

  const recordPath = (dir: string, id: string) => path.join(dir, 'outbox', `${id}.json`);
  const readRecord = (dir: string, id: string) =>
    JSON.parse(readFileSync(recordPath(dir, id), 'utf8')) as StoredRecord;

  /** Walk-ins taken: the first `booked` sent and booked, the rest queued (never sent). */
  async function takeWalkIns(dir: string, total: number, booked: number, date: string) {
    const outbox = open(dir);
    const taken: { name: string; entry: OutboxEntry }[] = [];
    for (let i = 0; i < total; i++) {
      const who = name('W');
      const entry = outbox.enqueue(walkIn(who, date, { adults: 1 + (i % 3) }), {
        productName: 'Test product',
      });
      taken.push({ name: who, entry });
    }
    for (const t of taken.slice(0, booked)) {
      expect((await outbox.send(t.entry.id)).state).toBe('booked');
    }
    return taken;
  }

  /** Every walk-in: booked once in the service, or listed as needing attention and never sent. */
  function accountFor(outbox: Outbox, taken: { name: string; entry: OutboxEntry }[]) {
    const listed = new Map(outbox.list().map((e) => [e.id, e]));
    const outcome: Record<string, number> = {};
    for (const t of taken) {
      const e = listed.get(t.entry.id);
      const sent = inService(t.name).length;
      if (e?.state === 'booked') {
        expect(sent, t.name).toBe(1);
        expect(e.booked!.reservationNumber).toBeTruthy();
      } else if (e?.state === 'unreadable') {
        expect(sent, t.name).toBe(0);
        expect(e.facts).toMatchObject({
          storeId: KYOTO,
          date: t.entry.facts!.date,
          startTime: '10:00',
          adults: t.entry.facts!.adults,
          productName: 'Test product',
          counter: COUNTER,
          idempotencyKey: t.entry.facts!.idempotencyKey,
          createdAt: t.entry.facts!.createdAt,
        });
        expect(e.customerName).toBeNull();
      } else {
        throw new Error(`${t.name} is ${e?.state ?? 'missing'}`);
      }
      outcome[e.state] = (outcome[e.state] ?? 0) + 1;
    }
    return outcome;
  }

  async function newWalkInBooksAtOnce(outbox: Outbox, date: string) {
    const who = name('New');
    const entry = outbox.enqueue(walkIn(who, date));
    expect((await outbox.send(entry.id)).state).toBe('booked');
    expect(inService(who)).toHaveLength(1);
  }

  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 100_000 } } });
  });
  afterAll(async () => {
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  it('each entry is its own file, its facts in clear and its customer sealed', async () => {
    const dir = newDir();
    const [t] = await takeWalkIns(dir, 1, 0, storeDate(20));
    expect(readdirSync(path.join(dir, 'outbox'))).toEqual([`${t!.entry.id}.json`]);
    const text = readFileSync(recordPath(dir, t!.entry.id), 'utf8');
    expect(text).not.toContain(t!.name);
    expect(text).not.toContain('090-5555-0101');
    const record = readRecord(dir, t!.entry.id);
    expect(record.facts).toMatchObject({ productName: 'Test product', counter: COUNTER });
    const { digest, ...body } = record;
    expect(digest).toBe(digestOf(body));
  });

  it('the cache key changed: booked ones stay booked, queued ones need attention, none is sent; new walk-ins book', async () => {
    const dir = newDir();
    const date = storeDate(21);
    const taken = await takeWalkIns(dir, 6, 3, date);
    const posts = () => sb.sandbox.requests().filter((q) => q.method === 'POST').length;
    const before = posts();

    // Restart with another key.
    const outbox = open(dir, OTHER_KEY);
    expect(outbox.counts()).toEqual({ waiting: 3, needsAttention: 0 });
    expect(await outbox.replay()).toMatchObject({ booked: 0, unreadable: 3, remaining: 0 });
    expect(posts()).toBe(before);
    expect(accountFor(outbox, taken)).toEqual({ booked: 3, unreadable: 3 });
    expect(outbox.counts()).toEqual({ waiting: 0, needsAttention: 3 });
    await newWalkInBooksAtOnce(outbox, date);

    // Nothing unreadable is ever sent, even by a later run with the old key back.
    const back = open(dir);
    expect(await back.replay()).toMatchObject({ booked: 0, remaining: 0 });
    expect(accountFor(back, taken)).toEqual({ booked: 3, unreadable: 3 });

    // Staff settle one: discarded with confirmation, no longer counted.
    const unreadable = back.list().find((e) => e.state === 'unreadable')!;
    expect(() => back.discard(unreadable.id, false)).toThrow();
    expect(back.discard(unreadable.id, true).state).toBe('discarded');
    expect(back.counts().needsAttention).toBe(2);
  });

  it('one tampered record (facts changed, digest recomputed): not sent, needs attention; the rest is booked', async () => {
    const dir = newDir();
    const date = storeDate(22);
    const taken = await takeWalkIns(dir, 4, 1, date);
    const victim = taken[2]!.entry.id;
    const record = readRecord(dir, victim);
    // Someone moves the walk-in to 15:00 and fixes the digest: the seal still binds 10:00.
    const { digest: _d, ...body } = { ...record, facts: { ...record.facts, startTime: '15:00' } };
    writeFileSync(recordPath(dir, victim), JSON.stringify({ ...body, digest: digestOf(body) }));

    const outbox = open(dir);
    expect(await outbox.replay()).toMatchObject({ booked: 2, unreadable: 1, remaining: 0 });
    const e = outbox.get(victim)!;
    expect(e).toMatchObject({ state: 'unreadable', request: null });
    expect(e.unreadable).toMatchObject({ reason: 'sealed', was: 'queued' });
    expect(inService(taken[2]!.name)).toHaveLength(0);
    for (const t of [taken[0]!, taken[1]!, taken[3]!]) expect(inService(t.name)).toHaveLength(1);
    await newWalkInBooksAtOnce(outbox, date);
  });

  it('one record damaged in place (its digest fails): kept with its facts, marked damaged, never sent', async () => {
    const dir = newDir();
    const date = storeDate(23);
    const taken = await takeWalkIns(dir, 3, 0, date);
    const victim = taken[1]!.entry.id;
    const text = readFileSync(recordPath(dir, victim), 'utf8');
    writeFileSync(recordPath(dir, victim), text.replace('"attempts":0', '"attempts":7'));

    const outbox = open(dir);
    expect(outbox.get(victim)).toMatchObject({
      state: 'unreadable',
      unreadable: { reason: 'damaged', was: 'queued' },
      attempts: 7,
    });
    expect(await outbox.replay()).toMatchObject({ booked: 2, remaining: 0 });
    expect(inService(taken[1]!.name)).toHaveLength(0);
  });

  it('one truncated file: listed as a damaged entry (never "0 waiting"), the rest booked; settled with confirmation', async () => {
    const dir = newDir();
    const date = storeDate(24);
    const taken = await takeWalkIns(dir, 3, 0, date);
    const victim = taken[0]!.entry.id;
    truncateSync(recordPath(dir, victim), 40);

    const outbox = open(dir);
    expect(outbox.counts()).toEqual({ waiting: 2, needsAttention: 1 });
    expect(await outbox.replay()).toMatchObject({ booked: 2, remaining: 0 });
    const damaged = outbox.list().filter((e) => e.damaged);
    expect(damaged).toHaveLength(1);
    expect(damaged[0]).toMatchObject({ state: 'unreadable', facts: null });
    expect(damaged[0]!.damaged!.file).toMatch(new RegExp(`^${victim}\\.json\\.corrupt-\\d+$`));
    expect(inService(taken[0]!.name)).toHaveLength(0);
    expect(outbox.counts()).toEqual({ waiting: 0, needsAttention: 1 });
    // A restart still lists it.
    expect(
      open(dir)
        .list()
        .filter((e) => e.damaged),
    ).toHaveLength(1);

    expect(() => outbox.discard(damaged[0]!.id, false)).toThrow();
    outbox.discard(damaged[0]!.id, true);
    expect(outbox.list().filter((e) => e.damaged)).toEqual([]);
    expect(outbox.counts().needsAttention).toBe(0);
    await newWalkInBooksAtOnce(outbox, date);
  });

  it('formats 1 and 2 (one file) are migrated: an entry per file, facts learnt, one under another key unreadable', async () => {
    const date = storeDate(25);
    const cipher = new Cipher(fixedKeyProvider(TEST_KEY));
    const other = new Cipher(fixedKeyProvider(OTHER_KEY));
    const legacy = (id: string, who: string, state: string, c = cipher) => ({
      id,
      storeId: KYOTO,
      idempotencyKey: `key-${id}`,
      request: c.seal(walkIn(who, date, { adults: 2 }), id),
      state,
      createdAt: 1_700_000_000_000,
      attempts: state === 'booked' ? 1 : 0,
      firstSentAt: null,
      lastAttemptAt: null,
      lastError: null,
      booked:
        state === 'booked'
          ? { reservationId: 'rsv_1', reservationNumber: 'R-1', status: 'confirmed' }
          : null,
      refused: null,
      discardedAt: null,
    });
    for (const v of [1, 2]) {
      const dir = newDir();
      const queued = name('Mig');
      const lost = name('Mig');
      const entries = [
        legacy(`1111111${v}-0000-4000-8000-000000000001`, name('Mig'), 'booked'),
        legacy(`1111111${v}-0000-4000-8000-000000000002`, queued, 'queued'),
        legacy(`1111111${v}-0000-4000-8000-000000000003`, lost, 'sending', other),
        {
          ...legacy(`1111111${v}-0000-4000-8000-000000000004`, name('Mig'), 'refused'),
          refused:
            v === 1
              ? { code: 'SLOT_NOT_AVAILABLE', reason: 'full', details: [] }
              : {
                  code: 'SLOT_NOT_AVAILABLE',
                  sealed: cipher.seal(
                    { reason: 'full', details: [] },
                    `1111111${v}-0000-4000-8000-000000000004#refused`,
                  ),
                },
        },
      ];
      const outboxDir = path.join(dir, 'outbox');
      mkdirSync(outboxDir, { recursive: true });
      writeFileSync(path.join(outboxDir, 'outbox.json'), JSON.stringify({ v, entries }));
      const outbox = open(dir);
      expect(readdirSync(outboxDir).sort()).toEqual(entries.map((e) => `${e.id}.json`).sort());
      const [booked, q, l, refused] = entries.map((e) => outbox.get(e.id)!);
      expect(booked).toMatchObject({ state: 'booked', booked: { reservationNumber: 'R-1' } });
      expect(q!.facts).toMatchObject({ date, startTime: '10:00', adults: 2, counter: null });
      expect(q!.facts!.idempotencyKey).toBe(`key-${q!.id}`);
      expect(l).toMatchObject({
        state: 'unreadable',
        unreadable: { reason: 'sealed', was: 'sending' },
        facts: { date: null, idempotencyKey: `key-${l!.id}`, createdAt: 1_700_000_000_000 },
      });
      expect(refused!.refused).toMatchObject({ code: 'SLOT_NOT_AVAILABLE', reason: 'full' });
      expect(readFileSync(recordPath(dir, refused!.id), 'utf8')).not.toContain('full');
      expect(await outbox.replay()).toMatchObject({ booked: 1, remaining: 0 });
      expect(inService(queued)).toHaveLength(1);
      expect(inService(lost)).toHaveLength(0);
      // The facts are bound into the new seal.
      const record = readRecord(dir, q!.id);
      expect(() =>
        cipher.open(record.request, `outbox:${q!.id}:${canonical(record.facts)}`),
      ).not.toThrow();
    }
  });
});
