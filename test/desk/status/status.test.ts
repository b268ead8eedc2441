/**
 * The status bar (link, sync progress, outbox, rate budget) and the events the renderer gets:
 * every one announced when it should be, every payload fits the contract.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events as eventSchemas, type EventName } from '../../../main/ipc/contract';
import {
  LATER,
  P,
  TODAY,
  cutLink,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../support';
import { waitFor } from '../../support/wait';

describe('status and events', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const seen = (event: EventName, from = 0) =>
    h.events.slice(from).filter((e) => e.event === event);

  it('set-up is announced; the status shows the plan’s budget and a full first sync', async () => {
    const saved = await setUp(h);
    expect(seen('setup.changed').map((e) => e.payload)).toEqual([saved]);
    await h.call('day.get', { date: TODAY });
    const status = await waitFor(async () => {
      const s = await h.call('status.get', {});
      return s.sync?.done && s;
    }, 'the first sync');
    expect(status).toMatchObject({
      link: 'online',
      training: false,
      outbox: { waiting: 0, needsAttention: 0 },
      rate: { limit: 300, effectiveLimit: 300, recent429s: 0 },
      sync: { phase: 'full', done: true, estimatedMsLeft: 0 },
    });
    expect(status.sync!.records).toBeGreaterThan(100);
    expect(status.sync!.pages).toBeGreaterThan(1);
    expect(status.syncedAt).not.toBeNull();
    expect(status.linkSince).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(seen('day.changed').length).toBeGreaterThan(0);
    await waitFor(() => seen('status.changed').length > 0, 'a status event');
  });

  it('the link going down and coming back is announced; the outbox counts show', async () => {
    const from = h.events.length;
    cutLink(h.sb);
    try {
      await h.call('day.refresh', { date: TODAY });
      const queued = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 1,
        children: 0,
        participants: [],
        customer: { lastName: '状態' },
        sendConfirmationEmail: false,
        locale: 'ja',
      });
      expect(queued.outcome).toBe('queued');
      const offline = await waitFor(
        () =>
          seen('status.changed', from)
            .map((e) => e.payload as { link: string; outbox: { waiting: number } })
            .find((p) => p.link === 'offline' && p.outbox.waiting === 1),
        'an offline status',
      );
      expect(offline).toBeTruthy();
      const outbox = seen('outbox.changed', from).at(-1)!.payload as { items: { state: string }[] };
      expect(outbox.items.map((i) => i.state)).toContain('queued');
    } finally {
      restoreLink(h.sb);
    }
    const down = h.events.findIndex(
      (e, i) => i >= from && e.event === 'status.changed' && (e.payload as any).link === 'offline',
    );
    await waitFor(
      () =>
        seen('status.changed', down)
          .map((e) => e.payload as { link: string; outbox: { waiting: number } })
          .find((p) => p.link === 'online' && p.outbox.waiting === 0),
      'the link back and the outbox sent',
    );
    expect((await h.call('status.get', {})).outbox.waiting).toBe(0);
    expect(seen('day.changed', from).some((e) => (e.payload as any).dates.includes(LATER))).toBe(
      true,
    );
  });

  it('status events come at most four a second', async () => {
    const from = h.events.length;
    // Bursts of requests move the governor many times, again and again until three status
    // events came (at least half a second of churn).
    await waitFor(async () => {
      await Promise.all([1, 2, 3].map(() => h.call('day.refresh', { date: TODAY })));
      return seen('status.changed', from).length >= 3;
    }, 'three status events');
    const times = seen('status.changed', from).map((e) => e.at);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
  });

  it('a 429 shows in the rate budget', async () => {
    h.sb.sandbox.faults.enqueue({ action: 'error_429', match: { pathIncludes: '/calculate' } });
    await h.call('walkin.quote', {
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName: '受付' },
    });
    const status = await h.call('status.get', {});
    expect(status.rate.recent429s).toBe(1);
    expect(status.rate.effectiveLimit).toBeLessThan(status.rate.limit);
  });

  it('every event sent fits the contract', () => {
    expect(h.events.length).toBeGreaterThan(10);
    for (const e of h.events) {
      const parsed = eventSchemas[e.event].safeParse(e.payload);
      expect(parsed.success, `${e.event}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(new Set(h.events.map((e) => e.event))).toEqual(
      new Set(['setup.changed', 'status.changed', 'day.changed', 'outbox.changed']),
    );
  });
});
