/**
 * A PC whose date is wrong (issue 28, H7): its clock is a day ahead of the service's.
 * Once the service has answered, the desk works in the service's time: "today" is the service's
 * date, the status says the PC's clock is a day fast (and moves the renderer's "now" back), and
 * the data's age is read in that time. Restarted, it opens in the service's time at once, from
 * the offset it kept (H11), even while the service cannot be reached.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, TODAY, cutLink, restoreLink, setUp, startHarness, type Harness } from './support';
import { waitFor } from '../support/wait';

const DAY_MS = 86_400_000;
/** The PC's own (wrong) today. */
const LATER_BY_A_DAY = '2026-11-25';

describe('a PC whose date is wrong', () => {
  let h: Harness;
  beforeAll(async () => {
    // The service's clock is the sandbox's (NOW); this PC's is a day ahead of it.
    let service = () => Date.parse(NOW);
    h = await startHarness({ desk: { now: () => service() + DAY_MS } });
    service = () => h.sb.sandbox.clock.now();
  });
  afterAll(() => h.close());

  it('opens the service’s today, not its own, and says its clock is a day fast', async () => {
    await setUp(h);
    const day = await h.call('day.get', { date: null });
    expect(day.date).toBe(TODAY);
    const status = await h.call('status.get', {});
    expect(status.clock).toMatchObject({ against: 'service', counterName: null });
    expect(Math.abs(status.clock!.skewMs - DAY_MS)).toBeLessThan(2_000);
    expect(Math.abs(status.clockOffsetMs + DAY_MS)).toBeLessThan(2_000);
    // The sync's time is the service's: "updated just now" in the renderer's corrected now.
    const synced = await waitFor(async () => (await h.call('status.get', {})).syncedAt, 'a sync');
    const rendererNow = Date.now() + DAY_MS + status.clockOffsetMs; // the PC's clock, corrected
    expect(Math.abs(synced - h.sb.sandbox.clock.now())).toBeLessThan(60_000);
    expect(rendererNow - Date.now()).toBeLessThan(2_000);
  });

  it('restarted on it with the service out of reach: opens the service’s today at once, from the offset it kept', async () => {
    expect(readdirSync(path.join(h.dataDir, 'settings')).some((f) => f.startsWith('clock'))).toBe(
      true,
    );
    cutLink(h.sb);
    try {
      await h.restart();
      expect((await h.call('day.get', { date: null })).date).toBe(TODAY);
      const status = await h.call('status.get', {});
      expect(status.clock).toMatchObject({ against: 'service' });
      expect(Math.abs(status.clock!.skewMs - DAY_MS)).toBeLessThan(2_000);
    } finally {
      restoreLink(h.sb);
    }
  });

  it('the offset kept gone: once the service answers, today moves to the service’s and the day view is told', async () => {
    const from = h.events.length;
    const clockFile = readdirSync(path.join(h.dataDir, 'settings')).find((f) =>
      f.startsWith('clock'),
    );
    await h.desk.stop();
    rmSync(path.join(h.dataDir, 'settings', clockFile!));
    // The session opens at once on the saved store; the PC's clock is uncorrected until an answer.
    await h.restart();
    const told = await waitFor(
      () =>
        h.events
          .slice(from)
          .find((e) => e.event === 'day.changed' && 'today' in (e.payload as object)),
      'the day view told that today moved',
    );
    expect(told.payload).toEqual({ dates: [LATER_BY_A_DAY, TODAY], today: TODAY });
    expect((await h.call('day.get', { date: null })).date).toBe(TODAY);
  });
});
