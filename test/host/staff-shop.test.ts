/**
 * Staff across one shop (issue 29), as three host processes through the shop harness (one
 * sandbox, three browser hosts on one key and store, meshed over TLS on loopback): the owner set
 * up on one counter with the key, a member added there, and the list on every counter; the
 * member signs in at another with the PIN hashed on the first; their check-in shows their name on
 * the third; their sale is theirs in the store's close read on the third.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableSlot, checkIn, partiesToCheckIn, viewOn } from '../support/shop-actions';
import { startShopHarness, type Counter, type ShopHarness } from '../support/shop-harness';
import { waitFor } from '../support/wait';

let shop: ShopHarness;

beforeAll(async () => {
  shop = await startShopHarness({ counters: 3 });
  await Promise.all([0, 1, 2].map((i) => shop.start(i)));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** Every counter sees the two others present. */
const meshed = () =>
  waitFor(
    async () => {
      const all = await Promise.all(shop.counters.map((c) => c.call('status.get', {})));
      return all.every(
        (s) => s.shop.sharing && s.shop.counters.filter((c) => c.present).length === 2,
      );
    },
    'three counters present',
    60_000,
  );

const OWNER_PIN = '80808080';
const HANAKO_PIN = '2580';

describe('staff across three counters', () => {
  let hanako = '';

  it('a member added on one counter reaches every counter', async () => {
    await meshed();
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const owner = await first.call('staff.claimOwner', {
      apiKey: shop.sandbox.key('org-facility'),
      name: '店主',
      pin: OWNER_PIN,
    });
    expect(owner.signedIn).toMatchObject({ name: '店主', role: 'owner' });
    hanako = (
      await first.call('staff.save', {
        id: null,
        name: '花子',
        role: 'staff',
        pin: HANAKO_PIN,
        newCard: false,
      })
    ).id;
    for (const c of [second, third]) {
      const state = await waitFor(
        async () => {
          const s = await c.call('staff.get', {});
          return s.members.some((m) => m.id === hanako) ? s : null;
        },
        `the list on ${c.name}`,
        { timeoutMs: 15_000, everyMs: 100 },
      );
      // Staff sign in there now, though nobody was set up on that counter itself.
      expect(state).toMatchObject({ enabled: true, signedIn: null });
      expect(state.members.map((m) => m.name).sort()).toEqual(['店主', '花子'].sort());
    }
  }, 120_000);

  it('the member signs in at another counter; their check-in and sale carry their name', async () => {
    const [, second, third] = shop.counters as [Counter, Counter, Counter];
    // Nobody is signed in on the second counter: what leaves a record waits for someone.
    // A party of the coming days, once the counter's first sync has brought them.
    const party = await waitFor(
      async () => (await partiesToCheckIn([second], 1))[0],
      'a party to check in on the second counter',
      60_000,
    );
    const refused = await second.result('checkin.record', {
      reservationId: party.id,
      date: party.date,
      state: 'arrived',
      adults: party.adults,
      children: party.children,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'STAFF_SIGN_IN_NEEDED' } });
    // The PIN was hashed on the first counter: the second checks it with the hash's own cost.
    const wrong = await second.result('staff.signIn', { memberId: hanako, pin: '0000' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'PIN_WRONG' } });
    const signed = await second.call('staff.signIn', { memberId: hanako, pin: HANAKO_PIN });
    expect(signed.signedIn).toMatchObject({ name: '花子' });

    const made = await checkIn(second, party!);
    expect(made.checkIn).toMatchObject({ staffName: '花子' });
    const seen = await waitFor(
      async () => {
        const v = await viewOn(third, party.date, party.id);
        return v?.checkIn?.eventId === made.checkIn!.eventId ? v : null;
      },
      'the check-in on the third counter',
      { timeoutMs: 10_000, everyMs: 100 },
    );
    expect(seen.checkIn).toMatchObject({ counterName: second.name, staffName: '花子' });

    // A walk-in paid in cash at the second counter, by 花子.
    const slot = await bookableSlot(second);
    const draft = {
      ...slot,
      adults: 2,
      children: 0,
      participants: [],
      customer: { lastName: 'ハナ' },
    };
    const { price } = await second.call('walkin.quote', draft);
    const sold = await second.call('walkin.book', {
      ...draft,
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total: price!.total, currency: price!.currency },
      tender: { lines: [{ method: 'cash', amount: price!.total, received: price!.total }] },
    });
    const day = await second.call('journal.day', { date: null });
    expect(day.entries.find((e) => e.id === sold.saleId)).toMatchObject({
      staff: { id: hanako, name: '花子' },
    });
    // The second counter's close, published for the store; read on the third.
    await second.call('close.preview', { date: null, openingFloat: 0, counted: null });
    const store = await waitFor(
      async () => {
        const s = await third.call('close.store', { date: null });
        return s.byStaff.some((r) => r.staffId === hanako) ? s : null;
      },
      'the store’s close by staff on the third counter',
      { timeoutMs: 15_000, everyMs: 200 },
    );
    expect(store.byStaff.find((r) => r.staffId === hanako)).toMatchObject({
      name: '花子',
      sales: price!.total,
      count: 1,
      cash: price!.total,
    });
  }, 120_000);
});
