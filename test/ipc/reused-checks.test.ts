/**
 * Checks reused for frozen answers and frozen parts (decision G5): the copy of an answer schema
 * accepts and rejects exactly what the contract's does and gives the same output; a frozen part
 * is checked the first time only, anything not frozen every time; through the router, a frozen
 * answer handed out twice is checked once and a bad one is still refused.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../main/api/log';
import { deepFreeze } from '../../main/desk/day/kept-views';
import {
  DayParties,
  ReservationView,
  channels,
  type Channel,
  type ReservationView as View,
} from '../../main/ipc/contract';
import { reusingChecks } from '../../main/ipc/reused-checks';
import { Router, type Handlers } from '../../main/ipc/router';

function view(id: string, over: Partial<View> = {}): View {
  return {
    id,
    number: `R-${id}`,
    status: 'confirmed',
    active: true,
    customerName: '山田 太郎',
    email: null,
    phone: '090-1234-4214',
    adults: 2,
    children: 0,
    paymentMethod: 'on_site',
    productId: 'pr_1',
    productName: '着物散歩',
    date: '2026-11-24',
    startTime: '10:00',
    endTime: '11:00',
    totalAmount: 6000,
    currency: 'JPY',
    answers: [{ participantNumber: 1, fieldId: 'f', label: 'Size', value: 'M', bookerOnly: false }],
    checkIn: null,
    checkInConflict: null,
    ...over,
  };
}

/** A day's parties as `day.parties` answers them (the day view itself holds none: G21). */
function day(views: View[], over: Partial<DayParties> = {}): DayParties {
  return { date: '2026-11-24', reservations: views, ...over };
}

/** Answers that must be refused: each breaks one rule somewhere, in a part or outside one. */
const BAD: [string, () => unknown][] = [
  ['a view without its id', () => day([{ ...view('a'), id: undefined } as unknown as View])],
  ['a view on a date that is not one', () => day([view('a', { date: '2026-02-30' })])],
  ['a view at a time that is not one', () => day([view('a', { startTime: '25:00' })])],
  ['a view with a bad check-in', () => day([view('a', { checkIn: { state: 'late' } as never })])],
  ['a party that is no view', () => ({ ...day([view('a')]), reservations: [view('a'), 7] })],
  ['parties that are no list', () => ({ ...day([view('a')]), reservations: 'all' })],
  ['a day without its date', () => ({ ...day([view('a')]), date: undefined })],
];

