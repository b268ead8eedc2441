/**
 * The status bar's office figures (decision AB28) from a session enrolled with an office, never
 * started (nothing asked of any service), on a clock the test moves: what waits, when the office
 * last acknowledged, the warning after long silence with something waiting, damaged entries.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { silentLogger, type Store } from '../../../main/api/index';
import { officeStatusOf, STALE_MS } from '../../../main/desk/office/office-status';
import { Session } from '../../../main/desk/session';
import { fixedKeyProvider, safeName } from '../../../main/local/index';
import { DEMO } from '../../../sandbox/scenario/demo';
import { KYOTO, TEST_KEY, removeDir, tempDir } from '../../local/support';

const STORE: Store = {
  id: KYOTO,
  name: '体験工房A 京都嵐山店',
  slug: 'kyoto-arashiyama',
  paymentMethods: ['on_site', 'external'],
  customerEmailEnabled: true,
  timeZone: 'Asia/Tokyo',
  currency: 'JPY',
};

const dirs: string[] = [];
const sessions: Session[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
  for (const d of dirs.splice(0)) removeDir(d);
});

function open(dataDir: string, clock: { now: number }, office = true) {
  const session = new Session({
    serviceUrl: 'http://127.0.0.1:9',
    apiKey: () => 'never-sent',
    storeId: KYOTO,
    store: STORE,
    plan: { requests: 1_000, windowMs: 60_000 },
    dataDir,
    organizationId: DEMO.organizations.main,
    keyProvider: fixedKeyProvider(TEST_KEY),
    counter: { id: 'counter-1', host: 'pc-1' },
    logger: silentLogger,
    now: () => clock.now,
    office,
  });
  sessions.push(session);
  return session;
}

const cash = { direction: 'in', reason: 'float', amount: 500, note: null } as const;

it('counts what waits, ages the acknowledgement and warns after long silence', () => {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const clock = { now: Date.parse('2026-12-07T01:00:00Z') };
  expect(officeStatusOf(open(dataDir, clock, false), clock.now)).toBeNull();
  const session = open(dataDir, clock);
  session.till.record('cash', cash);
  session.till.record('cash', cash);
  expect(officeStatusOf(session, clock.now)).toMatchObject({
    pending: 2,
    lastAckAt: null,
    stale: false,
    damaged: 0,
    stopped: null,
  });
  // Nothing acknowledged for long, with records waiting: the bar warns.
  clock.now += STALE_MS + 1;
  expect(officeStatusOf(session, clock.now)?.stale).toBe(true);
  session.officeOutbox!.ack(1);
  expect(officeStatusOf(session, clock.now)).toMatchObject({
    pending: 1,
    lastAckAt: clock.now,
    stale: false,
  });
  clock.now += STALE_MS + 1;
  expect(officeStatusOf(session, clock.now)?.stale).toBe(true);
  session.officeOutbox!.ack(2);
  expect(officeStatusOf(session, clock.now)).toMatchObject({ pending: 0, stale: false });
});

it('counts an entry this PC cannot read, which stands alone', () => {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const clock = { now: Date.parse('2026-12-07T01:00:00Z') };
  const first = open(dataDir, clock);
  first.till.record('cash', cash);
  first.till.record('cash', cash);
  first.close();
  const root = path.join(dataDir, safeName(DEMO.organizations.main), safeName(KYOTO));
  writeFileSync(path.join(root, 'office', 'entries', '000000000001.json'), '{"v":1,');
  const again = open(dataDir, clock);
  expect(officeStatusOf(again, clock.now)).toMatchObject({ pending: 2, damaged: 1 });
  // The journal's own record is unharmed, and the desk records on.
  expect(again.till.record('cash', cash)).toBeTruthy();
  expect(again.officeOutbox!.pending().map((e) => e.seq)).toEqual([1, 2, 3]);
});
