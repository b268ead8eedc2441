/**
 * The manifest's channels through the router, as the renderer and the shell's menu call them:
 * the page and the CSV of a slot and of the whole day, in Japanese and English, made by the desk
 * from the day it keeps (so also offline); printing refused where the host has no printer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestRequest, ReservationView } from '../../../main/ipc/contract';
import type { FullDay } from '../../../main/desk/day/screen';
import * as manifestWords from '../../../main/common/words/manifest';
import * as reservationWords from '../../../main/common/words/reservation';
import {
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  TODAY,
  type Harness,
} from '../support';

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

describe('the manifest through the router', () => {
  let h: Harness;
  /** The day as the desk keeps it, every slot with its parties (what manifests are made from). */
  let day: FullDay;
  let slot: NonNullable<ManifestRequest['slot']>;
  let party: ReservationView;
  let productName: string;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    day = h.desk.dayView(TODAY);
    const product = day.products.find((p) =>
      p.slots.some((s) => s.reservations.filter((r) => r.active).length >= 2),
    )!;
    const busy = product.slots.find((s) => s.reservations.filter((r) => r.active).length >= 2)!;
    slot = { productId: product.id, startTime: busy.startTime };
    party = busy.reservations.find((r) => r.active)!;
    productName = product.name;
  });
  afterAll(() => h.close());

  const all = () => day.products.flatMap((p) => p.slots.flatMap((s) => s.reservations));
  const inSlot = () =>
    day.products
      .find((p) => p.id === slot.productId)!
      .slots.find((s) => s.startTime === slot.startTime)!.reservations;

  it.each(['ja', 'en'] as const)('makes a slot’s page and CSV (%s)', async (locale) => {
    const asked = { date: TODAY, slot, locale };
    const { html } = await h.call('manifest.page', asked);
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(escaped(manifestWords[locale].title));
    expect(html).toContain(`<th>${reservationWords[locale].field.name}</th>`);
    expect(html).toContain(escaped(productName));
    expect(html).toContain(escaped(party.customerName));
    expect(html).not.toMatch(/<script/i);
    // The other slots of the day are not in it.
    const elsewhere = all().find(
      (r) => r.active && (r.productId !== slot.productId || r.startTime !== slot.startTime),
    )!;
    expect(html).not.toContain(escaped(elsewhere.customerName));

    const csv = await h.call('manifest.csv', asked);
    expect(csv.rows).toBe(inSlot().length);
    expect(csv.fileName).toMatch(
      new RegExp(`^manifest-${TODAY}-${slot.startTime.replace(':', '')}-.+\\.csv$`),
    );
    const [header, ...rows] = csv.csv.slice(1).split('\r\n');
    expect(csv.csv.startsWith('\uFEFF')).toBe(true);
    expect(header!.split(',').slice(0, 4)).toEqual([
      manifestWords[locale].column.time,
      manifestWords[locale].column.product,
      reservationWords[locale].field.number,
      reservationWords[locale].field.name,
    ]);
    expect(rows.filter(Boolean)).toHaveLength(inSlot().length);
    expect(csv.csv).toContain(party.number!);
    expect(csv.csv).toContain(reservationWords[locale].status.confirmed);
  });

  it.each(['ja', 'en'] as const)('makes the whole day’s page and CSV (%s)', async (locale) => {
    const asked = { date: TODAY, slot: null, locale };
    const { html } = await h.call('manifest.page', asked);
    for (const p of day.products) expect(html).toContain(escaped(p.name));
    for (const r of all().filter((r) => r.active)) expect(html).toContain(escaped(r.customerName));
    const csv = await h.call('manifest.csv', asked);
    expect(csv.rows).toBe(all().length);
    expect(csv.fileName).toBe(`manifest-${TODAY}.csv`);
    // Today when no date is given, the language the counter shows (Japanese) unless asked.
    expect(await h.call('manifest.csv', { date: null, slot: null })).toEqual(
      await h.call('manifest.csv', { ...asked, locale: 'ja' }),
    );
  });

  it('is made from the day the counter keeps: offline too', async () => {
    cutLink(h.sb);
    try {
      const csv = await h.call('manifest.csv', { date: TODAY, slot, locale: 'en' });
      expect(csv.csv).toContain(party.number!);
    } finally {
      restoreLink(h.sb);
    }
  });

  it('refuses a slot that is not there, and printing where the host has no printer', async () => {
    const missing = { date: TODAY, slot: { ...slot, startTime: '03:17' }, locale: 'en' };
    const notFound = { code: 'SLOT_NOT_FOUND' };
    expect(await refusal(h, 'manifest.page', missing)).toMatchObject(notFound);
    expect(await refusal(h, 'manifest.csv', missing)).toMatchObject(notFound);
    // The browser host: the renderer prints manifest.page's page through the browser.
    expect(await refusal(h, 'manifest.print', { date: TODAY, slot, locale: 'en' })).toMatchObject({
      code: 'PRINT_UNAVAILABLE',
    });
  });
});
