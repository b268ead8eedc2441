// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { dayHandlers, demoBridge, fullDay, R2, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';
import { waitFor } from '../support/wait';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

async function openManifest(fake: FakeBridge) {
  const r = await renderApp(fake);
  await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
  await settle();
  return r;
}

describe('manifest', () => {
  it("lists the slot's parties with headcount, status, payment, answers and check-in", async () => {
    fake = demoBridge();
    await openManifest(fake);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Sea Kayak Tour · Thu, May 14, 2026 11:00–13:00',
    );
    const table = screen.getByRole('table', { name: 'Bookings: 2' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const yamada = rows[1]!;
    expect(within(yamada).getByRole('button', { name: /Yamada Taro/ }).textContent).toContain(
      'No. 100001',
    );
    expect(within(yamada).getByText('adults 2, children 1')).toBeTruthy();
    expect(within(yamada).getByText('Confirmed')).toBeTruthy();
    expect(within(yamada).getByText('Pay on site')).toBeTruthy();
    expect(within(yamada).getByText('Not arrived')).toBeTruthy();
    const suzuki = rows[2]!;
    expect(within(suzuki).getByText('Person 1 Allergies: Peanuts, "shellfish"')).toBeTruthy();
    expect(within(suzuki).getByText('Person 2 Allergies: None')).toBeTruthy();
    expect(within(suzuki).getByText(/Paid \(at the counter/)).toBeTruthy();
    expect(within(suzuki).getByText('Arrived (adults 2, children 0)')).toBeTruthy();
  });

  const slot = { productId: 'p-kayak', startTime: '11:00' };

  it("saves the desk's CSV of the slot, with its BOM once", async () => {
    const text = 'Time,Name\r\n11:00,"Yamada, Taro"\r\n';
    const fileName = 'manifest-2026-05-14-1100-Sea_Kayak_Tour.csv';
    fake = demoBridge({ 'manifest.csv': () => ({ fileName, csv: `\uFEFF${text}`, rows: 1 }) });
    const r = await openManifest(fake);
    const exportCsv = () => r.user.tap(screen.getByRole('button', { name: 'Export CSV' }));
    await exportCsv();
    expect(fake.callsOf('manifest.csv')).toEqual([{ date: TODAY, slot, locale: 'en' }]);
    // Sent without one, it is saved with one all the same (decision Y10).
    fake.handle('manifest.csv', () => ({ fileName, csv: text, rows: 1 }));
    await exportCsv();
    expect(r.downloads).toHaveLength(2);
    for (const { name, blob } of r.downloads) {
      expect(name).toBe(fileName);
      expect(blob.type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe(text);
    }

    fake.handle('manifest.csv', () => {
      throw new Refusal('SLOT_NOT_FOUND');
    });
    await exportCsv();
    expect(r.downloads).toHaveLength(2);
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it("prints through the main process, or the desk's page through the browser", async () => {
    const page =
      '<!doctype html><html lang="en"><head><style>h1 { color: #000 }</style></head>' +
      '<body><h1>Manifest</h1><p>Yamada Taro</p><script>alert(1)</script></body></html>';
    fake = demoBridge({
      'manifest.print': () => ({ ok: true, reason: null, queued: false }),
      'manifest.page': () => ({ html: page }),
    });
    const printed: string[] = [];
    const r = await renderApp(fake, {
      print: () =>
        printed.push(document.getElementById('print-region')?.shadowRoot?.textContent ?? ''),
    });
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    await r.user.tap(screen.getByRole('button', { name: 'Print' }));
    expect(fake.callsOf('manifest.print')).toEqual([{ date: TODAY, slot, locale: 'en' }]);
    expect(fake.callsOf('manifest.page')).toEqual([]);
    expect(printed).toEqual([]);

    // The browser host has no printer: the desk's page, without its script, printed by the browser.
    fake.handle('manifest.print', () => {
      throw new Refusal('PRINT_UNAVAILABLE');
    });
    await r.user.tap(screen.getByRole('button', { name: 'Print' }));
    expect(fake.callsOf('manifest.page')).toEqual([{ date: TODAY, slot, locale: 'en' }]);
    expect(printed).toEqual(['ManifestYamada Taro']);
    expect(document.getElementById('print-region')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('works from the cache: its parties asked of the desk when it opens (G21), nothing else', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    const before = fake.calls.length;
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    // Where staff are is told a moment later (recovery's follow, 200 ms after a change): once it
    // has been, the other calls are the slot's parties from the desk's day (kept on the counter,
    // so offline too) and the note that the day view is no longer shown.
    const since = () => fake.calls.slice(before).map((c) => c.channel);
    await waitFor(() => since().includes('recovery.keep'), 'where staff are, told');
    expect(
      since()
        .filter((c) => c !== 'recovery.keep')
        .sort(),
    ).toEqual(['day.parties', 'day.watch']);
    expect(fake.callsOf('day.parties')).toEqual([
      { date: TODAY, slot: { productId: 'p-kayak', startTime: '11:00' } },
    ]);
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('opens a party, and starts a walk-in for the slot', async () => {
    fake = demoBridge();
    const r = await openManifest(fake);
    await r.user.tap(screen.getByRole('button', { name: /Walk-in for this slot/ }));
    expect(screen.getByRole('radio', { name: /11:00/ })).toHaveProperty('checked', true);
    await act(async () => r.app.stores.nav.getState().back());
    await settle();
    await r.user.tap(screen.getByRole('button', { name: /Suzuki Hanako/ }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Suzuki Hanako');
  });

  it.each([
    ['en', 'Representative Pick-up hotel: Hotel Kamo', 'Person 1 Allergies: Peanuts'],
    ['ja', '代表者 Pick-up hotel: Hotel Kamo', '1人目 Allergies: Peanuts'],
  ] as const)(
    "labels a booker-only answer as the representative's, not person 1's (%s)",
    async (locale, booker, person) => {
      const answers = [
        ...R2.answers,
        {
          participantNumber: 1,
          fieldId: 'pickup',
          label: 'Pick-up hotel',
          value: 'Hotel Kamo',
          bookerOnly: true,
        },
      ];
      const base = fullDay();
      const day = {
        ...base,
        products: base.products.map((p) => ({
          ...p,
          slots: p.slots.map((s) => ({
            ...s,
            reservations: s.reservations.map((r) => (r.id === R2.id ? { ...r, answers } : r)),
          })),
        })),
      };
      fake = demoBridge({ ...dayHandlers(day), 'prefs.get': () => ({ locale }) });
      await openManifest(fake);
      const row = screen.getAllByRole('row')[2]!;
      expect(within(row).getByText(booker)).toBeTruthy();
      expect(within(row).getByText(new RegExp(`^${person}`))).toBeTruthy();
      expect(within(row).queryByText(/(Person 1|1人目) Pick-up/)).toBeNull();
    },
  );
});
