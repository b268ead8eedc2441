// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Refusal } from './support/fakeBridge';
import type { FakeBridge } from './support/fakeBridge';
import {
  BIKE_FORM,
  demoBridge,
  fit,
  KAYAK_FORM,
  outcome,
  PRICE,
  setupStatus,
  TODAY,
} from './support/fixtures';
import { renderApp, settle, type Rendered } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

async function chooseProduct(r: Rendered, name: RegExp) {
  await act(async () => r.app.actions.startWalkIn());
  await settle();
  await act(async () => screen.getByRole('button', { name }).click());
  await settle();
}

describe('walk-in', () => {
  it('takes the standard walk-in (two adults, next slot, name only) in four interactions', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    r.user.reset();

    // 1. Enter: two adults and the next slot that fits are already chosen.
    expect(screen.getByLabelText('Adults')).toHaveProperty('value', '2');
    expect(screen.getByRole('radio', { name: /11:00/ })).toHaveProperty('checked', true);
    expect(document.activeElement?.textContent).toMatch(/^Next/);
    await r.user.press('Enter');
    // 2. The name, typed where the cursor already is.
    expect(document.activeElement).toBe(screen.getByLabelText(/Last name/));
    await r.user.type('Kato');
    // 3. Enter: the price from calculate.
    await r.user.press('Enter');
    expect(screen.getByText('Collect ¥11,000 at the counter')).toBeTruthy();
    // 4. Enter: confirm.
    expect(document.activeElement?.textContent).toMatch(/^Book \(¥11,000\)/);
    await r.user.press('Enter');

    expect(screen.getByText('Booked')).toBeTruthy();
    expect(screen.getByText('Reservation no. 200001')).toBeTruthy();
    expect(r.user.count).toBe(4);
    expect(r.user.count).toBeLessThanOrEqual(6);

    // Two requests after the product: calculate and create.
    expect(fake.callsOf('walkin.quote')).toHaveLength(1);
    const [book] = fake.callsOf('walkin.book');
    expect(book).toMatchObject({
      productId: 'p-kayak',
      date: TODAY,
      startTime: '11:00',
      adults: 2,
      children: 0,
      participants: [],
      customer: { lastName: 'Kato', firstName: '', email: null, phone: null, customerId: null },
      sendConfirmationEmail: false,
      locale: 'en',
      // The total shown, kept in clear with the walk-in should it be queued.
      quoted: { total: 11000, currency: 'JPY' },
    });
  });

  it('optional questions do not take the cursor from the name (still four interactions)', async () => {
    fake = demoBridge({
      'walkin.form': () => ({
        ...KAYAK_FORM,
        customFields: BIKE_FORM.customFields.filter((f) => !f.isRequired),
      }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    r.user.reset();
    await r.user.press('Enter');
    expect(screen.getByRole('group', { name: 'Extras' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Last name/));
    await r.user.type('Kato');
    await r.user.press('Enter');
    await r.user.press('Enter');
    expect(screen.getByText('Booked')).toBeTruthy();
    expect(r.user.count).toBe(4);
  });

  it("asks the customer's name and contact first, before the product's questions, even required ones", async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await chooseProduct(r, /Bike Rental/);
    await r.user.press('Enter');
    const lastName = screen.getByLabelText(/Last name/);
    expect(document.activeElement).toBe(lastName);
    // In reading (and Tab) order: name, first name, phone, e-mail, then the questions.
    const inputs = [...lastName.closest('form')!.querySelectorAll('input, select, textarea')];
    const booker = screen.getByRole('group', { name: 'Representative' });
    const height = within(booker).getByLabelText(/Height \(cm\)/);
    const order = [
      lastName,
      screen.getByLabelText(/First name/),
      screen.getByLabelText(/Phone/),
      screen.getByLabelText(/E-mail/),
      height,
    ].map((e) => inputs.indexOf(e));
    expect(order[0]).toBe(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('shows the discounts of the price and says to collect the total', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('Group discount')).toBeTruthy();
    expect(within(price).getByText('-¥1,000')).toBeTruthy();
    expect(within(price).getByText('¥12,000')).toBeTruthy();
    expect(within(price).getByText(/paid \(at the counter/)).toBeTruthy();
  });

  it('finds slots that fit again when the party changes, and keeps the chosen one if it still fits', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    fake.handle('headcount.check', ({ adults, children }) =>
      fit({
        nextSlots:
          adults + children > 8
            ? [{ date: TODAY, startTime: '14:00', remaining: 12 }]
            : fit().nextSlots,
      }),
    );
    for (let i = 0; i < 7; i++)
      await r.user.tap(screen.getByRole('button', { name: 'One adult more' }));
    await settle();
    expect(fake.callsOf('headcount.check').at(-1)).toMatchObject({
      adults: 9,
      children: 0,
      startTime: null,
    });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /14:00/ })).toHaveProperty('checked', true);
  });

  it('asks all-participant fields of every participant and shows problems at the field', async () => {
    fake = demoBridge({
      'headcount.check': () =>
        fit({ nextSlots: [{ date: TODAY, startTime: '15:00', remaining: 5 }] }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Bike Rental/);
    await r.user.press('Enter');

    const booker = screen.getByRole('group', { name: 'Representative' });
    const second = screen.getByRole('group', { name: 'Person 2' });
    expect(within(booker).getByLabelText(/Height \(cm\)/)).toBeTruthy();
    expect(within(booker).getByRole('group', { name: 'Extras' })).toBeTruthy();
    expect(within(booker).getByLabelText(/Notes/)).toBeTruthy();
    expect(within(second).getByLabelText(/Height \(cm\)/)).toBeTruthy();
    expect(within(second).getByLabelText(/Helmet size/)).toBeTruthy();
    expect(within(second).queryByLabelText(/Notes/)).toBeNull();
    expect(within(booker).getAllByText('required')).toHaveLength(2);

    // Submit with nothing filled: the desk's check answers the problems by field; they are shown
    // there, and the cursor goes to the first.
    const problem = (field: string, participantNumber: number | null, code: string) => ({
      field,
      participantNumber,
      code,
      message: code,
    });
    fake.handle('walkin.quote', () => ({
      price: null,
      problems: [
        problem('height', 1, 'MISSING_REQUIRED_FIELD'),
        problem('helmet', 1, 'MISSING_REQUIRED_FIELD'),
        problem('height', 2, 'MISSING_REQUIRED_FIELD'),
        problem('helmet', 2, 'MISSING_REQUIRED_FIELD'),
        problem('customer.lastName', null, 'MISSING_REQUIRED_FIELD'),
      ],
    }));
    await r.user.tap(screen.getByRole('button', { name: /Get the price/ }));
    const height1 = within(booker).getByLabelText(/Height \(cm\)/);
    expect(height1.getAttribute('aria-invalid')).toBe('true');
    // The first in reading order: the name, asked first.
    expect(document.activeElement).toBe(screen.getByLabelText(/Last name/));
    const errorId = height1.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe('Fill this in.');
    expect(screen.getByLabelText(/Last name/).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(second)
        .getByLabelText(/Helmet size/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(fake.callsOf('walkin.quote')).toEqual([
      expect.objectContaining({
        participants: [
          { participantNumber: 1, fieldValues: {} },
          { participantNumber: 2, fieldValues: {} },
        ],
        customer: expect.objectContaining({ lastName: '' }),
      }),
    ]);
    expect(screen.queryByRole('region', { name: 'Price' })).toBeNull();

    // A number out of the field's range: the desk says so, at that participant's field.
    fake.handle('walkin.quote', () => ({
      price: null,
      problems: [problem('height', 1, 'OUT_OF_RANGE')],
    }));
    await r.user.fill(height1, '90');
    await r.user.type('170', within(second).getByLabelText(/Height \(cm\)/));
    await act(async () => {
      const s1 = within(booker).getByLabelText(/Helmet size/) as HTMLSelectElement;
      const s2 = within(second).getByLabelText(/Helmet size/) as HTMLSelectElement;
      for (const s of [s1, s2]) {
        s.value = 'm';
        s.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await r.user.tap(within(booker).getByRole('checkbox', { name: 'Basket' }));
    await r.user.type('Kato', screen.getByLabelText(/Last name/));
    await r.user.tap(screen.getByRole('button', { name: /Get the price/ }));
    expect(within(booker).getByText('Enter a number from 100 to 210.')).toBeTruthy();
    expect(fake.callsOf('walkin.quote').at(-1)!.participants[0]!.fieldValues).toMatchObject({
      height: 90,
    });
    fake.handle('walkin.quote', () => ({ price: PRICE, problems: [] }));

    await r.user.fill(within(booker).getByLabelText(/Height \(cm\)/), '165');
    expect(within(booker).queryByText('Enter a number from 100 to 210.')).toBeNull();

    // The service (or the main process's check) refuses one participant's field: shown there.
    fake.handle('walkin.book', () =>
      outcome({
        outcome: 'refused',
        entryId: '',
        reservation: null,
        refusal: { code: 'PARTICIPANT_VALIDATION_FAILED', message: 'participant input invalid' },
        problems: [
          {
            field: 'helmet',
            participantNumber: 2,
            code: 'INVALID_OPTION',
            message: 'not an option: m',
          },
        ],
      }),
    );
    await r.user.tap(screen.getByRole('button', { name: /Get the price/ }));
    expect(screen.getByRole('region', { name: 'Price' })).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    const [book] = fake.callsOf('walkin.book');
    expect(book!.participants).toEqual([
      { participantNumber: 1, fieldValues: { height: 165, helmet: 'm', extras: ['basket'] } },
      { participantNumber: 2, fieldValues: { height: 170, helmet: 'm' } },
    ]);
    // Back at the fields, the problem under participant 2's helmet.
    const helmet2 = within(screen.getByRole('group', { name: 'Person 2' })).getByLabelText(
      /Helmet size/,
    );
    expect(helmet2.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(helmet2.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Choose one of the options.',
    );
    expect(
      within(screen.getByRole('group', { name: 'Representative' }))
        .getByLabelText(/Helmet size/)
        .getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('says "pending — not confirmed" for a manual-approval product, before and after', async () => {
    fake = demoBridge({
      'walkin.book': () =>
        outcome({
          outcome: 'pending',
          reservation: { ...outcome().reservation!, status: 'pending' },
        }),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    expect(screen.getByRole('button', { name: /Tea Ceremony/ }).textContent).toContain(
      'bookings are not confirmed',
    );
    await r.user.tap(screen.getByRole('button', { name: /Tea Ceremony/ }));
    expect(screen.getByText(/will be “pending — not confirmed”/)).toBeTruthy();
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    expect(
      screen.getByText('Needs approval: this booking will be “pending — not confirmed”.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /Request booking \(pending approval\)/ }),
    ).toBeTruthy();
    // The price, but no "collect" as for a confirmed booking: payment waits for the approval.
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('¥11,000')).toBeTruthy();
    expect(
      within(price).getByText(
        /^The price is ¥11,000\. This booking is pending approval — not confirmed\. Take payment only once/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Collect/)).toBeNull();
    expect(screen.queryByText(/recorded as “paid/)).toBeNull();
    await r.user.press('Enter');
    expect(screen.getByRole('heading', { name: 'Pending — not confirmed' })).toBeTruthy();
    expect(screen.queryByText('Booked')).toBeNull();
    expect(screen.queryByText(/Collect/)).toBeNull();
    expect(
      screen.getByText(/^Do not take payment yet: collect ¥11,000 once the store has approved/),
    ).toBeTruthy();
  });

  it('says "queued, not yet booked" when the walk-in is queued offline, without a price', async () => {
    fake = demoBridge({
      'walkin.quote': () => ({
        price: null,
        problems: [
          { field: 'price', participantNumber: null, code: 'PRICE_OFFLINE', message: 'offline' },
        ],
      }),
      'walkin.book': () => outcome({ outcome: 'queued', reservation: null }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    expect(screen.getByText(/Offline: no price can be shown/)).toBeTruthy();
    expect(screen.queryByText(/Collect/)).toBeNull();
    await r.user.press('Enter');
    expect(screen.getByRole('heading', { name: 'Queued — not yet booked' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See queued walk-ins' })).toBeTruthy();
  });

  it('a price the service answered in a shape of its own: said plainly, the walk-in books without one', async () => {
    fake = demoBridge({
      'walkin.quote': () => ({
        price: null,
        problems: [
          {
            field: 'price',
            participantNumber: null,
            code: 'PRICE_UNREADABLE',
            message: "the service's price could not be read",
          },
        ],
      }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    expect(
      screen.getByText(/Confirm the price in the service’s admin before taking payment/),
    ).toBeTruthy();
    expect(screen.queryByText(/Collect/)).toBeNull();
    await r.user.press('Enter');
    expect(fake.callsOf('walkin.book')[0]).toMatchObject({ quoted: null });
    expect(screen.getByRole('heading', { name: 'Booked' })).toBeTruthy();
  });

  it('tells why the service refused, and offers another slot', async () => {
    fake = demoBridge({
      'walkin.book': () =>
        outcome({
          outcome: 'refused',
          entryId: 'e-9',
          reservation: null,
          refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'slot full' },
        }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    await r.user.press('Enter');
    expect(screen.getByRole('alert').textContent).toContain('This slot cannot be booked');
    await r.user.tap(screen.getByRole('button', { name: 'Choose another slot' }));
    expect(screen.getByRole('group', { name: 'Next slots for this party' })).toBeTruthy();
  });

  it('finds an existing customer by e-mail and books for them', async () => {
    fake = demoBridge({
      'customers.find': ({ email }) => ({
        customers: [{ id: 'c-7', name: 'Mori Aki', email, phone: null, visits: 3 }],
      }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('aki@example.jp', screen.getByLabelText('E-mail'));
    await r.user.tap(screen.getByRole('button', { name: 'Find an existing customer by e-mail' }));
    await r.user.tap(
      screen.getByRole('button', { name: /Choose Mori Aki \(aki@example.jp, visits: 3\)/ }),
    );
    expect(screen.getByText('Existing customer: Mori Aki')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: /Get the price/ }));
    expect(fake.callsOf('walkin.quote')[0]).toMatchObject({
      customer: { email: 'aki@example.jp', customerId: 'c-7' },
    });
    const toggle = screen.getByRole('checkbox', {
      name: /Send a confirmation e-mail to aki@example.jp/,
    });
    expect(toggle).toHaveProperty('checked', true);
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    expect(fake.callsOf('walkin.book')[0]).toMatchObject({
      customer: { customerId: 'c-7', lastName: 'Mori Aki', email: 'aki@example.jp' },
      sendConfirmationEmail: true,
    });
  });

  it("shows the quote's problem with the e-mail at the e-mail field", async () => {
    fake = demoBridge({
      'walkin.quote': () => ({
        price: null,
        problems: [
          {
            field: 'customer.email',
            participantNumber: null,
            code: 'invalid_format',
            message: 'not an e-mail address',
          },
        ],
      }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.type('kato@example.j', screen.getByLabelText('E-mail'));
    await r.user.press('Enter');
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This is not an e-mail address.',
    );
    expect(screen.queryByRole('region', { name: 'Price' })).toBeNull();
  });

  it('greys out customer search when the key lacks its scope, and says why', async () => {
    fake = demoBridge({
      'setup.status': () =>
        setupStatus({
          features: {
            ...setupStatus().features,
            customerSearch: { enabled: false, reason: 'missing_scope', scope: 'customers:read' },
          },
        }),
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    const find = screen.getByRole('button', { name: 'Find an existing customer by e-mail' });
    expect(find).toHaveProperty('disabled', true);
    // On the screen (the header's panel lists it too).
    expect(
      within(screen.getByRole('main')).getByText('off — the key lacks the scope “customers:read”'),
    ).toBeTruthy();
  });

  it('checks the headcount on the party step', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.tap(screen.getByRole('button', { name: 'One adult fewer' }));
    await r.user.tap(screen.getByRole('button', { name: 'One adult fewer' }));
    await r.user.tap(screen.getByRole('button', { name: /^Next/ }));
    expect(screen.getByText('At least one person.')).toBeTruthy();
    expect(screen.getByLabelText('Adults').getAttribute('aria-invalid')).toBe('true');
  });

  it('says which slot staff came from does not take the party, and why, beside the proposals', async () => {
    fake = demoBridge({
      'headcount.check': ({ startTime, adults, children }) =>
        fit({
          fits: 'no',
          remaining: 2,
          nextSlots: [{ date: TODAY, startTime: '15:00', remaining: 6 }],
          ...(startTime && {
            misfit: {
              date: TODAY,
              startTime,
              reason: 'seats' as const,
              remaining: 2,
              party: adults + children,
            },
          }),
        }),
    });
    const r = await renderApp(fake);
    await act(async () =>
      r.app.actions.startWalkIn({
        productId: 'p-kayak',
        adults: 4,
        slot: { date: TODAY, startTime: '14:00' },
      }),
    );
    await settle();
    expect(fake.callsOf('headcount.check').at(-1)).toMatchObject({
      date: TODAY,
      startTime: '14:00',
      adults: 4,
    });
    const note = screen.getByText(/does not take this party/).closest('p')!;
    expect(note.textContent).toMatch(
      /14:00 does not take this party: 2 seats left for a party of 4\. Choose a slot that fits below\./,
    );
    expect(screen.getByRole('radio', { name: /15:00/ })).toHaveProperty('checked', true);
  });

  it('says why in Japanese too: the day is closed', async () => {
    fake = demoBridge({
      'prefs.get': () => ({ locale: 'ja' }),
      'headcount.check': ({ startTime, adults }) =>
        fit({
          fits: 'no',
          nextSlots: [],
          misfit: {
            date: TODAY,
            startTime: startTime!,
            reason: 'closed',
            remaining: null,
            party: adults,
          },
        }),
    });
    const r = await renderApp(fake, { lang: undefined, languages: () => ['ja-JP'] });
    await act(async () =>
      r.app.actions.startWalkIn({
        productId: 'p-kayak',
        slot: { date: TODAY, startTime: '10:00' },
      }),
    );
    await settle();
    const note = screen.getByText(/この人数で入れません/).closest('p')!;
    expect(note.textContent).toMatch(/10:00 の枠にはこの人数で入れません: この日は休業日です。$/);
    expect(screen.getByText('この人数で入れる枠が今後14日間にありません。')).toBeTruthy();
  });

  it('shows an error by its code when a call fails', async () => {
    fake = demoBridge({
      'walkin.quote': () => {
        throw new Refusal('INSUFFICIENT_SCOPE');
      },
    });
    const r = await renderApp(fake);
    await chooseProduct(r, /Sea Kayak Tour/);
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    expect(screen.getByRole('alert').textContent).toContain('The key is not allowed to do this');
    expect(screen.getByText('Code: INSUFFICIENT_SCOPE')).toBeTruthy();
  });

  it('starts with a product, party and slot given (extra people of a party)', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await act(async () =>
      r.app.actions.startWalkIn({
        productId: 'p-kayak',
        adults: 1,
        children: 1,
        slot: { date: TODAY, startTime: '14:00' },
        customer: { lastName: 'Yamada Taro' },
      }),
    );
    await settle();
    expect(screen.getByLabelText('Adults')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Children')).toHaveProperty('value', '1');
    expect(screen.getByRole('radio', { name: /14:00/ })).toHaveProperty('checked', true);
    await r.user.press('Enter');
    expect(screen.getByLabelText(/Last name/)).toHaveProperty('value', 'Yamada Taro');
  });
});
