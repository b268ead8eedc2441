/**
 * A counter's records in the shop's shared state, through `Session.attachShop` (the wiring the
 * desk uses): a check-in recorded at one counter lands in the others' own records with its
 * counter's name; a race of two counters cut off from each other settles to the same record on
 * both once they meet; the shared doc is kept among the store's files and read again at restart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Store } from '../../../main/api/index';
import { Session } from '../../../main/desk/session';
import { fixedKeyProvider } from '../../../main/local/index';
import { DEMO } from '../../../sandbox/scenario/demo';
import { MemoryNetwork } from '../../support/memory-bus';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { KYOTO, TEST_KEY, removeDir, storeDate, tempDir, testClient } from '../../local/support';
import { waitFor } from '../../support/wait';

describe('a counter’s records in the shop', () => {
  let sb: TestSandbox;
  let store: Store;
  const sessions: Session[] = [];
  const dirs: string[] = [];
  const date = storeDate(0);

  beforeAll(async () => {
    sb = await startTestSandbox();
    const client = testClient(sb.baseUrl, sb.key('org-facility'));
    store = (await client.stores()).find((s) => s.id === KYOTO)!;
    client.close();
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.close();
    for (const d of dirs.splice(0)) removeDir(d);
  });
  afterAll(() => sb.close());

  function counter(net: MemoryNetwork, id: string, dataDir = tempDir()): Session {
    const session = new Session({
      serviceUrl: sb.baseUrl,
      apiKey: () => sb.key('org-facility'),
      storeId: KYOTO,
      store,
      plan: { requests: 1_000, windowMs: 60_000 },
      dataDir,
      organizationId: DEMO.organizations.main,
      keyProvider: fixedKeyProvider(TEST_KEY),
      counter: { id, host: `pc-${id}` },
      counterName: () => `受付${id}`,
      logger: silentLogger,
    });
    // Never started: these tests are about the shared records, not the service.
    session.attachShop(net.join(id), `受付${id}`, { antiEntropyMs: 200 });
    sessions.push(session);
    if (!dirs.includes(dataDir)) dirs.push(dataDir);
    return session;
  }

  const checkIn = (s: Session, reservationId: string, at: number, basis?: string | null) =>
    s.local.cache.recordCheckIn(
      date,
      reservationId,
      { state: 'arrived', adults: 2, children: 0, at, offline: false },
      basis,
    );

  it('a check-in at one counter is in the others’ records, with its counter', async () => {
    const net = new MemoryNetwork();
    const [a, b, c] = ['1', '2', '3'].map((id) => counter(net, id));
    const recorded = checkIn(a!, 'r-1', Date.now());
    for (const s of [b!, c!]) {
      await waitFor(() => s.local.cache.checkInOf(date, 'r-1').current !== null, 'arrival', 5_000);
      expect(s.local.cache.checkInOf(date, 'r-1').current).toMatchObject({
        id: recorded.current!.id,
        counterName: '受付1',
        state: 'arrived',
      });
    }
  });

  it('two counters cut off from each other check the same party in: one record on both once they meet', async () => {
    const net = new MemoryNetwork();
    const a = counter(net, '1');
    const b = counter(net, '2');
    net.partition(['1'], ['2']);
    const t = Date.now();
    checkIn(b, 'r-2', t + 1, null); // later
    const first = checkIn(a, 'r-2', t, null);
    net.heal();
    const settled = (s: Session) => s.local.cache.checkInOf(date, 'r-2');
    await waitFor(
      () => settled(a).events.length === 2 && settled(b).events.length === 2,
      'merge',
      5_000,
    );
    for (const s of [a, b]) {
      expect(settled(s).head?.id).toBe(first.current!.id);
      expect(settled(s).setAside.map((x) => x.wonBy?.counterName)).toEqual(['受付1']);
    }
  });

  it('keeps the shared state among the store’s files: a counter restarted alone still knows the others’ check-ins', async () => {
    const net = new MemoryNetwork();
    const dataDir = tempDir();
    const a = counter(net, '1');
    const b = counter(net, '2', dataDir);
    checkIn(a, 'r-3', Date.now());
    await waitFor(() => b.local.cache.checkInOf(date, 'r-3').current !== null, 'arrival', 5_000);
    b.close(); // saves the doc
    sessions.splice(sessions.indexOf(b), 1);
    const alone = new MemoryNetwork();
    const again = counter(alone, '2', dataDir);
    expect(again.local.cache.checkInOf(date, 'r-3').current?.counterName).toBe('受付1');
  });
});
