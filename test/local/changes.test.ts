/**
 * Booking changes on disk (main/local/changes.ts): one file each, no customer data, a digest; a
 * damaged record or one set aside stands alone (listed unreadable, the others read); retention
 * removes finished ones only; a change of the cache key loses none.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/api/log';
import { ChangeFile, type ChangeBody } from '../../main/local/index';
import { KYOTO, openTestStore, removeDir, tempDir } from './support';

const logger = createLogger(() => undefined, 'error');
let dir: string;
afterEach(() => removeDir(dir));

function body(id: string, over: Partial<ChangeBody> = {}): ChangeBody {
  return {
    v: 1,
    id,
    kind: 'change',
    state: 'to_cancel',
    storeId: KYOTO,
    createdAt: 1_000,
    updatedAt: 1_000,
    productId: 'pr_1',
    productName: '竹林',
    old: {
      reservationId: `old-${id}`,
      number: '1001',
      date: '2026-12-01',
      startTime: '10:00',
      adults: 2,
      children: 0,
    },
    next: {
      entryId: `e-${id}`,
      reservationId: `new-${id}`,
      number: '1002',
      status: 'confirmed',
      date: '2026-12-01',
      startTime: '13:30',
      adults: 2,
      children: 0,
    },
    cancel: { reason: 'customer_request', sendCancellationEmail: true },
    goAheadPending: false,
    money: {
      currency: 'JPY',
      newTotal: 9000,
      credit: 9000,
      difference: 0,
      settled: true,
      sale: null,
      saleId: null,
      refund: {
        lines: [{ method: 'cash', amount: 9000, received: null, brand: null, reference: null }],
      },
      refundEntryId: null,
    },
    failure: { code: 'OFFLINE', message: 'the link is down', retrying: true },
    attempts: 1,
    nextTryAt: 6_000,
    ...over,
  };
}

describe('booking changes on disk', () => {
  it('stand alone: a damaged record and one set aside are listed unreadable, the others read', () => {
    dir = tempDir();
    const now = 5_000;
    const store = openTestStore(dir, { now: () => now });
    const file = new ChangeFile(store.files, logger, () => now);
    file.write(body('a'));
    file.write(body('b', { createdAt: 2_000 }));
    file.write(body('c', { createdAt: 3_000, state: 'done' }));
    const changes = path.join(store.files.root, 'changes');
    // b altered on disk (its digest no longer holds); c not even JSON.
    const b = JSON.parse(readFileSync(path.join(changes, 'b.json'), 'utf8'));
    writeFileSync(path.join(changes, 'b.json'), JSON.stringify({ ...b, state: 'done' }));
    writeFileSync(path.join(changes, 'c.json'), '{ broken');
    const { records, unreadable } = file.all();
    expect(records.map((r) => r.id)).toEqual(['a']);
    expect(unreadable.map((u) => [u.id, u.reason]).sort()).toEqual([
      ['b', 'damaged'],
      ['c', 'set_aside'],
    ]);
    // What is left of the damaged one names its bookings.
    expect(unreadable.find((u) => u.id === 'b')!.partial!.old.reservationId).toBe('old-b');
    expect(file.get('b')).toBeNull();
    // Settled by staff: both go, the readable one stays.
    for (const u of unreadable) expect(file.removeUnreadable(u.file)).toBe(true);
    expect(file.all()).toMatchObject({ records: [{ id: 'a' }], unreadable: [] });
    expect(file.removeUnreadable('../outside.json')).toBe(false);
  });

  it('keeps no customer data in clear and survives a change of the cache key', () => {
    dir = tempDir();
    const first = openTestStore(dir);
    new ChangeFile(first.files, logger).write(body('k'));
    const text = readdirSync(path.join(first.files.root, 'changes'))
      .map((f) => readFileSync(path.join(first.files.root, 'changes', f), 'utf8'))
      .join('');
    expect(text).not.toMatch(/lastName|email|phone/);
    const again = openTestStore(dir, { key: Buffer.alloc(32, 9) });
    expect(new ChangeFile(again.files, logger).get('k')).toMatchObject({ state: 'to_cancel' });
  });

  it('retention removes finished changes only', () => {
    dir = tempDir();
    let now = 1_000;
    const store = openTestStore(dir, { now: () => now });
    const file = new ChangeFile(store.files, logger, () => now);
    file.write(body('open'));
    file.write(body('done', { state: 'done' }));
    file.write(body('kept', { state: 'dismissed' }));
    now = 10_000;
    file.write(body('recent', { state: 'linked' }));
    expect(file.purge(5_000)).toBe(2);
    expect(
      file
        .all()
        .records.map((r) => r.id)
        .sort(),
    ).toEqual(['open', 'recent']);
  });
});
