// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { manifestCsv, manifestFileName } from '../../renderer/src/manifest/csv';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { dayView, demoBridge, R1, R2, reservation, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';

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

  it('exports the manifest as CSV', async () => {
    fake = demoBridge();
    const r = await openManifest(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Export CSV' }));
    expect(r.downloads).toHaveLength(1);
    const { name, blob } = r.downloads[0]!;
    expect(name).toBe('manifest-2026-05-14-1100-Sea_Kayak_Tour.csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      'Reservation no.,Name,Adults,Children,Status,Payment,Phone,E-mail,Check-in,Arrived adults,Arrived children,Allergies',
      '100001,Yamada Taro,2,1,Confirmed,Pay on site,090-1111-2222,taro@example.jp,,,,',
      '100002,Suzuki Hanako,2,0,Confirmed,Paid (at the counter / outside),03-5555-0000,,Arrived,2,0,"1: Peanuts, ""shellfish""; 2: None"',
      '',
    ]);
  });

  it('writes CSV headers and words in the UI language, and defuses formulas', () => {
    const csv = manifestCsv(
      [reservation({ ...R1, customerName: '=HYPERLINK("x")', answers: [] }), R2],
      {
        number: '予約番号',
        name: 'お名前',
        adults: '大人',
        children: '子ども',
        status: '状態',
        payment: '支払い方法',
        phone: '電話番号',
        email: 'メール',
        checkIn: '来店',
        checkedAdults: '来店 大人',
        checkedChildren: '来店 子ども',
        statusText: (s) => (s === 'confirmed' ? '確定' : s),
        paymentText: (m) => m,
        checkInText: (s) => (s ? '来店済み' : ''),
      },
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '予約番号,お名前,大人,子ども,状態,支払い方法,電話番号,メール,来店,来店 大人,来店 子ども,Allergies',
    );
    expect(lines[1]).toContain(`'=HYPERLINK(""x"")`);
    expect(lines[1]!.startsWith('100001,"\'=HYPERLINK(""x"")",2,1,確定,on_site')).toBe(true);
    expect(manifestFileName(TODAY, '09:30', 'A/B: "tour"')).toBe(
      'manifest-2026-05-14-0930-A_B_tour_.csv',
    );
  });

  it('prints through the main process, or the browser when the host has no printer', async () => {
    fake = demoBridge({ 'manifest.print': () => ({ ok: true }) });
    const r = await openManifest(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Print' }));
    expect(fake.callsOf('manifest.print')).toEqual([
      { date: TODAY, productId: 'p-kayak', startTime: '11:00', locale: 'en' },
    ]);
    expect(r.prints.count).toBe(0);

    fake.handle('manifest.print', () => {
      throw new Refusal('PRINT_UNAVAILABLE');
    });
    await r.user.tap(screen.getByRole('button', { name: 'Print' }));
    expect(r.prints.count).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('works from the cache: no call is needed to show it', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    const before = fake.calls.length;
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    // Only the note that the day view is no longer shown; no data is asked for.
    expect(fake.calls.slice(before).map((c) => c.channel)).toEqual(['day.watch']);
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
      const base = dayView();
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
      fake = demoBridge({ 'day.get': () => day, 'prefs.get': () => ({ locale }) });
      await openManifest(fake);
      const row = screen.getAllByRole('row')[2]!;
      expect(within(row).getByText(booker)).toBeTruthy();
      expect(within(row).getByText(new RegExp(`^${person}`))).toBeTruthy();
      expect(within(row).queryByText(/(Person 1|1人目) Pick-up/)).toBeNull();
    },
  );
});
