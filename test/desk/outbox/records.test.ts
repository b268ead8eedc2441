/**
 * The outbox's channels after the cache key changed (issue 11): no channel answers INTERNAL
 * because of an entry it cannot read; booked walk-ins stay listed as booked with their facts,
 * queued ones as needing attention; the status counts them; a new walk-in books at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedKeyProvider } from '../../../main/local/index';
import type { Request } from '../../../main/ipc/contract';
import {
  LATER,
  P,
  cutLink,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
  type HarnessOptions,
} from '../support';
import { waitFor } from '../../support/wait';

const walkIn = (lastName: string): Request<'walkin.book'> => ({
  draftId: randomUUID(),
  productId: P.apiTest,
  date: LATER,
  startTime: '10:00',
  adults: 2,
  children: 1,
  participants: [],
  customer: { lastName },
  sendConfirmationEmail: false,
  locale: 'ja',
});

describe('outbox channels after a key change', () => {
  let h: Harness;
  const options: HarnessOptions = { desk: {} };

  beforeAll(async () => {
    h = await startHarness(options);
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  it('lists facts, never INTERNAL, never sends what it cannot read; a new walk-in books at once', async () => {
    const booked = await h.call('walkin.book', walkIn('鍵前予約'));
    expect(booked.outcome).toBe('booked');
    cutLink(h.sb);
    let queued;
    try {
      queued = await h.call('walkin.book', {
        ...walkIn('鍵前待機'),
        quoted: { total: 9000, currency: 'JPY' },
      });
      expect(queued.outcome).toBe('queued');
    } finally {
      restoreLink(h.sb);
    }
    await h.desk.stop();

    // The OS keyring was reset: the app starts with another cache key.
    options.desk!.keyProvider = fixedKeyProvider(Buffer.alloc(32, 42));
    await h.restart();
    const list = await h.raw('outbox.list', {});
    expect(list.ok).toBe(true);
    const items = (await h.call('outbox.list', {})).items;
    const b = items.find((i) => i.id === booked.entryId)!;
    expect(b).toMatchObject({
      state: 'booked',
      productName: '【テスト】API接続確認用',
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 1,
    });
    expect(b.reservationNumber).toBeTruthy();
    const q = items.find((i) => i.id === queued.entryId)!;
    expect(q).toMatchObject({
      state: 'unreadable',
      customerName: null,
      productName: '【テスト】API接続確認用',
      date: LATER,
      startTime: '10:00',
      unreadable: { reason: 'sealed' },
      // The total staff were quoted, in clear: recognised without the key.
      amount: { total: 9000, currency: 'JPY' },
    });
    expect(q.counter).toBeTruthy();
    expect(q.idempotencyKey).toBeTruthy();
    expect((await h.call('status.get', {})).outbox).toEqual({ waiting: 0, needsAttention: 1 });

    // A new walk-in books at once; the unreadable one is never sent.
    const fresh = await h.call('walkin.book', walkIn('鍵後予約'));
    expect(fresh.outcome).toBe('booked');
    await h.call('day.refresh', { date: LATER });
    const names = h.sb.sandbox.world.state.reservations.map((r) => r.customer.lastName);
    expect(names.filter((n) => n === '鍵前待機')).toHaveLength(0);
    expect(names.filter((n) => n === '鍵後予約')).toHaveLength(1);

    // Retry is refused plainly; settling needs confirmation, then it no longer counts.
    expect((await h.raw('outbox.retry', { id: q.id })).ok).toBe(false);
    const retry = await h.raw('outbox.retry', { id: q.id });
    expect(!retry.ok && retry.error.code).toBe('OUTBOX_REFUSED');
    const settled = await h.call('outbox.discard', { id: q.id, confirm: true });
    expect(settled.state).toBe('discarded');
    await waitFor(
      async () => (await h.call('status.get', {})).outbox.needsAttention === 0,
      'the settled entry to leave the count',
    );
    expect(h.results.filter((r) => !r.result.ok && r.result.error.code === 'INTERNAL')).toEqual([]);
  });
});
