/**
 * The headcount check says which slot does not take the party and why (issue 11): seats left
 * against the party, or the day's status as the service gives it, beside the slots that fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { misfitOf } from '../../../main/desk/headcount/misfit';
import { KYOTO, P, TODAY, cutLink, restoreLink, setUp, startHarness } from '../support';
import type { Harness } from '../support';
import { waitFor } from '../../support/wait';

const YESTERDAY = '2026-11-23';

interface ServedDay {
  date: string;
  status: string;
  slots: { startTime: string; remainingCapacity: number }[];
}

async function month(h: Harness, productId: string, date: string): Promise<ServedDay[]> {
  const [y, m] = date.split('-').map(Number);
  const reply = await h.sb.call(
    'GET',
    h.sb.storePath(KYOTO, `/products/${productId}/availability?year=${y}&month=${m}`),
  );
  return reply.body.days as ServedDay[];
}

async function served(h: Harness, productId: string, date: string): Promise<ServedDay> {
  return (await month(h, productId, date)).find((d) => d.date === date)!;
}

describe('the headcount check says which slot does not fit, and why', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
  });
  afterAll(() => h.close());

  const check = (
    date: string,
    startTime: string | null,
    adults: number,
    productId: string = P.rickshaw,
  ) => h.call('headcount.check', { productId, date, startTime, adults, children: 0 });

  it('too few seats: the slot, the seats left and the party, beside the slots that fit', async () => {
    const day = await served(h, P.rickshaw, TODAY);
    const some = day.slots.find((s) => s.remainingCapacity >= 1 && s.remainingCapacity < 9)!;
    expect(some).toBeTruthy();
    const party = some.remainingCapacity + 1;
    const fit = await check(TODAY, some.startTime, party);
    expect(fit.fits).toBe('no');
    expect(fit.misfit).toEqual({
      date: TODAY,
      startTime: some.startTime,
      reason: 'seats',
      remaining: some.remainingCapacity,
      party,
    });
    expect(fit.nextSlots.every((n) => n.remaining >= party)).toBe(true);
    expect(fit.nextSlots.some((n) => n.date === TODAY && n.startTime === some.startTime)).toBe(
      false,
    );

    const full = day.slots.find((s) => s.remainingCapacity === 0)!;
    expect((await check(TODAY, full.startTime, 1)).misfit).toMatchObject({
      reason: 'seats',
      remaining: 0,
      party: 1,
    });
    // It fits: nothing to say.
    const fits = await check(TODAY, some.startTime, some.remainingCapacity);
    expect(fits.fits).toBe('yes');
    expect(fits.misfit).toBeUndefined();
  });

  it('a closed day, a day past its deadline, a past day: the day’s status as the reason', async () => {
    // The dyeing workshop is closed on Wednesday the 25th; today's kimono walks are all past
    // their booking deadline at 09:30.
    const wednesday = '2026-11-25';
    expect((await served(h, P.yuzenDyeing, wednesday)).status).toBe('closed');
    expect((await served(h, P.kimonoWalk, TODAY)).status).toBe('deadline_passed');
    await h.call('day.get', { date: wednesday });
    const closed = await check(wednesday, '10:00', 2, P.yuzenDyeing);
    expect(closed.fits).toBe('no');
    expect(closed.misfit).toEqual({
      date: wednesday,
      startTime: '10:00',
      reason: 'closed',
      remaining: null,
      party: 2,
    });
    expect(closed.nextSlots.length).toBeGreaterThan(0);
    const late = await check(TODAY, '13:00', 2, P.kimonoWalk);
    expect(late.misfit).toMatchObject({ reason: 'deadline_passed', startTime: '13:00' });
    const past = await check(YESTERDAY, '10:00', 2);
    expect(past.misfit).toMatchObject({ reason: 'past', startTime: '10:00' });
  });

  it('offline: said from the cache, the fit itself unknown', async () => {
    const day = await served(h, P.rickshaw, TODAY);
    const full = day.slots.find((s) => s.remainingCapacity === 0)!;
    cutLink(h.sb);
    try {
      await h.call('day.refresh', { date: TODAY }).catch(() => undefined);
      await waitFor(async () => (await h.call('status.get', {})).link === 'offline', 'offline');
      const fit = await check(TODAY, full.startTime, 1);
      expect(fit.fits).toBe('unknown');
      expect(fit.misfit).toMatchObject({ reason: 'seats', remaining: 0, party: 1 });
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link back');
  });
});

describe('misfitOf: the reasons the availability gives', () => {
  const q = { date: TODAY, startTime: '14:00', party: 3, today: TODAY, nowTime: '09:30' };
  const slot = (startTime: string, remainingCapacity: number) => ({
    startTime,
    endTime: '15:00',
    capacity: 10,
    remainingCapacity,
  });
  const day = (status: string, slots: ReturnType<typeof slot>[]) =>
    ({ date: TODAY, status, slots }) as never;

  it('each reason, and none when it fits or nothing is known', () => {
    expect(misfitOf(undefined, q)).toBeNull();
    expect(misfitOf(day('available', [slot('14:00', 3)]), q)).toBeNull();
    expect(misfitOf(day('limited', [slot('14:00', 2)]), q)).toMatchObject({
      reason: 'seats',
      remaining: 2,
      party: 3,
    });
    expect(misfitOf(day('deadline_passed', []), q)?.reason).toBe('deadline_passed');
    // Left out of an open day: past its deadline (spec 2.5), or begun.
    expect(misfitOf(day('available', [slot('16:00', 5)]), q)?.reason).toBe('deadline_passed');
    expect(misfitOf(day('available', [slot('16:00', 5)]), { ...q, nowTime: '14:10' })?.reason).toBe(
      'started',
    );
    expect(misfitOf(day('sold_out', []), q)?.reason).toBe('unavailable');
  });
});