describe('an answer schema checking frozen parts once', () => {
  it('accepts and refuses what the contract does, frozen or not, and gives the same output', () => {
    const schema = reusingChecks(DayParties, ReservationView);
    const extra = { ...view('b'), notInTheContract: 'dropped' } as View;
    expect(DayParties.safeParse(day([view('a'), extra])).success).toBe(true);
    for (const make of [() => day([view('a'), extra]), ...BAD.map(([, m]) => m)]) {
      for (const freeze of [false, true]) {
        // Twice: the second time, frozen parts come from what the first check gave.
        for (let i = 0; i < 2; i++) {
          const value = make();
          if (freeze) deepFreeze(value);
          const original = DayParties.safeParse(value);
          const reused = schema.safeParse(value);
          expect(reused.success).toBe(original.success);
          if (original.success) expect(reused.data).toEqual(original.data);
        }
      }
    }
  });

  it('checks a frozen part the first time only, anything else every time', () => {
    let checks = 0;
    const Part = z.object({ n: z.number() }).refine(() => ++checks > 0);
    const Whole = z.object({ list: z.array(Part), one: Part.nullable(), other: z.string() });
    const schema = reusingChecks(Whole, Part);
    const a = Object.freeze({ n: 1 });
    const loose = { n: 2 };
    const bad = Object.freeze({ n: 'three' });
    expect(schema.safeParse({ list: [a, loose], one: a, other: 'x' }).success).toBe(true);
    expect(checks).toBe(2); // `a` once (then reused, even in another place), `loose` once
    expect(schema.safeParse({ list: [a, loose], one: null, other: 'x' }).success).toBe(true);
    expect(checks).toBe(3); // `loose` again
    // A frozen part that fails is never taken as checked.
    expect(schema.safeParse({ list: [bad], one: null, other: 'x' }).success).toBe(false);
    expect(schema.safeParse({ list: [bad], one: null, other: 'x' }).success).toBe(false);
    // The rest of the answer is checked every time.
    expect(schema.safeParse({ list: [a], one: a, other: 7 }).success).toBe(false);
    // A list of frozen parts all checked before is read in one go; one new part is checked.
    const b = Object.freeze({ n: 4 });
    checks = 0;
    expect(schema.safeParse({ list: [a, b], one: null, other: 'x' }).data).toEqual({
      list: [{ n: 1 }, { n: 4 }],
      one: null,
      other: 'x',
    });
    expect(checks).toBe(1);
    expect(schema.safeParse({ list: [b, a, b], one: null, other: 'x' }).success).toBe(true);
    expect(checks).toBe(1);
    // One bad frozen part among checked ones refuses the list, every time.
    for (let i = 0; i < 2; i++) {
      expect(schema.safeParse({ list: [a, bad, b], one: null, other: 'x' }).success).toBe(false);
    }
    expect(schema.safeParse({ list: 'no list', one: null, other: 'x' }).success).toBe(false);
  });

  it('leaves a schema without the part as it is', () => {
    for (const channel of Object.keys(channels) as Channel[]) {
      const response = channels[channel].response as z.ZodType;
      const uses = JSON.stringify(z.toJSONSchema(response, { unrepresentable: 'any' })).includes(
        '"checkInConflict"',
      );
      if (!uses) expect(reusingChecks(response, ReservationView)).toBe(response);
    }
  });
});

describe('the router with frozen answers', () => {
  const PARTIES = { date: '2026-11-24', slot: null };
  function routerAnswering(answer: () => unknown) {
    const handlers = new Proxy({} as Handlers, { get: () => () => answer() });
    const logs: unknown[] = [];
    return {
      router: new Router(
        handlers,
        createLogger((r) => logs.push(r), 'debug'),
      ),
      logs,
    };
  }

  it('checks a frozen answer once and hands out the same output; a fresh one every time', async () => {
    const frozen = deepFreeze(day([view('a'), view('b', { status: 'pending' })]));
    let answer: unknown = frozen;
    const { router } = routerAnswering(() => answer);
    const first = await router.handle('day.parties', PARTIES);
    const second = await router.handle('day.parties', PARTIES);
    expect(first.ok && second.ok).toBe(true);
    expect(first.ok && second.ok && first.value === second.value).toBe(true);
    expect(first.ok && first.value).toEqual(DayParties.parse(frozen));

    answer = day([view('a')]);
    const third = await router.handle('day.parties', PARTIES);
    const fourth = await router.handle('day.parties', PARTIES);
    expect(third.ok && fourth.ok && third.value !== fourth.value).toBe(true);
  });

  it('refuses a bad frozen answer every time, and a bad view whatever answer it is in', async () => {
    for (const [what, make] of BAD) {
      const bad = deepFreeze(make());
      const { router, logs } = routerAnswering(() => bad);
      for (let i = 0; i < 2; i++) {
        const result = await router.handle('day.parties', PARTIES);
        expect(result.ok, what).toBe(false);
        expect(!result.ok && result.error.code).toBe('INTERNAL');
      }
      expect(logs.length, what).toBeGreaterThan(0);
    }
    // A view refused inside a day is refused on its own too.
    const badView = deepFreeze(view('a', { date: '2026-02-30' }));
    const { router } = routerAnswering(() => badView);
    const result = await router.handle('reservation.get', {
      reservationId: 'a',
      date: '2026-11-24',
    });
    expect(result.ok).toBe(false);
  });
});
