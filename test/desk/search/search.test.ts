/**
 * Search at the counter through `search.find`, against a desk synced from the sandbox, with the
 * real reading worker (kuromoji + IPADIC in a worker thread): real Japanese names found by their
 * kana and romaji readings, kanji variants, the last four digits of a phone, ranking, and the
 * index following a cancellation made at the counter.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationView } from '../../../main/ipc/contract';
import { silentLogger } from '../../../main/api/index';
import { WorkerReadings } from '../../../main/local/index';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

interface Guest {
  lastName: string;
  firstName: string;
  phone: string;
}

const GUESTS: Guest[] = [
  { lastName: '山田', firstName: '太郎', phone: '090-3141-4214' },
  { lastName: '佐藤', firstName: '花子', phone: '080-2718-2818' },
  { lastName: '鈴木', firstName: '一郎', phone: '070-1414-2135' },
  { lastName: '髙橋', firstName: '健', phone: '090-1732-0508' },
  { lastName: '渡邊', firstName: '誠', phone: '080-2236-0679' },
  { lastName: '中島', firstName: 'みゆき', phone: '070-1618-0339' },
];

describe('search.find with readings', () => {
  let h: Harness;
  let readings: WorkerReadings;
  const booked = new Map<string, ReservationView>();
  const find = (text: string, date: string | null = TODAY) => h.call('search.find', { text, date });
  const ids = async (text: string) => (await find(text)).results.map((r) => r.id);

  beforeAll(async () => {
    readings = new WorkerReadings({ logger: silentLogger });
    h = await startHarness({ desk: { readings } });
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    for (const [i, guest] of GUESTS.entries()) {
      const outcome = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: i % 2 ? LATER : TODAY,
        startTime: '15:00',
        adults: 1,
        children: 0,
        participants: [],
        customer: { ...guest, email: `guest${i}@example.jp` },
        sendConfirmationEmail: false,
        locale: 'ja',
      });
      expect(outcome.outcome).toBe('booked');
      booked.set(guest.lastName, outcome.reservation!);
    }
    // The names are read in the worker once the dictionary has loaded (seconds).
    await waitFor(
      async () => (await ids('なかしま')).includes(booked.get('中島')!.id),
      'the names read',
      120_000,
    );
  }, 180_000);
  afterAll(async () => {
    await h.close();
    readings.close();
  });

  it.each([
    ['やまだ', '山田'],
    ['ヤマダ', '山田'],
    ['ﾔﾏﾀﾞ', '山田'],
    ['yamada', '山田'],
    ['Yamada Taro', '山田'],
    ['やまだ たろう', '山田'],
    ['さとう', '佐藤'],
    ['satou', '佐藤'],
    ['すずき いちろう', '鈴木'],
    ['たかはし', '髙橋'],
    ['takahashi', '髙橋'],
    ['高橋', '髙橋'],
    ['わたなべ', '渡邊'],
    ['渡辺', '渡邊'],
    ['なかじま', '中島'],
    ['なかしま', '中島'],
    ['nakajima miyuki', '中島'],
  ])('%s finds %s', async (text, lastName) => {
    const found = await find(text);
    const mine = booked.get(lastName)!;
    expect(found.results.map((r) => r.id)).toContain(mine.id);
    const view = found.results.find((r) => r.id === mine.id)!;
    // Shown as written, with its date and product.
    expect(view.customerName).toContain(lastName);
    expect(view.date).toBe(mine.date);
    expect(view.productName).toBe(mine.productName);
  });

  it('the last four digits of a phone, as a guest reads them out', async () => {
    expect(await ids('4214')).toContain(booked.get('山田')!.id);
    expect(await ids('0339')).toContain(booked.get('中島')!.id);
    expect(await ids('-0508')).toContain(booked.get('髙橋')!.id);
  });

  it('a result is the party as the day view shows it, its check-in as soon as it is recorded', async () => {
    const sato = booked.get('佐藤')!;
    const inDay = async () =>
      (await h.call('day.parties', { date: sato.date, slot: null })).reservations.find(
        (r) => r.id === sato.id,
      )!;
    const found = async () => (await find('2718-2818')).results.find((r) => r.id === sato.id)!;
    expect(await found()).toEqual(await inDay());
    await h.call('checkin.record', {
      reservationId: sato.id,
      date: sato.date,
      state: 'arrived',
      adults: sato.adults,
      children: sato.children,
    });
    const after = await found();
    expect(after.checkIn?.state).toBe('arrived');
    expect(after).toEqual(await inDay());
  });

  it('ranked: today’s parties, then upcoming soonest first, then past, then cancelled; capped, saying more matched', async () => {
    // Every guest of the demo store with an address at example.jp, and ours.
    const found = await find('example.jp');
    expect([found.total, found.more]).toEqual([20, true]);
    expect(found.results).toHaveLength(20);
    const tier = (r: ReservationView) =>
      !r.active ? 4 : r.date === TODAY ? 1 : r.date > TODAY ? 2 : 3;
    const tiers = found.results.map(tier);
    expect([...tiers].sort()).toEqual(tiers);
    expect(tiers[0]).toBe(1);
    const upcoming = found.results.filter((r) => tier(r) === 2).map((r) => r.date);
    expect([...upcoming].sort()).toEqual(upcoming);
  });

  it('a cancellation at the counter: found at once as cancelled', async () => {
    const yamada = booked.get('山田')!;
    await h.call('cancel.preview', {
      reservationId: yamada.id,
      date: yamada.date,
      reason: 'customer_request',
    });
    await h.call('cancel.confirm', {
      reservationId: yamada.id,
      date: yamada.date,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    const found = await find('やまだ たろう');
    expect(found.results.map((r) => [r.id, r.status, r.active])).toEqual([
      [yamada.id, 'cancelled', false],
    ]);
  });

  it('the index outlives a restart: found by reading at once, names not read again', async () => {
    const loadsBefore = readings.loads;
    await h.restart();
    expect(await ids('なかしま')).toContain(booked.get('中島')!.id);
    expect(await ids('たかはし')).toContain(booked.get('髙橋')!.id);
    expect(h.logs.filter((l) => l.event === 'search.rebuild')).toEqual([]);
    expect(readings.loads).toBe(loadsBefore);
  });
});
