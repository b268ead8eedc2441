/**
 * The shop's channels and its place in the status, through the router, with a fake shop behind
 * the desk's port: what set-up sets reaches the shop at once (no restart), sharing off closes it,
 * training and "not set up" say why the counter works alone, and a counter the contract would
 * refuse is left out alone.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopConfig, ShopOpener, ShopPort, ShopPortView } from '../../../main/desk/shop/port';
import { Status } from '../../../main/ipc/contract';
import {
  LATER,
  P,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../support';
import { waitFor } from '../../support/wait';

/** A shop as the lead's will be: it reports a view and records what it is told. */
class FakeShop implements ShopPort {
  configs: ShopConfig[] = [];
  closed = false;
  private listeners = new Set<() => void>();
  constructor(
    config: ShopConfig,
    public shown: ShopPortView | null,
  ) {
    this.configs.push(config);
  }
  view() {
    return this.shown;
  }
  reconfigure(config: ShopConfig) {
    this.configs.push(config);
  }
  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  change(view: ShopPortView) {
    this.shown = view;
    for (const l of this.listeners) l();
  }
  close() {
    this.closed = true;
  }
}

const SEEN = Date.UTC(2026, 10, 24, 0, 20);

function viewFor(config: ShopConfig): ShopPortView {
  return {
    self: { counterId: config.counterId, name: config.name, polling: false },
    counters: [
      {
        counterId: 'c-2',
        name: '受付2',
        present: true,
        lastSeen: SEEN,
        polling: true,
        link: 'online',
      },
      {
        counterId: 'c-3',
        name: '受付3',
        present: false,
        lastSeen: SEEN - 180_000,
        polling: false,
        link: 'unknown',
      },
    ],
  };
}

