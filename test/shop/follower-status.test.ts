/**
 * A follower's status (issue 28): five counters on one sandbox and an in-memory bus, each joining
 * the shop in the middle of its own first sync (as counters started together do). Every follower's
 * status says where its data comes from (受付1, which polls) and how fresh it is, fits the IPC
 * contract, and never counts down a first sync the poller cut short.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../main/desk/session';
import { statusOf } from '../../main/desk/status/status';
import { Status, type ShopStatus } from '../../main/ipc/contract';
import { DEMO } from '../../sandbox/scenario/demo';
import { MemoryNetwork } from '../support/memory-bus';
import { startShopService, type ShopService } from '../support/shop-sessions';
import { waitFor } from '../support/wait';
import { storeDate } from '../local/support';

describe('a follower’s status', () => {
  let service: ShopService;
  beforeAll(async () => {
    service = await startShopService();
  });
  afterEach(() => service.closeSessions());
  afterAll(() => service.close());

  /** The status as the desk sends it: the session's, with the shop as the port shows it. */
  function statusOfCounter(s: Session) {
    const { self, counters, following } = s.shop!.view();
    const shop: ShopStatus = { sharing: true, self, counters, following };
    return Status.parse(statusOf(s, false, s.now(), 0, shop));
  }

  it('says which counter its data comes from and how fresh it is; no first sync left counting', async () => {
    const net = new MemoryNetwork();
    const ids = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'];
    const cut: string[] = [];
    const sessions = ids.map((id, i) => {
      let joined = false;
      const session: Session = service.session(id, {
        intervals: { viewingPollMs: 300, idlePollMs: 300, availabilityMs: 300 },
        // Each counter finds the shop after its first sync's first page: the pass is under way.
        onSyncProgress: (p) => {
          if (joined || p.done) return;
          joined = true;
          cut.push(id);
          session.attachShop(net.join(id), `受付${i + 1}`);
        },
      });
      session.scheduler.setViewing({ date: storeDate(0), productIds: [DEMO.products.apiTest] });
      session.start();
      return session;
    });
    await waitFor(() => cut.length === ids.length, 'every counter to join mid first sync', 20_000);
    const [poller, ...followers] = sessions;
    expect(poller!.shop!.isPoller()).toBe(true);
    await waitFor(
      // (While 受付1's own first sync runs, a pull says `not_ready`: "waiting for 受付1".)
      () =>
        followers.every((s) => {
          const following = s.shop!.view().following;
          return following?.pulledAt != null && following.problem === null;
        }),
      'every follower to pull from 受付1 once it has synced',
      20_000,
    );
    for (const s of followers) {
      const status = statusOfCounter(s);
      expect(status.shop).toMatchObject({
        sharing: true,
        self: { polling: false },
        following: { counterId: 'c-1', name: '受付1', problem: null },
      });
      // Fresh: the poller's sync time, carried as an age, in this counter's time.
      expect(status.syncedAt).not.toBeNull();
      expect(Math.abs(s.now() - status.syncedAt!)).toBeLessThan(30_000);
      // No first sync under way: it was handed over to the poller (X24).
      expect(status.sync === null || status.sync.done).toBe(true);
    }
    expect(statusOfCounter(poller!).shop).toMatchObject({ following: null });
  });
});
