// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../main/ipc/bridge';
import { CallError, createApi } from '../../renderer/src/api/api';
import { createDayStore } from '../../renderer/src/stores/day';
import { createMoneyStore, printsAtOnce } from '../../renderer/src/stores/money';
import { SEARCH_PAUSE_MS, createSearchStore } from '../../renderer/src/stores/search';
import { createStatusStore } from '../../renderer/src/stores/status';
import { createWalkInStore } from '../../renderer/src/stores/walkin';
import { participantsOf } from '../../renderer/src/stores/walkinDraft';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import {
  BIKE_FORM,
  dayView,
  demoBridge,
  NOW,
  outboxItem,
  R1,
  status,
  TODAY,
  fit,
} from './support/fixtures';
import { MONEY_SETTINGS } from './support/money';

let fake: FakeBridge;
afterEach(() => {
  expect(fake.violations).toEqual([]);
  vi.useRealTimers();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('api', () => {
  it('returns typed values, and throws the code of a failure', async () => {
    fake = demoBridge();
    const api = createApi(fake.bridge);
    const day = await api.call('day.get', { date: null });
    expect(day.date).toBe(TODAY);
    const error = await api.call('walkin.book', {} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).code).toBe('INVALID_INPUT');
    fake.violations.length = 0; // sent on purpose
  });

  it('turns a broken transport into a code, and drops every subscription on dispose', async () => {
    fake = demoBridge();
    const broken: Bridge = { invoke: () => Promise.reject(new Error('gone')), on: fake.bridge.on };
    const api = createApi(broken);
    await expect(api.call('status.get', {})).rejects.toMatchObject({ code: 'BRIDGE_FAILED' });
    api.on('status.changed', () => undefined);
    api.on('day.changed', () => undefined);
    expect(fake.listenerCount('status.changed')).toBe(1);
    api.dispose();
    expect(fake.listenerCount('status.changed')).toBe(0);
    expect(fake.listenerCount('day.changed')).toBe(0);
  });
});

describe('dayStore', () => {
  it('shows a cached day at once and refreshes behind; coalesces bursts of events', async () => {
    fake = demoBridge();
    const day = createDayStore(createApi(fake.bridge));
    await day.getState().open(null);
    expect(day.getState().date).toBe(TODAY);
    const shown = day.getState().days[TODAY];

    let answers = 0;
    fake.handle('day.get', async () => {
      answers++;
      await tick();
      return dayView();
    });
    for (let i = 0; i < 10; i++) fake.emit('day.changed', { dates: [] });
    await vi.waitFor(() => expect(day.getState().loading).toBe(false), { timeout: 10_000 });
    await tick();
    // One load running and one more for everything that came meanwhile.
    expect(answers).toBe(2);
    // Nothing changed: the very same object stays on screen.
    expect(day.getState().days[TODAY]).toBe(shown);
  });

  it('keeps the error and the old view when a reload fails', async () => {
    fake = demoBridge();
    const day = createDayStore(createApi(fake.bridge));
    await day.getState().open(null);
    fake.handle('day.get', () => {
      throw new Refusal('NOT_SET_UP');
    });
    await day.getState().reload();
    expect(day.getState().error?.code).toBe('NOT_SET_UP');
    expect(day.getState().days[TODAY]).toBeTruthy();
  });

  it('does not jump back when an old answer comes after staff moved on', async () => {
    fake = demoBridge();
    const day = createDayStore(createApi(fake.bridge));
    let release!: () => void;
    fake.handle(
      'day.get',
      ({ date }) =>
        new Promise((r) =>
          date === '2026-05-20'
            ? (release = () => r(dayView({ date: '2026-05-20' })))
            : r(dayView({ date: date ?? TODAY })),
        ),
    );
    const slow = day.getState().open('2026-05-20');
    await day.getState().open('2026-05-21');
    release();
    await slow;
    expect(day.getState().date).toBe('2026-05-21');
    expect(day.getState().days['2026-05-20']).toBeTruthy();
  });
});

describe('searchStore', () => {
  it('debounces typing, ignores stale answers, and opens an exact match on submit', async () => {
    vi.useFakeTimers();
    fake = demoBridge();
    const opened: string[] = [];
    const search = createSearchStore(createApi(fake.bridge), {
      date: () => TODAY,
      open: (r) => opened.push(r.id),
      showResults: () => undefined,
      debounceMs: 200,
    });
    search.getState().setText('1');
    search.getState().setText('10');
    search.getState().setText('100001');
    expect(fake.callsOf('search.find')).toHaveLength(0);
    const submitted = search.getState().submit();
    await vi.runAllTimersAsync();
    await submitted;
    expect(fake.callsOf('search.find')).toEqual([{ text: '100001', date: TODAY }]);
    expect(opened).toEqual([R1.id]);
    expect(search.getState().text).toBe('');
  });

  it('asks one search at a time: keys typed meanwhile are searched once it answers, the latest only', async () => {
    vi.useFakeTimers();
    fake = demoBridge();
    const answers: (() => void)[] = [];
    fake.handle(
      'search.find',
      ({ text }) =>
        new Promise((resolve) =>
          answers.push(() => resolve({ exact: null, results: [], total: text.length })),
        ),
    );
    const search = createSearchStore(createApi(fake.bridge), {
      date: () => TODAY,
      open: () => undefined,
      showResults: () => undefined,
    });
    search.getState().setText('や');
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    expect(fake.callsOf('search.find')).toEqual([{ text: 'や', date: TODAY }]);
    for (const text of ['やま', 'やまだ']) {
      search.getState().setText(text);
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS);
    }
    expect(fake.callsOf('search.find')).toHaveLength(1);
    answers[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.callsOf('search.find').map((c) => c.text)).toEqual(['や', 'やまだ']);
    answers[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(search.getState()).toMatchObject({ query: 'やまだ', total: 3, searching: false });
  });
});

describe('statusStore', () => {
  it('follows status and outbox events; retry and discard update the list', async () => {
    fake = demoBridge({
      'outbox.list': () => ({ items: [outboxItem({ state: 'refused' })] }),
      'outbox.retry': ({ id }) => outboxItem({ id, state: 'queued' }),
      'outbox.discard': ({ id }) => outboxItem({ id, state: 'discarded' }),
    });
    const store = createStatusStore(createApi(fake.bridge), () => NOW);
    await store.getState().load();
    expect(store.getState().status?.link).toBe('online');
    fake.emit('status.changed', status({ link: 'offline' }));
    expect(store.getState().status?.link).toBe('offline');
    await store.getState().retry('e-1');
    expect(store.getState().outbox[0]!.state).toBe('queued');
    await store.getState().discard('e-1');
    expect(fake.callsOf('outbox.discard')).toEqual([{ id: 'e-1', confirm: true }]);
    expect(store.getState().outbox[0]!.state).toBe('discarded');
    fake.emit('outbox.changed', { items: [] });
    expect(store.getState().outbox).toEqual([]);
  });
});

describe('walkInStore', () => {
  function walkIn() {
    return createWalkInStore(createApi(fake.bridge), {
      date: () => TODAY,
      locale: () => 'ja',
      recheckMs: 0,
    });
  }

  it('defaults to the standard walk-in: two adults and the next slot that fits', async () => {
    fake = demoBridge();
    const w = walkIn();
    await w.getState().chooseProduct('p-kayak');
    expect(w.getState()).toMatchObject({
      step: 'party',
      adults: 2,
      children: 0,
      slot: { date: TODAY, startTime: '11:00' },
    });
    expect(fake.callsOf('headcount.check')).toEqual([
      { productId: 'p-kayak', date: TODAY, startTime: null, adults: 2, children: 0 },
    ]);
  });

  it('sends the draft to the desk and keeps the problems it answers, at their fields', async () => {
    const problem = (field: string, participantNumber: number | null, code: string) => ({
      field,
      participantNumber,
      code,
      message: code,
    });
    const answered = [
      problem('customer.email', null, 'invalid_format'),
      problem('customer.lastName', null, 'MISSING_REQUIRED_FIELD'),
      problem('height', 2, 'INVALID_TYPE'),
    ];
    fake = demoBridge({ 'walkin.quote': () => ({ price: null, problems: answered }) });
    const w = walkIn();
    await w.getState().chooseProduct('p-bike');
    await w.getState().toDetails();
    w.getState().setAnswer(2, 'height', 'x');
    w.getState().setCustomer({ email: ' nope ' });
    expect(await w.getState().toReview()).toBe(false);
    expect(fake.callsOf('walkin.quote')).toEqual([
      {
        productId: 'p-bike',
        date: TODAY,
        startTime: w.getState().slot!.startTime,
        adults: 2,
        children: 0,
        participants: [
          { participantNumber: 1, fieldValues: {} },
          { participantNumber: 2, fieldValues: { height: 'x' } },
        ],
        customer: { lastName: '', firstName: '', email: 'nope', phone: null, customerId: null },
      },
    ]);
    expect(w.getState()).toMatchObject({ step: 'details', price: null, problems: answered });
    // Fixing a field takes its problem away; the others stay until the desk is asked again.
    w.getState().setAnswer(2, 'height', '120');
    expect(w.getState().problems.map((p) => p.field)).toEqual([
      'customer.email',
      'customer.lastName',
    ]);
  });

  it('sends participants numbered from 1, numbers as numbers, booker-only fields once', () => {
    expect(
      participantsOf(BIKE_FORM, 2, {
        1: { height: '170', helmet: 'm', notes: '  late  ', extras: [] },
        2: { height: '120', notes: 'ignored' },
      }),
    ).toEqual([
      { participantNumber: 1, fieldValues: { height: 170, helmet: 'm', notes: 'late' } },
      { participantNumber: 2, fieldValues: { height: 120 } },
    ]);
    // A number that does not read as one goes as typed: the desk says it is not a number.
    expect(participantsOf(BIKE_FORM, 1, { 1: { height: ' 1 7 0 ' } })).toEqual([
      { participantNumber: 1, fieldValues: { height: '1 7 0' } },
    ]);
    expect(participantsOf({ ...BIKE_FORM, customFields: [] }, 2, {})).toEqual([]);
  });

  it('waits for the re-check of a changed party before moving on, and shows a changed slot', async () => {
    // 11:00 has room for 7: a party of 8 fits only at 14:00.
    fake = demoBridge({
      'headcount.check': ({ adults, children }) =>
        adults + children > 7
          ? fit({ nextSlots: [{ date: TODAY, startTime: '14:00', remaining: 12 }] })
          : fit(),
    });
    const w = createWalkInStore(createApi(fake.bridge), {
      date: () => TODAY,
      locale: () => 'ja',
      recheckMs: 10_000, // the debounce would still be waiting when Enter comes
    });
    await w.getState().chooseProduct('p-kayak');
    expect(w.getState().slot).toMatchObject({ startTime: '11:00' });
    w.getState().setAdults(8);
    // Enter at once: the check runs now, 11:00 is gone, and staff see 14:00 before going on.
    expect(await w.getState().toDetails()).toBe(false);
    expect(w.getState()).toMatchObject({ step: 'party', slot: { startTime: '14:00' } });
    expect(w.getState().problems.map((p) => p.code)).toEqual(['SLOT_CHANGED']);
    expect(fake.callsOf('headcount.check').at(-1)).toMatchObject({ adults: 8 });
    // The second Enter goes on with the slot now on screen.
    expect(await w.getState().toDetails()).toBe(true);
    expect(w.getState().step).toBe('details');
  });

  it('a new e-mail forgets the customer found before', async () => {
    fake = demoBridge();
    const w = walkIn();
    w.getState().useCustomer({ id: 'c-1', name: 'Mori', email: 'm@x.jp', phone: null, visits: 1 });
    expect(w.getState().customer.customerId).toBe('c-1');
    w.getState().setCustomer({ email: 'other@x.jp' });
    expect(w.getState().customer.customerId).toBeNull();
  });

  it('goes to the review without a price when the link is down', async () => {
    fake = demoBridge({
      'walkin.quote': () => {
        throw new Refusal('NETWORK_OFFLINE');
      },
    });
    const w = walkIn();
    await w.getState().chooseProduct('p-kayak');
    await w.getState().toDetails();
    w.getState().setCustomer({ lastName: 'Kato' });
    expect(await w.getState().toReview()).toBe(true);
    expect(w.getState()).toMatchObject({ step: 'review', price: null, priceOffline: true });
  });

  it('books once even if confirm is pressed twice', async () => {
    fake = demoBridge();
    const w = walkIn();
    await w.getState().chooseProduct('p-kayak');
    await w.getState().toDetails();
    w.getState().setCustomer({ lastName: 'Kato' });
    await w.getState().toReview();
    await Promise.all([w.getState().confirm(), w.getState().confirm()]);
    expect(fake.callsOf('walkin.book')).toHaveLength(1);
    expect(w.getState().step).toBe('done');
  });
});

describe('moneyStore’s settings', () => {
  it('are null until the desk answers, a refusal kept to say; two askers share one ask', async () => {
    let asked = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake = demoBridge({
      'money.settings': async () => {
        if (++asked === 1) throw new Refusal('HOST_UNREACHABLE');
        await answered;
        return MONEY_SETTINGS;
      },
    });
    const money = createMoneyStore(createApi(fake.bridge));
    // Not known: no copy of the desk's defaults stands in for them (AA5).
    expect(money.getState().settings).toBeNull();
    expect(printsAtOnce(money.getState())).toBe(false);

    await money.getState().askSettings();
    expect(money.getState().settings).toBeNull();
    expect(money.getState().settingsUnread?.code).toBe('HOST_UNREACHABLE');

    const first = money.getState().askSettings();
    const second = money.getState().askSettings();
    expect(money.getState().settingsUnread).toBeNull();
    answer();
    await Promise.all([first, second]);
    expect(asked).toBe(2);
    expect(money.getState().settings).toEqual(MONEY_SETTINGS);
  });
});
