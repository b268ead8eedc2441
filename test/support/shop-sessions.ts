/**
 * Counters of one shop as sessions in one process, on one sandbox with one key (test/shop): the
 * sandbox and the demo store, a counter's session (its own data dir, tuned by the test), and the
 * closing of every session a test opened.
 */
import { silentLogger, type ReservationClient, type Store } from '../../main/api/index';
import { Session, type SessionOptions } from '../../main/desk/session';
import { fixedKeyProvider } from '../../main/local/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { KYOTO, TEST_KEY, removeDir, tempDir, testClient } from '../local/support';
import { startTestSandbox, type TestSandbox } from './sandbox';

export interface ShopService {
  sb: TestSandbox;
  apiKey: string;
  store: Store;
  /** The service's other users (the booking site, the admin). */
  other: ReservationClient;
  /** A counter's session; `id` is its counter id, `options` what the test tunes. */
  session(id: string, options?: Partial<SessionOptions>): Session;
  /** Close every session opened and remove its files (after each test). */
  closeSessions(): void;
  close(): Promise<void>;
}

export async function startShopService(): Promise<ShopService> {
  const sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 1_000_000 } } });
  const apiKey = sb.key('org-facility');
  const other = testClient(sb.baseUrl, apiKey);
  const store = (await other.stores()).find((s) => s.id === KYOTO)!;
  const opened: Array<{ session: Session; dataDir: string }> = [];
  return {
    sb,
    apiKey,
    store,
    other,
    session(id, options = {}) {
      const dataDir = tempDir();
      const session = new Session({
        serviceUrl: sb.baseUrl,
        apiKey: () => apiKey,
        storeId: KYOTO,
        store,
        plan: { requests: 100_000, windowMs: 60_000 },
        dataDir,
        organizationId: DEMO.organizations.main,
        keyProvider: fixedKeyProvider(TEST_KEY),
        logger: silentLogger,
        client: { retry: { baseDelayMs: 20, maxDelayMs: 200 } },
        counter: { id, host: id },
        ...options,
      });
      opened.push({ session, dataDir });
      return session;
    },
    closeSessions() {
      for (const c of opened.splice(0)) {
        c.session.close();
        removeDir(c.dataDir);
      }
    },
    async close() {
      other.close();
      await sb.close();
    },
  };
}
