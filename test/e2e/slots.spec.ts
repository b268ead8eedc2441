/**
 * Two rough edges of the counter (issue 11), in Chromium through the browser host, against the
 * training sandbox, in Japanese: the counter's own cancellation gives the slot's seats back on
 * the day view at once (well before the next availability fetch, a minute apart); a walk-in
 * started from a full slot says which slot does not take the party and why. The English run
 * added only words (decision F70): slots-words.test.tsx (seats left, full), cancel.test.tsx,
 * walkin.test.tsx (the misfit) and manifest.test.tsx read them in English.
 */
import type { ReservationRecord } from '../../sandbox/model';
import { availabilityDay } from '../../sandbox/domain/availability';
import { browserLocale, expect, test, type Lang } from './support/fixtures';
import { TODAY, type TestHost } from './support/host';
import {
  addDays,
  CATALOGUES,
  fill,
  KYOTO,
  openByNumber,
  pattern,
  pickReservation,
  PRODUCTS,
  yen,
} from './support/ui';

/** What the service says of a slot now. */
function served(host: TestHost, productId: string, date: string, startTime: string) {
  const { world } = host.training().sandbox;
  const product = world.product(KYOTO, productId)!;
  const day = availabilityDay(world, product, world.store(KYOTO)!, date);
  return { product, slot: day.slots.find((s) => s.startTime === startTime)! };
}

for (const lang of ['ja'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`slots (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('own cancellation: the slot shows its seats back at once', async ({ app, host }) => {
      const tomorrow = addDays(TODAY, 1);
      const party = pickReservation(
        host,
        (r: ReservationRecord) =>
          r.status === 'confirmed' &&
          r.cancellation === null &&
          r.items[0]!.date === tomorrow &&
          r.items[0]!.productId !== PRODUCTS.rickshaw,
      );
      const item = party.items[0]!;
      const seats = item.adultCount + item.childCount;
      const before = served(host, item.productId, tomorrow, item.startTime);
      // The sandbox always gives a capacity (the spec-only fallback is tested elsewhere).
      const capacity = before.slot.capacity!;
      // As a slot of the day's rows says its seats (decision G16).
      const counts = (remaining: number) =>
        remaining === 0 ? t.day.full : fill(t.day.seatsLeft, { capacity, remaining });

      await expect(app.getByRole('article').first()).toBeVisible();
      await app.keyboard.press('PageDown');
      const slotOf = () =>
        app
          .getByRole('article', { name: before.product.name })
          .getByRole('button')
          .filter({ hasText: item.startTime });
      await expect(slotOf()).toContainText(counts(before.slot.remainingCapacity));

      await openByNumber(app, party.reservationNumber);
      await expect(app.getByRole('heading', { level: 2 })).toContainText(party.customer.lastName);
      await app.getByRole('button', { name: t.reservation.cancel, exact: true }).click();
      await app.getByRole('radio', { name: new RegExp(t.cancel.reasons.weather) }).check();
      const preview = app.getByRole('region', { name: t.cancel.previewTitle });
      await preview
        .getByRole('button', { name: fill(t.cancel.confirm, { fee: yen(lang, 0) }) })
        .click();
      await expect(
        app.getByRole('status').filter({ hasText: pattern(t.cancel.done) }),
      ).toBeVisible();
      const after = served(host, item.productId, tomorrow, item.startTime).slot.remainingCapacity;
      expect(after).toBe(before.slot.remainingCapacity + seats);

      // Back on that day: the seats are there already, no refresh pressed.
      const asked = Date.now();
      await app.keyboard.press('F9');
      await app.keyboard.press('PageDown');
      await expect(slotOf()).toContainText(counts(after));
      expect(Date.now() - asked).toBeLessThan(30_000);
    });

    test('a walk-in from a full slot says which slot does not fit and why', async ({
      app,
      host,
    }) => {
      const { world } = host.training().sandbox;
      const rickshaw = world.product(KYOTO, PRODUCTS.rickshaw)!;
      const day = availabilityDay(world, rickshaw, world.store(KYOTO)!, TODAY);
      const full = day.slots.find((s) => s.remainingCapacity === 0)!;
      expect(full).toBeTruthy();

      await expect(app.getByRole('article').first()).toBeVisible();
      await app
        .getByRole('article', { name: rickshaw.name })
        .getByRole('button')
        .filter({ hasText: full.startTime })
        .click();
      await app.getByRole('button', { name: t.manifest.walkIn }).click();
      const note = app
        .locator('p.notice')
        .filter({ hasText: fill(t.walkIn.misfit.seats, { remaining: 0, party: 2 }) });
      await expect(note).toBeVisible();
      await expect(note).toContainText(full.startTime);
      await expect(note).toContainText(t.walkIn.misfit.proposals);
      // Another slot that fits is offered and chosen, not the full one.
      await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
    });
  });
}