describe('the shop at the desk', () => {
  let h: Harness;
  const shops: FakeShop[] = [];
  const opener: ShopOpener = ({ config }) => {
    const shop = new FakeShop(config, viewFor(config));
    shops.push(shop);
    return shop;
  };
  afterEach(async () => {
    shops.splice(0);
    await h.close();
  });

  it('before set-up: the defaults, the host name, not set up', async () => {
    h = await startHarness({ desk: { openShop: opener } });
    expect(await h.call('shop.get', {})).toEqual({
      settings: { counterName: null, hostName: hostname(), sharing: true, peers: [], port: null },
      shop: { sharing: false, reason: 'not_set_up' },
    });
    expect((await h.call('status.get', {})).shop).toEqual({ sharing: false, reason: 'not_set_up' });
    // Set before set-up, kept for it.
    const set = await h.call('shop.configure', { counterName: '受付1', sharing: true, peers: [] });
    expect(set.settings.counterName).toBe('受付1');
    expect(shops).toHaveLength(0);
  });

  it('live: opens the shop with the settings; the status shows its counters', async () => {
    h = await startHarness({ desk: { openShop: opener } });
    await h.call('shop.configure', { counterName: '受付1', sharing: true, peers: ['10.0.0.2'] });
    await setUp(h);
    expect(shops).toHaveLength(1);
    const [shop] = shops;
    expect(shop!.configs).toEqual([
      { counterId: expect.any(String), name: '受付1', peers: ['10.0.0.2'], port: null },
    ]);
    const status = await h.call('status.get', {});
    expect(status.shop).toEqual({
      sharing: true,
      self: { counterId: shop!.configs[0]!.counterId, name: '受付1', polling: false },
      counters: viewFor(shop!.configs[0]!).counters,
      following: null,
    });
    expect((await h.call('shop.get', {})).shop).toEqual(status.shop);

    // A counter came: the status bar is told.
    const from = h.events.length;
    shop!.change({
      ...viewFor(shop!.configs[0]!),
      counters: [
        {
          counterId: 'c-4',
          name: '受付4',
          present: true,
          lastSeen: SEEN,
          polling: true,
          link: 'online',
        },
      ],
    });
    const told = await waitFor(
      () =>
        h.events
          .slice(from)
          .filter((e) => e.event === 'status.changed')
          .map((e) => Status.parse(e.payload).shop)
          .find((s) => s.sharing && s.counters[0]?.name === '受付4'),
      'the status with the counter that came',
    );
    expect(told).toBeTruthy();
  });

  it('a new name or new peers reach the shop at once; sharing off closes it, on opens another', async () => {
    h = await startHarness({ desk: { openShop: opener } });
    await setUp(h);
    const [shop] = shops;
    expect(shop!.configs[0]!.name).toBe(hostname().slice(0, 40));

    const answer = await h.call('shop.configure', {
      counterName: ' 受付1 ',
      sharing: true,
      peers: ['Counter-2.local:47110', '[::1]'],
    });
    expect(answer.settings).toMatchObject({
      counterName: '受付1',
      peers: ['counter-2.local:47110', '[::1]'],
    });
    expect(shops).toHaveLength(1);
    expect(shop!.configs.at(-1)).toMatchObject({
      name: '受付1',
      peers: ['counter-2.local:47110', '[::1]'],
    });
    // The same settings saved again tell the shop nothing.
    const told = shop!.configs.length;
    await h.call('shop.configure', {
      counterName: '受付1',
      sharing: true,
      peers: ['counter-2.local:47110', '[::1]'],
    });
    expect(shop!.configs).toHaveLength(told);

    const off = await h.call('shop.configure', { counterName: '受付1', sharing: false, peers: [] });
    expect(shop!.closed).toBe(true);
    expect(off.shop).toEqual({ sharing: false, reason: 'off' });
    expect((await h.call('status.get', {})).shop).toEqual({ sharing: false, reason: 'off' });

    await h.call('shop.configure', { counterName: null, sharing: true, peers: [] });
    expect(shops).toHaveLength(2);
    expect(shops[1]!.configs).toEqual([
      expect.objectContaining({ name: hostname().slice(0, 40), peers: [] }),
    ]);

    // Kept: a restart opens the shop as last set, behind today's first day view (decision G6).
    await h.restart();
    await h.call('day.get', { date: null });
    await vi.waitFor(() => expect(shops).toHaveLength(3), { timeout: 5_000, interval: 20 });
    expect(shops[2]!.configs[0]).toMatchObject({ name: hostname().slice(0, 40), peers: [] });
  });

  it('each bad input is refused with its own error; nothing is kept', async () => {
    h = await startHarness({ desk: { openShop: opener } });
    const before = await h.call('shop.get', {});
    const base = { counterName: '受付1', sharing: true, peers: [] as string[] };
    const cases: [unknown, string, unknown[]][] = [
      [
        { ...base, counterName: '  ' },
        'COUNTER_NAME_INVALID',
        [{ field: 'counterName', reason: 'empty', max: 40 }],
      ],
      [
        { ...base, counterName: 'あ'.repeat(41) },
        'COUNTER_NAME_INVALID',
        [{ field: 'counterName', reason: 'too_long', max: 40 }],
      ],
      [
        { ...base, counterName: '受付\t1' },
        'COUNTER_NAME_INVALID',
        [{ field: 'counterName', reason: 'control', max: 40 }],
      ],
      [
        { ...base, peers: ['10.0.0.2', 'no such:host', '10.0.0.3:0'] },
        'PEER_ADDRESS_INVALID',
        [
          { field: 'peers', index: 1, peer: 'no such:host', reason: 'bad_port' },
          { field: 'peers', index: 2, peer: '10.0.0.3:0', reason: 'bad_port' },
        ],
      ],
      [
        { ...base, peers: ['bad host'] },
        'PEER_ADDRESS_INVALID',
        [{ field: 'peers', index: 0, peer: 'bad host', reason: 'bad_host' }],
      ],
      [
        { ...base, peers: Array.from({ length: 17 }, (_, i) => `10.0.0.${i + 1}`) },
        'TOO_MANY_PEERS',
        [{ field: 'peers', max: 16, count: 17 }],
      ],
    ];
    for (const [payload, code, details] of cases) {
      expect(await refusal(h, 'shop.configure', payload)).toEqual({
        code,
        message: expect.any(String),
        details,
      });
    }
    // The shape is the contract's: an unknown key, a missing field.
    expect((await refusal(h, 'shop.configure', { ...base, port: 1 })).code).toBe('INVALID_INPUT');
    expect((await refusal(h, 'shop.configure', { counterName: null, peers: [] })).code).toBe(
      'INVALID_INPUT',
    );
    expect(await h.call('shop.get', {})).toEqual(before);
  });

  it('training works alone: no shop is opened', async () => {
    h = await startHarness({ desk: { openShop: opener, trainingByDefault: true } });
    await h.desk.start();
    expect((await h.call('setup.status', {})).mode).toBe('training');
    expect((await h.call('status.get', {})).shop).toEqual({ sharing: false, reason: 'training' });
    expect((await h.call('shop.get', {})).shop).toEqual({ sharing: false, reason: 'training' });
    expect(shops).toHaveLength(0);
  });

  it('without a shop, or when it cannot open, the counter works alone and says so', async () => {
    h = await startHarness();
    await setUp(h);
    expect((await h.call('status.get', {})).shop).toEqual({
      sharing: false,
      reason: 'unavailable',
    });
    await h.close();

    h = await startHarness({
      desk: {
        openShop: () => {
          throw new Error('port in use');
        },
      },
    });
    await setUp(h);
    expect((await h.call('status.get', {})).shop).toEqual({
      sharing: false,
      reason: 'unavailable',
    });
    expect(h.logs.some((l) => l.event === 'shop.open_failed')).toBe(true);
    expect((await h.call('day.get', { date: LATER })).products.length).toBeGreaterThan(0);
  });

  it('a counter the contract would refuse is left out alone', async () => {
    h = await startHarness({
      desk: {
        openShop: ({ config }) => {
          const shop = new FakeShop(config, viewFor(config));
          shop.shown!.counters = [
            ...viewFor(config).counters,
            {
              counterId: 'c-9',
              name: '',
              present: true,
              lastSeen: SEEN,
              polling: false,
              link: 'online',
            },
            {
              counterId: 'c-8',
              name: 'x',
              present: true,
              lastSeen: SEEN,
              polling: false,
              link: 'sideways',
            },
            {
              counterId: config.counterId,
              name: 'me',
              present: true,
              lastSeen: SEEN,
              polling: false,
              link: 'online',
            },
          ];
          return shop;
        },
      },
    });
    await setUp(h);
    const status = await h.call('status.get', {});
    expect(status.shop.sharing && status.shop.counters.map((c) => c.counterId)).toEqual([
      'c-2',
      'c-3',
    ]);
    expect(h.logs.find((l) => l.event === 'shop.counters_left_out')).toMatchObject({ count: 2 });
  });

  it('a follower’s status names the counter its data comes from; one the contract refuses is not said', async () => {
    const following = { counterId: 'c-2', name: '受付2', pulledAt: SEEN, problem: null };
    h = await startHarness({
      desk: {
        openShop: ({ config }) => {
          const shop = new FakeShop(config, { ...viewFor(config), following });
          shops.push(shop);
          return shop;
        },
      },
    });
    await setUp(h);
    const status = await h.call('status.get', {});
    expect(status.shop).toMatchObject({ sharing: true, following });
    shops[0]!.change({
      ...viewFor(shops[0]!.configs[0]!),
      following: { ...following, problem: 'sideways' },
    });
    const after = await h.call('status.get', {});
    expect(after.shop).toMatchObject({ sharing: true, following: null });
    expect(after.shop.sharing && after.shop.counters).toHaveLength(2);
    expect(h.logs.some((l) => l.event === 'shop.following_left_out')).toBe(true);
  });

  it('a queued walk-in shows the name staff gave the counter', async () => {
    h = await startHarness({ desk: { openShop: opener } });
    await setUp(h);
    cutLink(h.sb);
    try {
      const queued = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 1,
        children: 0,
        participants: [],
        customer: { lastName: '名前' },
        sendConfirmationEmail: false,
        locale: 'ja',
      });
      expect(queued.outcome).toBe('queued');
      expect((await h.call('outbox.list', {})).items[0]!.counter).toBe(hostname());
      await h.call('shop.configure', { counterName: '受付1', sharing: true, peers: [] });
      expect((await h.call('outbox.list', {})).items[0]!.counter).toBe('受付1');
    } finally {
      restoreLink(h.sb);
    }
  });
});
