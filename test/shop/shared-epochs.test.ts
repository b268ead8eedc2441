/**
 * Who leaves the shared doc's old days behind (issue 28, decision H16): the poller, at its purge,
 * with the retention window's one cutoff (main/local's `retentionCutoff`); a follower's purge does
 * not. Two counters on one sandbox and an in-memory bus, on one fake clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERVALS } from '../../main/local/index';
import { FakeClock } from '../support/fake-clock';
import { MemoryNetwork, seeded } from '../support/memory-bus';
import { startShopService, type ShopService } from '../support/shop-sessions';
import { waitFor } from '../support/wait';
import { storeDate } from '../local/support';
import { checkIn } from './shared/counters';

describe('the shared doc’s epochs in the shop', () => {
  let service: ShopService;
  beforeAll(async () => {
    service = await startShopService();
  });
  afterEach(() => service.closeSessions());
  afterAll(() => service.close());

  it('the poller starts the next epoch at its purge, from the retention cutoff', async () => {
    const clock = new FakeClock();
    const net = new MemoryNetwork(seeded(5), () => clock.now());
    const [poller, follower] = ['c-1', 'c-2'].map((id, i) => {
      const session = service.session(id, { now: () => clock.now(), timers: clock });
      session.attachShop(net.join(id), `受付${i + 1}`, { timers: clock });
      return session;
    }) as [ReturnType<ShopService['session']>, ReturnType<ShopService['session']>];
    const old = checkIn('c-2', 'r-old', { date: storeDate(-60) });
    const recent = checkIn('c-2', 'r-recent', { date: storeDate(-1) });
    follower.shared!.addCheckInEvent(old);
    follower.shared!.addCheckInEvent(recent);
    for (const s of [poller, follower]) s.start();
    expect(poller.shop!.isPoller()).toBe(true);
    await clock.advance(0);
    await net.settle();
    expect(poller.shared!.checkInEvents(old.date)).toHaveLength(1);
    expect(follower.shared!.currentEpoch().n).toBe(0);

    // The first purge of both counters: the poller's starts epoch 1, the follower moves to it.
    await clock.advance(DEFAULT_INTERVALS.firstPurgeMs);
    await waitFor(
      () => [poller, follower].every((s) => s.shared!.currentEpoch().n === 1),
      'both counters on epoch 1',
    );
    const cutoff = poller.local.cache.retentionCutoff();
    expect(follower.shared!.currentEpoch()).toEqual({ n: 1, from: cutoff, by: 'c-1' });
    await net.settle();
    for (const s of [poller, follower]) {
      expect(s.shared!.checkInEvents(old.date)).toEqual([]);
      expect(s.shared!.checkInEvents(recent.date).map((e) => e.id)).toEqual([recent.id]);
    }

    // The next purge, the same day: nothing to leave behind, no new epoch.
    await clock.advance(DEFAULT_INTERVALS.purgeMs / 2);
    await net.settle();
    expect(poller.shared!.currentEpoch().n).toBe(1);
  });
});
