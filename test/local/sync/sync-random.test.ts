/**
 * Sync correctness (issue 4): seeded random interleavings of creations, cancellations (through
 * the API and in the service's admin screen), approvals, rejections and polls — with records
 * changing while a poll pages through the listing (small pages), and the service's clock far
 * behind ours, far ahead, and stepping back. After a final poll the cache equals the service for
 * every date within retention: the same ids, statuses and update times.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type ReservationClient } from '../../../main/api/index';
import { SyncEngine, type OpenedStore } from '../../../main/local/index';
import { Random } from '../../../sandbox/random';
import { DEMO } from '../../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { KYOTO, TOKYO, openTestStore, removeDir, tempDir, testClient, walkIn } from '../support';

const DAY = 86_400_000;
const STEPS = 70;

interface Counts {
  created: number;
  apiCancels: number;
  adminChanges: number;
  polls: number;
  changesDuringPaging: number;
  clockMoves: { ahead: number; back: number };
}

describe('sync correctness under random interleavings', () => {
  let sb: TestSandbox;
  const dirs: string[] = [];

  beforeAll(async () => {
    // The service's clock starts two days behind ours.
    sb = await startTestSandbox({
      now: Date.now() - 2 * DAY,
      rateLimit: { perPlan: { facility: 1_000_000 } },
    });
  });
  afterAll(async () => {
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  const serviceToday = () =>
    DateTime.fromMillis(sb.sandbox.clock.now(), { zone: TOKYO }).startOf('day');

  /** The cache and the service, date by date within retention: differences as text. */
  function differences(store: OpenedStore): string[] {
    const cutoff = store.cache.retentionCutoff();
    const service = new Map<string, Map<string, string>>();
    for (const r of sb.sandbox.world.state.reservations) {
      if (r.storeId !== KYOTO) continue;
      for (const item of r.items) {
        if (item.date < cutoff) continue;
        const day = service.get(item.date) ?? new Map<string, string>();
        day.set(r.id, `${r.status} ${r.updatedAt}`);
        service.set(item.date, day);
      }
    }
    const out: string[] = [];
    const dates = new Set([...service.keys(), ...store.cache.cachedDates()]);
    for (const date of [...dates].filter((d) => d >= cutoff).sort()) {
      const want = service.get(date) ?? new Map<string, string>();
      const have = new Map(
        store.cache
          .reservationsOn(date)
          .reservations.map((r) => [r.id, `${r.status} ${r.updatedAt}`]),
      );
      for (const [id, v] of want)
        if (have.get(id) !== v) out.push(`${date} ${id}: ${have.get(id) ?? 'missing'} ≠ ${v}`);
      for (const id of have.keys())
        if (!want.has(id)) out.push(`${date} ${id}: not in the service`);
    }
    return out;
  }

  async function scenario(seed: number): Promise<Counts> {
    sb.sandbox.reset();
    sb.sandbox.clock.set(Date.now() - 2 * DAY);
    const random = new Random(seed);
    const dir = tempDir();
    dirs.push(dir);
    const store = openTestStore(dir);
    const client: ReservationClient = testClient(sb.baseUrl, sb.key('org-facility'), {
      pageSize: 7,
    });
    const counts: Counts = {
      created: 0,
      apiCancels: 0,
      adminChanges: 0,
      polls: 0,
      changesDuringPaging: 0,
      clockMoves: { ahead: 0, back: 0 },
    };
    let n = 0;

    const active = (status: string) =>
      sb.sandbox.world.state.reservations.filter(
        (r) =>
          r.storeId === KYOTO &&
          r.status === status &&
          r.items.every((i) => i.date > serviceToday().toISODate()!),
      );

    const create = async () => {
      const manual = random.chance(0.4);
      const date = serviceToday()
        .plus({ days: random.int(1, 20) })
        .toISODate()!;
      const request = manual
        ? walkIn(`Sr${seed}n${++n}`, date, {
            productId: DEMO.products.teaCeremony,
            startTime: random.pick(['10:00', '13:00', '15:00']),
          })
        : walkIn(`Sr${seed}n${++n}`, date, { startTime: random.pick(['10:00', '15:00']) });
      try {
        await client.createReservation(KYOTO, request, `sr-${seed}-${n}-key`);
        counts.created++;
      } catch {
        // A full slot: the service said no; nothing changed.
      }
    };

    /** A change made in the service's admin screen (synchronous: usable between pages). */
    const adminChange = () => {
      const pending = active('pending');
      const confirmed = active('confirmed');
      const roll = random.next();
      try {
        if (roll < 0.35 && pending.length) sb.sandbox.approve(random.pick(pending).id);
        else if (roll < 0.55 && pending.length) sb.sandbox.reject(random.pick(pending).id);
        else if (confirmed.length) sb.sandbox.cancel(random.pick(confirmed).id, 'weather', false);
        else return;
        counts.adminChanges++;
      } catch {
        // Not possible any more (e.g. already past): nothing changed.
      }
    };

    const apiCancel = async () => {
      const candidates = [...active('confirmed'), ...active('pending')];
      if (!candidates.length) return;
      try {
        await client.cancelReservation(KYOTO, random.pick(candidates).id, {
          cancelReason: random.pick(['customer_request', 'business_request'] as const),
          sendCancellationEmail: false,
        });
        counts.apiCancels++;
      } catch {
        // Not cancellable: nothing changed.
      }
    };

    const sync = new SyncEngine({
      client,
      cache: store.cache,
      logger: silentLogger,
      // Records change while the listing runs, some already listed, some not yet.
      onProgress: (p) => {
        if (!p.done && random.chance(0.3)) {
          adminChange();
          counts.changesDuringPaging++;
        }
      },
    });
    const poll = async () => {
      await sync.syncStore();
      counts.polls++;
    };

    await poll();
    for (let step = 0; step < STEPS; step++) {
      const roll = random.next();
      if (roll < 0.3) await create();
      else if (roll < 0.45) await apiCancel();
      else if (roll < 0.6) adminChange();
      else if (roll < 0.8) await poll();
      else if (roll < 0.9) {
        // Far ahead of our clock (up to a year and a half).
        sb.sandbox.clock.set(Date.now() + random.int(30, 540) * DAY);
        counts.clockMoves.ahead++;
      } else {
        // Backwards: the service's clock steps back by hours to weeks.
        sb.sandbox.clock.advance(-random.int(1, 400) * 3_600_000);
        counts.clockMoves.back++;
      }
    }
    // The last poll: no change while it runs.
    await new SyncEngine({ client, cache: store.cache, logger: silentLogger }).syncStore();
    expect(differences(store)).toEqual([]);
    // Reservation numbers lead to the cached records too.
    const cutoff = store.cache.retentionCutoff();
    for (const r of sb.sandbox.world.state.reservations) {
      if (r.storeId === KYOTO && r.items.some((i) => i.date >= cutoff)) {
        expect(store.cache.findByNumber(r.reservationNumber)?.status).toBe(r.status);
      }
    }
    client.close();
    return counts;
  }

  it.each([11, 23, 47])(
    'seed %i: the cache equals the service after a final poll',
    async (seed) => {
      const counts = await scenario(seed);
      // The interleavings did what they are meant to.
      expect(counts.created).toBeGreaterThan(5);
      expect(counts.apiCancels + counts.adminChanges).toBeGreaterThan(5);
      expect(counts.changesDuringPaging).toBeGreaterThan(0);
      expect(counts.polls).toBeGreaterThan(5);
      expect(counts.clockMoves.ahead + counts.clockMoves.back).toBeGreaterThan(3);
    },
  );

  it('a watermark taken from our clock would miss changes: the service is behind us', async () => {
    // The check above is only worth something if skew matters: with the service two days behind,
    // changes carry update times two days before our "now".
    sb.sandbox.reset();
    sb.sandbox.clock.set(Date.now() - 2 * DAY);
    const pending = sb.sandbox.world.state.reservations.find(
      (r) => r.storeId === KYOTO && r.status === 'pending',
    )!;
    const changed = sb.sandbox.approve(pending.id);
    expect(Date.parse(changed.updatedAt)).toBeLessThan(Date.now() - DAY);
  });
});
