/**
 * Joining a shop by a code (H13), two desks on loopback over the real mesh (TLS), with no peer
 * list and no discovery: 受付1, set up and sharing, shows a code; 受付2, not set up yet, is refused
 * before anything is sent (the code stays unused); set up live on the same key and store, it
 * enters the code, meets 受付1 and sees its check-ins. The key went to no peer: 受付2 holds only
 * what it was set up with. The same code again is refused as used; a wrong one, one not a code,
 * and one from a counter of another shop are each refused with their own error, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meshShopOpener } from '../../../main/desk/shop/open-shop';
import { parseJoinCode, formatJoinCode } from '../../../main/shop/join/code';
import type { ReservationView } from '../../../main/ipc/contract';
import { KYOTO, OKINAWA, TODAY, refusal, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

const opener = () => meshShopOpener({ listenHost: '127.0.0.1', discovery: false, port: 0 });
/** Every booking of today at a counter, as its day's parties list them. */
const allViews = async (h: Harness): Promise<ReservationView[]> =>
  (await h.call('day.parties', { date: TODAY, slot: null })).reservations;

describe('joining a shop by a code', () => {
  let first: Harness;
  let joining: Harness;
  let setUpLikeFirst: () => Promise<unknown>;
  beforeAll(async () => {
    first = await startHarness({ desk: { openShop: opener() } });
    joining = await startHarness({ desk: { openShop: opener() } });
    await first.call('shop.configure', { counterName: '受付1', sharing: true, peers: [] });
    await joining.call('shop.configure', { counterName: '受付2', sharing: true, peers: [] });
    await setUp(first);
    // Nothing of 受付1's key or store reaches 受付2 by the join: it is set up with its own copy.
    setUpLikeFirst = () =>
      joining.call('setup.saveKey', {
        apiKey: first.sb.key('org-facility'),
        serviceUrl: first.sb.baseUrl,
        storeId: KYOTO,
        plan: 'facility',
      });
    await waitFor(
      async () => (await first.call('status.get', {})).shop?.sharing === true,
      '受付1 to share',
      20_000,
    );
  });
  afterAll(async () => {
    await joining?.close();
    await first?.close();
  });

  it('a counter not set up is refused before anything is sent; set up on the same key and store, it joins, meets 受付1 and sees its check-ins', async () => {
    const shown = await first.call('shop.join.show', {});
    expect(shown.code).toMatch(/^FD1-/);
    expect(shown.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(shown.expiresAt).toBeGreaterThan(first.sb.sandbox.clock.now());
    expect(parseJoinCode(shown.code)?.host).toBe('127.0.0.1');

    // Not set up: refused here, with nothing sent — 受付1 heard nothing, and the code is unused.
    const heard = () => first.logs.filter((r) => r.event.startsWith('shop.join.')).length;
    const before = heard();
    expect((await refusal(joining, 'shop.join.enter', { code: shown.code })).code).toBe(
      'JOIN_SET_UP_FIRST',
    );
    expect(heard()).toBe(before);
    expect((await joining.call('setup.status', {})).mode).toBe('not_set_up');
    expect(joining.secrets.value).toBeNull();

    await setUpLikeFirst();
    // Typed in lower case with spaces, as staff might.
    const joined = await joining.call('shop.join.enter', {
      code: shown.code.toLowerCase().replace(/-/g, ' '),
    });
    expect(joined.joined).toEqual({ name: '受付1' });
    expect(joined.settings.sharing).toBe(true);
    expect(joined.settings.peers).toHaveLength(1);
    expect(await joining.call('setup.status', {})).toMatchObject({
      mode: 'live',
      store: { id: (await first.call('setup.status', {})).store!.id },
    });
    // The key is in no log line of either counter.
    for (const h of [first, joining])
      expect(JSON.stringify(h.logs)).not.toContain(first.secrets.value!);

    await waitFor(
      async () => {
        const [a, b] = await Promise.all([
          first.call('status.get', {}),
          joining.call('status.get', {}),
        ]);
        return (
          a.shop?.sharing === true &&
          a.shop.counters.some((c) => c.name === '受付2' && c.present) &&
          b.shop?.sharing === true &&
          b.shop.counters.some((c) => c.name === '受付1' && c.present)
        );
      },
      'the two counters to meet',
      20_000,
    );

    // 受付1 checks a party in; 受付2 sees it.
    // Whichever of the two polls for the shop, 受付1's day holds the parties once it has synced.
    const party = await waitFor(
      async () => (await allViews(first)).find((v) => v.active),
      '受付1’s day to hold a party',
      20_000,
    );
    await first.call('checkin.record', {
      reservationId: party.id,
      date: TODAY,
      state: 'arrived',
      adults: party.adults,
      children: party.children,
      basis: null,
    });
    const seen = await waitFor(
      async () =>
        (await allViews(joining)).find((v) => v.id === party.id && v.checkIn?.state === 'arrived'),
      '受付2 to see 受付1’s check-in',
      20_000,
    );
    expect(seen.checkIn).toMatchObject({ counterName: '受付1' });

    // The same code again: used.
    expect((await refusal(joining, 'shop.join.enter', { code: shown.code })).code).toBe(
      'JOIN_CODE_USED',
    );
  });

  it('a code mistyped, one no counter shows, and one of another shop are refused, each with its own error', async () => {
    const { code } = await first.call('shop.join.show', {});
    const before = await joining.call('shop.get', {});
    const typo = code.slice(0, -1) + (code.endsWith('7') ? '8' : '7');
    expect((await refusal(joining, 'shop.join.enter', { code: typo })).code).toBe(
      'JOIN_CODE_INVALID',
    );
    const parsed = parseJoinCode(code)!;
    const wrong = formatJoinCode({ ...parsed, secret: Buffer.alloc(10, 7) });
    expect((await refusal(joining, 'shop.join.enter', { code: wrong })).code).toBe(
      'JOIN_CODE_WRONG',
    );
    // 受付1 moves to another store: its codes now belong to another shop than 受付2's.
    await first.call('setup.selectStore', { storeId: OKINAWA });
    await waitFor(
      async () => (await first.call('status.get', {})).shop?.sharing === true,
      '受付1 to share again',
      20_000,
    );
    const other = await first.call('shop.join.show', {});
    expect((await refusal(joining, 'shop.join.enter', { code: other.code })).code).toBe(
      'JOIN_OTHER_SHOP',
    );
    expect((await joining.call('shop.get', {})).settings).toEqual(before.settings);
  });
});
