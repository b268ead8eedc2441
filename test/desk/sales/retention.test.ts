/**
 * The journal's retention at the counter (main/desk/sales/retention.ts, decision J3) on the
 * session's clock: a closed day leaves this PC on the store's first day it is older than the years
 * set, not the day before, and the purge runs at most once a store day. The session is never
 * started (nothing is asked of the service): its clock is a variable the test moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger, type Store } from '../../../main/api/index';
import { Session } from '../../../main/desk/session';
import { purgeJournal } from '../../../main/desk/sales/retention';
import { SettingsFile } from '../../../main/desk/settings';
import { fixedKeyProvider } from '../../../main/local/index';
import type { JournalRecord, NewRecord } from '../../../main/local/journal/records';
import { DEMO } from '../../../sandbox/scenario/demo';
import { at, sale } from '../close/records';
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

function close(businessDate: string): NewRecord {
  const counted = Object.fromEntries(
    ['10000', '5000', '2000', '1000', '500', '100', '50', '10', '5', '1'].map((d) => [d, 0]),
  ) as Extract<JournalRecord, { kind: 'close' }>['counted'];
  return {
    businessDate,
    at: at(businessDate, '20:00'),
    counterId: 'counter-1',
    counterName: '受付1',
    kind: 'close',
    openingFloat: 0,
    counted,
    countedCash: 0,
    expectedCash: 0,
    overShort: 0,
    note: null,
  };
}

const dirs: string[] = [];
const sessions: Session[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
  for (const d of dirs.splice(0)) removeDir(d);
});

/** A counter whose clock is `clock.now` (the store's time, moved by the test). */
async function counter(clock: { now: number }, office = false) {
  const dataDir = tempDir();
  dirs.push(dataDir);
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
  await session.journalReady();
  const settings = new SettingsFile(dataDir, silentLogger);
  /** A day this counter sold on and closed. */
  const closedDay = (date: string) => [
    session.journal.append(sale(date, '10:00', 5_000, [{ method: 'cash', amount: 5_000 }])),
    session.journal.append(close(date)),
  ];
  const kept = (records: JournalRecord[]) => records.filter((r) => session.journal.get(r.id));
  return { session, purge: () => purgeJournal(session, settings), closedDay, kept };
}

describe('the journal’s retention on the session’s clock', () => {
  it('a closed day leaves on the first store day it is older than the years set, not before', async () => {
    const clock = { now: at('2026-11-23', '23:59') };
    const { purge, closedDay, kept } = await counter(clock);
    // Seven years (the default): on 2026-11-24 the days before 2019-11-24 go.
    const older = closedDay('2019-11-23');
    const edge = closedDay('2019-11-24');
    expect(purge()).toBe(0);
    expect(kept(older)).toEqual(older);
    // Midnight, store time: a new store day, the bound a day later.
    clock.now = at('2026-11-24', '00:00');
    expect(purge()).toBe(2);
    expect(kept(older)).toEqual([]);
    expect(kept(edge)).toEqual(edge);
  });

  it('runs at most once a store day: what became due meanwhile waits for the next day', async () => {
    const clock = { now: at('2026-11-24', '00:00') };
    const { purge, closedDay, kept } = await counter(clock);
    expect(purge()).toBe(0);
    // A day closed long ago appears (another PC's journal restored, say) later the same day.
    const late = closedDay('2019-11-20');
    clock.now = at('2026-11-24', '23:59');
    expect(purge()).toBe(0);
    expect(kept(late)).toEqual(late);
    clock.now = at('2026-11-25', '00:00');
    expect(purge()).toBe(2);
    expect(kept(late)).toEqual([]);
  });

  it('keeps a closed day the head office has not acknowledged (decision AB23)', async () => {
    const clock = { now: at('2026-11-24', '00:00') };
    const { session, purge, closedDay, kept } = await counter(clock, true);
    const outbox = session.officeOutbox!;
    const old = closedDay('2019-11-20');
    // Written straight to the journal by the test: the outbox is given them as the till would.
    for (const r of old) outbox.journal(r);
    expect(purge()).toBe(0);
    expect(kept(old)).toEqual(old);
    // The office acknowledged them: the next store day, they go.
    outbox.ack(outbox.nextSeq - 1);
    clock.now = at('2026-11-25', '00:00');
    expect(purge()).toBe(2);
    expect(kept(old)).toEqual([]);
  });
});
