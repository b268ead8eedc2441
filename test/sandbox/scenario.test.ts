import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ParticipantInput } from '../../main/api/schemas';
import { Clock } from '../../sandbox/clock';
import { localToday } from '../../sandbox/domain/calendar';
import { fieldProblems, numberingProblems } from '../../sandbox/domain/participant-rules';
import { Sandbox } from '../../sandbox/sandbox';
import type { World } from '../../sandbox/domain/world';
import { compileScenario } from '../../sandbox/scenario/compile';
import { DEMO, demoScenario } from '../../sandbox/scenario/demo';
import { Scenario } from '../../sandbox/scenario/format';
import { generateScenario } from '../../sandbox/scenario/generate';

const DAY = 86_400_000;
/** Monday 2026-03-02 10:00 in Tokyo. */
const MONDAY_MORNING = Date.parse('2026-03-02T01:00:00.000Z');

const compileAt = (at: number | string, input = demoScenario()) =>
  compileScenario(Scenario.parse(input), new Clock(at, { frozen: true }));

/** Reservations before, on and after each store's own today. */
function spread(world: World) {
  const now = world.clock.now();
  const out = { past: 0, today: 0, future: 0 };
  for (const r of world.state.reservations) {
    const today = localToday(now, world.store(r.storeId)!.timeZone);
    const date = r.items[0]!.date;
    if (date < today) out.past++;
    else if (date === today) out.today++;
    else out.future++;
  }
  return out;
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('demo scenario', () => {
  const demo = Scenario.parse(demoScenario());
  const store = (id: string) => demo.stores.find((s) => s.id === id)!;
  const product = (id: string) => demo.products.find((p) => p.id === id)!;

  it('compiles on every weekday, early and late, whatever the time zone says', () => {
    const moments = [
      ...Array.from({ length: 7 }, (_, i) => MONDAY_MORNING + i * DAY),
      '2026-03-04T14:45:00.000Z', // Wednesday 23:45 in Tokyo, the store's regular holiday
      '2026-03-07T15:30:00.000Z', // Sunday 00:30 in Tokyo, still Saturday in Honolulu
      '2026-12-31T14:59:00.000Z', // New Year's Eve, a minute before midnight in Tokyo
    ];
    const weekdays = new Set<number>();
    for (const at of moments) {
      const world = compileAt(at);
      weekdays.add(new Date(world.clock.now() + 9 * 3_600_000).getUTCDay());
      expect(world.state.reservations).toHaveLength(demo.reservations.length);
    }
    expect(weekdays.size).toBe(7);
  });

  it('has the organizations and stores a counter meets', () => {
    const organization = (id: string) => demo.organizations.find((o) => o.id === id)!;
    const main = organization(DEMO.organizations.main);
    const ended = organization(DEMO.organizations.ended);
    expect(main.contractEnded).toBe(false);
    expect(ended.contractEnded).toBe(true);
    const endedStores = demo.stores.filter((s) => s.organizationId === ended.id);
    expect(endedStores).toHaveLength(1);
    expect(demo.products.filter((p) => p.storeId === endedStores[0]!.id)).toHaveLength(1);

    expect(demo.stores.filter((s) => s.organizationId === main.id).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(store(DEMO.stores.kyoto)).toMatchObject({
      timeZone: 'Asia/Tokyo',
      paymentMethods: ['on_site', 'external'],
      customerEmailEnabled: true,
    });
    expect(store(DEMO.stores.kyoto).regularHolidays.length).toBeGreaterThan(0);
    expect(store(DEMO.stores.okinawa).paymentMethods).toEqual(['external']);
    expect(store(DEMO.stores.honolulu).timeZone).toBe('Pacific/Honolulu');
    for (const s of demo.stores) expect(s.slug).not.toBe('');
  });

  it('covers every kind of product the client must handle', () => {
    expect(demo.products.length).toBeGreaterThanOrEqual(9);
    expect(
      demo.products.filter((p) => p.storeId === DEMO.stores.kyoto).length,
    ).toBeGreaterThanOrEqual(5);
    expect(Object.values(DEMO.products).sort()).toEqual(demo.products.map((p) => p.id).sort());

    const fields = demo.products.flatMap((p) => p.customFields);
    expect(new Set(fields.map((f) => f.fieldType))).toEqual(
      new Set(['number', 'select', 'multi_select', 'text']),
    );
    expect(new Set(fields.map((f) => f.inputScope))).toEqual(
      new Set(['booker_only', 'all_participants']),
    );
    expect(new Set(fields.map((f) => f.isRequired))).toEqual(new Set([true, false]));
    expect(fields.some((f) => f.isRequired && f.inputScope === 'all_participants')).toBe(true);
    for (const f of fields) {
      if (f.fieldType === 'number') expect(f.validation?.min).toBeDefined();
      if (f.fieldType.endsWith('select')) expect(f.options?.length).toBeGreaterThan(1);
      if (f.fieldType === 'text') expect(f.validation?.maxLength).toBeDefined();
    }

    const kyoto = demo.products.filter((p) => p.storeId === DEMO.stores.kyoto);
    expect(kyoto.some((p) => p.approvalType === 'manual')).toBe(true);
    expect(kyoto.some((p) => !p.isPublished && p.name.startsWith('【テスト】'))).toBe(true);
    expect(demo.products.some((p) => p.unlistedTimeAllowedForApi)).toBe(true);

    const deadlines = demo.products.map((p) => p.bookingDeadline);
    expect(
      deadlines.some((d) => d.rule && 'minutesBefore' in d.rule && d.rule.minutesBefore === 60),
    ).toBe(true);
    expect(
      deadlines.some(
        (d) =>
          d.rule &&
          'daysBefore' in d.rule &&
          d.rule.daysBefore === 1 &&
          d.rule.at === '17:00' &&
          d.slotOverrides.length > 0,
      ),
    ).toBe(true);
    expect(deadlines.some((d) => d.ignoredForApi && d.rule !== null)).toBe(true);
    expect(demo.products.some((p) => p.groupDiscounts.length > 0)).toBe(true);
    expect(demo.products.some((p) => p.repeatDiscountPercent > 0)).toBe(true);
    expect(demo.products.some((p) => p.cancellationPolicy.length > 1)).toBe(true);
  });

  it('shares resources between products', () => {
    const users = (resourceId: string) =>
      demo.products.flatMap((p) => p.resources.filter((u) => u.resourceId === resourceId));
    expect(users(DEMO.resources.guides).map((u) => u.per)).toEqual(['slot', 'slot']);
    expect(users(DEMO.resources.vanSeats).map((u) => u.per)).toEqual(['person', 'person']);
    expect(users(DEMO.resources.kayaks).map((u) => u.per)).toEqual(['booking']);
  });

  it('has a key for every access situation', () => {
    const byRole = new Map(demo.keys.map((k) => [k.role, k]));
    expect([...byRole.keys()].sort()).toEqual(Object.keys(DEMO.keys).sort());
    for (const [role, token] of Object.entries(DEMO.keys)) {
      expect(byRole.get(role)!.token).toBe(token);
      expect(token.length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(demo.keys.map((k) => k.token)).size).toBe(demo.keys.length);
    const all = byRole.get('org-standard')!.scopes;
    expect(all).toHaveLength(5);
    expect(byRole.get('org-facility')).toMatchObject({
      plan: 'facility',
      teamId: null,
      scopes: all,
    });
    expect(byRole.get('store-limited')).toMatchObject({ teamId: DEMO.stores.kyoto, scopes: all });
    expect(byRole.get('read-only')!.scopes).toEqual(['products:read', 'reservations:read']);
    expect(byRole.get('no-customer-search')!.scopes).toEqual(
      all.filter((s) => s !== 'customers:read'),
    );
    expect(byRole.get('revoked')!.revokedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(byRole.get('expired')!.expiresAt).toBe('2025-06-30T15:00:00.000Z');
    expect(byRole.get('contract-ended')!.organizationId).toBe(DEMO.organizations.ended);
    expect(byRole.get('plan-unsupported')!.plan).toBe('light');
    for (const role of ['org-standard', 'store-limited', 'read-only', 'no-customer-search']) {
      expect(byRole.get(role)).toMatchObject({
        revokedAt: null,
        expiresAt: null,
        plan: 'standard',
      });
    }
    expect(demo.now).toBeUndefined();
  });

  it('has a busy today, a past and a future', () => {
    const world = compileAt(MONDAY_MORNING);
    const { past, today, future } = spread(world);
    expect(past + today + future).toBeGreaterThanOrEqual(300);
    expect(past + today + future).toBeLessThanOrEqual(400);
    expect(past).toBeGreaterThanOrEqual(150);
    expect(today).toBeGreaterThanOrEqual(40);
    expect(future).toBeGreaterThanOrEqual(60);

    const kyotoToday = world.reservationsOn(DEMO.stores.kyoto, '2026-03-02');
    const perSlot = new Map<string, number>();
    for (const r of kyotoToday) {
      const key = `${r.items[0]!.productId} ${r.items[0]!.startTime}`;
      perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
    }
    for (const id of [
      DEMO.products.kimonoWalk,
      DEMO.products.bambooWalk,
      DEMO.products.teaCeremony,
    ]) {
      const slots = [...perSlot].filter(([key]) => key.startsWith(`${id} `));
      expect(slots.length).toBeGreaterThanOrEqual(3);
      expect(slots.filter(([, n]) => n >= 2).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('has bookings of every status, reason, payment, source and locale', () => {
    const world = compileAt(MONDAY_MORNING);
    const rs = world.state.reservations;
    const values = <T>(f: (r: (typeof rs)[number]) => T) => new Set(rs.map(f));
    expect(values((r) => r.status)).toEqual(
      new Set(['confirmed', 'pending', 'cancelled', 'rejected']),
    );
    expect(values((r) => r.cancellation?.reason ?? null)).toEqual(
      new Set([null, 'customer_request', 'business_request', 'weather', 'force_majeure']),
    );
    expect(values((r) => r.paymentMethod)).toEqual(new Set(['on_site', 'external', 'card']));
    expect(values((r) => r.source)).toEqual(new Set(['booking_site', 'api', 'admin']));
    expect(values((r) => r.locale)).toEqual(new Set(['ja', 'en']));
    expect(rs.some((r) => r.customerId === null && r.customer.email === null)).toBe(true);
    expect(rs.some((r) => r.discountTotal > 0)).toBe(true);
    expect(rs.some((r) => (r.cancellation?.cancellationFee ?? 0) > 0)).toBe(true);

    for (const r of rs) {
      const st = store(r.storeId);
      if (r.paymentMethod !== 'card') expect(st.paymentMethods).toContain(r.paymentMethod);
      const pending = r.status === 'pending';
      if (pending) expect(product(r.items[0]!.productId).approvalType).toBe('manual');
    }
  });

  it("fills participants' fields as the service's rules require", () => {
    for (const r of demo.reservations) {
      const p = product(r.productId);
      const byId = new Map(p.customFields.map((f) => [f.fieldId, f]));
      // Back from the stored strings to the values a client sends.
      const participants: ParticipantInput[] = r.participants.map((row) => ({
        participantNumber: row.participantNumber,
        fieldValues: Object.fromEntries(
          Object.entries(row.fieldValues).map(([id, v]) => {
            const type = byId.get(id)?.fieldType;
            return [id, type === 'number' ? Number(v) : type === 'multi_select' ? v.split(',') : v];
          }),
        ),
      }));
      const headcount = r.adultCount + r.childCount;
      const check = {
        numbering: numberingProblems(participants, headcount, 'items.0'),
        fields: fieldProblems(p.customFields, headcount, participants),
      };
      expect(check, `${r.productId} ${r.date} ${r.startTime}`).toEqual({
        numbering: [],
        fields: [],
      });
    }
    const values = demo.reservations.flatMap((r) =>
      r.participants.flatMap((p) => Object.values(p.fieldValues)),
    );
    expect(values.some((v) => v.includes(','))).toBe(true);
  });

  it('has Japanese customers and a few foreign tourists', () => {
    expect(demo.customers.length).toBeGreaterThanOrEqual(35);
    const han = /\p{Script=Han}/u;
    const japanese = demo.customers.filter((c) => han.test(c.lastName) && han.test(c.firstName));
    expect(japanese.length).toBeGreaterThanOrEqual(25);
    expect(demo.customers.some((c) => /^[A-Z][a-z]+$/.test(c.lastName))).toBe(true);
    expect(
      demo.customers.every(
        (c) => c.phone === null || /^(0\d0-\d{4}-\d{4}|\+1 \d{3}-\d{3}-\d{4})$/.test(c.phone),
      ),
    ).toBe(true);
    expect(new Set(demo.customers.map((c) => c.email)).size).toBe(demo.customers.length);
  });

  it('is deterministic', () => {
    expect(demoScenario()).toEqual(demoScenario());
    const at = '2026-07-18T03:00:00.000Z';
    expect(compileAt(at).state).toEqual(compileAt(at).state);
  });

  it('is compiled once for a start and served as fresh objects; another start compiles anew', async () => {
    const at = '2026-07-18T03:00:00.000Z';
    const first = await Sandbox.create({ now: at, freezeClock: true });
    expect(first.world.state).toEqual(compileAt(at).state);
    // A change in one sandbox's world is not seen by the next at the same start.
    first.world.state.reservations.pop();
    first.world.state.keys[0]!.token = 'changed';
    const second = await Sandbox.create({ now: Date.parse(at), freshKeys: true });
    expect(second.world.state.reservations).toEqual(compileAt(at).state.reservations);
    expect(second.world.state.keys.map((k) => k.token)).not.toContain('changed');
    const later = '2026-07-19T03:00:00.000Z';
    const next = await Sandbox.create({ now: later, freezeClock: true });
    expect(next.world.state).toEqual(compileAt(later).state);
    expect(next.world.state.reservations).not.toEqual(compileAt(at).state.reservations);
    // Served again after other starts, still as compiled.
    expect((await Sandbox.create({ now: at, freezeClock: true })).world.state).toEqual(
      compileAt(at).state,
    );
  });
});

describe('generated scenario', () => {
  it('generates the same data from the same seed, other data from another', () => {
    const input = generateScenario({ reservations: 2_000 });
    expect(hash(generateScenario({ reservations: 2_000 }))).toBe(hash(input));
    expect(hash(generateScenario({ reservations: 2_000, seed: 2 }))).not.toBe(hash(input));
  });

  it('compiles a large generated store, spread over the past and the future', () => {
    // The benches build 20 000 reservations the same way and time it; a test compiles a quarter
    // of that, enough for the spread and the demo's ids, in seconds even on a loaded machine.
    const input = generateScenario({ reservations: 5_000 });
    expect(input.reservations).toHaveLength(5_000);

    const scenario = Scenario.parse(input);
    const world = compileScenario(scenario, new Clock(MONDAY_MORNING, { frozen: true }));
    expect(world.state.reservations).toHaveLength(5_000);
    const { past, today, future } = spread(world);
    expect(past).toBeGreaterThan(2_000);
    expect(future + today).toBeGreaterThan(2_000);
    // The demo's ids and keys still work in the large data set.
    expect(world.key(DEMO.keys['store-limited'])?.teamId).toBe(DEMO.stores.kyoto);
    expect(world.product(DEMO.stores.kyoto, DEMO.products.kimonoWalk)).toBeDefined();
  });

  it('fits on every weekday and honours the number of days', () => {
    const input = generateScenario({ reservations: 600, days: 20, seed: 7 });
    const dates = new Set(input.reservations!.map((r) => r.date));
    expect(dates.size).toBeLessThanOrEqual(20);
    for (let i = 0; i < 7; i++) {
      expect(compileAt(MONDAY_MORNING + i * DAY, input).state.reservations).toHaveLength(600);
    }
  });
});
