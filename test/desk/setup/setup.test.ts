/**
 * Set-up: a pasted key checked with ping, its stores listed, saved and resumed after a restart,
 * removed; features the key's scopes do not allow; clear codes for dead keys; training mode.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../sandbox/scenario/demo';
import { allFiles } from '../../local/support';
import { KYOTO, OKINAWA, TODAY, refusal, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

describe('set-up with a key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('starts not set up: every feature off for that reason, the day refused', async () => {
    const status = await h.call('setup.status', {});
    expect(status).toMatchObject({ mode: 'not_set_up', key: null, store: null, plan: null });
    for (const f of Object.values(status.features))
      expect(f).toEqual({ enabled: false, reason: 'not_set_up', scope: null });
    expect((await refusal(h, 'day.get', { date: TODAY })).code).toBe('NOT_SET_UP');
    expect((await h.call('status.get', {})).training).toBe(false);
  });

  it('checks a key with ping: organization, key name, scopes, store limit, stores', async () => {
    const checked = await h.call('setup.checkKey', {
      apiKey: `  ${h.sb.key('org-facility')}  `,
      serviceUrl: null,
    });
    expect(checked.key).toEqual({
      organizationId: DEMO.organizations.main,
      name: 'フロント端末（本部・施設プラン）',
      scopes: expect.arrayContaining([
        'products:read',
        'reservations:read',
        'reservations:write',
        'customers:read',
      ]),
      storeLimit: null,
    });
    expect(checked.stores.map((s) => s.id)).toEqual([
      DEMO.stores.kyoto,
      DEMO.stores.okinawa,
      DEMO.stores.honolulu,
    ]);
    expect(checked.stores.find((s) => s.id === DEMO.stores.honolulu)).toMatchObject({
      timeZone: 'Pacific/Honolulu',
      currency: 'JPY',
      acceptsOnSite: true,
    });
    expect(checked.stores.find((s) => s.id === OKINAWA)!.acceptsOnSite).toBe(false);
    // The check tells what the key's scopes allow; the store is chosen in the same form.
    for (const f of Object.values(checked.features)) {
      expect(f).toEqual({ enabled: true, reason: null, scope: null });
    }
    // Checking saves nothing.
    expect((await h.call('setup.status', {})).mode).toBe('not_set_up');
    expect(h.secrets.value).toBeNull();
  });

  it('a store-limited key lists only its store and cannot be used for another', async () => {
    const checked = await h.call('setup.checkKey', {
      apiKey: h.sb.key('store-limited'),
      serviceUrl: null,
    });
    expect(checked.key.storeLimit).toBe(KYOTO);
    expect(checked.stores.map((s) => s.id)).toEqual([KYOTO]);
    const refused = await refusal(h, 'setup.saveKey', {
      apiKey: h.sb.key('store-limited'),
      serviceUrl: null,
      storeId: OKINAWA,
      plan: 'standard',
    });
    expect(refused.code).toBe('STORE_NOT_AVAILABLE');
    expect(h.secrets.value).toBeNull();
    const saved = await setUp(h, 'store-limited', KYOTO, 'standard');
    expect(saved).toMatchObject({ mode: 'live', plan: 'standard', store: { id: KYOTO } });
    expect(saved.key!.storeLimit).toBe(KYOTO);
    expect((await refusal(h, 'setup.selectStore', { storeId: OKINAWA })).code).toBe(
      'STORE_NOT_AVAILABLE',
    );
  });

  it.each([
    ['nonsense-key-0123456789', 'UNAUTHORIZED'],
    ['revoked', 'API_KEY_REVOKED'],
    ['expired', 'API_KEY_EXPIRED'],
    ['contract-ended', 'CONTRACT_ENDED'],
    ['plan-unsupported', 'PLAN_NOT_SUPPORTED'],
  ])('a %s key is refused with %s, and nothing is saved', async (role, code) => {
    const apiKey = role.startsWith('nonsense') ? role : h.sb.key(role);
    const before = await h.call('setup.status', {});
    const secret = h.secrets.value;
    expect((await refusal(h, 'setup.checkKey', { apiKey, serviceUrl: null })).code).toBe(code);
    const refused = await refusal(h, 'setup.saveKey', {
      apiKey,
      serviceUrl: null,
      storeId: KYOTO,
      plan: 'standard',
    });
    expect(refused.code).toBe(code);
    expect(await h.call('setup.status', {})).toEqual(before);
    expect(h.secrets.value).toBe(secret);
  });

  const good = DEMO.keys['org-facility'];
  it.each([
    ['Japanese characters', 'ＡＰＩキー０１２３４５６７８９あいうえお'],
    ['a Japanese character inside', `${good.slice(0, 10)}キ${good.slice(10)}`],
    ['an emoji', `${good}🔑`],
    ['a space inside', `${good.slice(0, 10)} ${good.slice(10)}`],
    ['a line break inside', `${good.slice(0, 10)}\n${good.slice(10)}`],
    ['a tab inside', `${good.slice(0, 10)}\t${good.slice(10)}`],
    ['too short', 'fd_demo_short'],
    ['too long', `fd_${'x'.repeat(300)}`],
  ])('a key with %s is refused as not a key, nothing sent or saved', async (_, apiKey) => {
    const before = await h.call('setup.status', {});
    const secret = h.secrets.value;
    const sent = h.sb.sandbox.requests().length;
    for (const channel of ['setup.checkKey', 'setup.saveKey'] as const) {
      const refused = await refusal(h, channel, {
        apiKey,
        serviceUrl: null,
        ...(channel === 'setup.saveKey' && { storeId: KYOTO, plan: 'standard' }),
      });
      expect(refused).toMatchObject({
        code: 'API_KEY_MALFORMED',
        message: 'this does not look like an API key',
      });
    }
    expect(h.sb.sandbox.requests().length).toBe(sent);
    expect(await h.call('setup.status', {})).toEqual(before);
    expect(h.secrets.value).toBe(secret);
  });

  it('a key pasted with a line break and spaces around it is trimmed and checked', async () => {
    const checked = await h.call('setup.checkKey', { apiKey: `\n  ${good}\r\n`, serviceUrl: null });
    expect(checked.key.scopes.length).toBeGreaterThan(0);
  });

  it('a service address where nothing listens is said quickly', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    const started = Date.now();
    const refused = await refusal(h, 'setup.checkKey', {
      apiKey: h.sb.key('org-facility'),
      serviceUrl: `http://127.0.0.1:${port}`,
    });
    expect(refused.code).toBe('NETWORK_REFUSED');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the key is never sent in clear over a network: http only to this machine', async () => {
    for (const serviceUrl of ['http://api.example.com', 'http://192.168.1.10:8080']) {
      const refused = await refusal(h, 'setup.checkKey', {
        apiKey: h.sb.key('org-facility'),
        serviceUrl,
      });
      expect(refused.code).toBe('INSECURE_SERVICE_URL');
    }
  });

  it('saves the key, the store and the plan; a restart resumes them', async () => {
    const saved = await setUp(h, 'org-facility', KYOTO, 'facility');
    expect(saved).toMatchObject({ mode: 'live', plan: 'facility', store: { id: KYOTO } });
    for (const f of Object.values(saved.features))
      expect(f).toEqual({ enabled: true, reason: null, scope: null });
    expect(h.secrets.value).toBe(h.sb.key('org-facility'));
    const settings = path.join(h.dataDir, 'settings', 'settings.json');
    expect(existsSync(settings)).toBe(true);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toMatchObject({
      mode: 'live',
      storeId: KYOTO,
      plan: 'facility',
    });
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);

    await h.restart();
    const resumed = await h.call('setup.status', {});
    expect(resumed).toEqual(saved);
    const again = await h.call('day.get', { date: TODAY });
    expect(again.products.map((p) => p.id)).toEqual(day.products.map((p) => p.id));
    // The key is with the secret store only: in no file of the data directory.
    const key = h.sb.key('org-facility');
    for (const f of allFiles(h.dataDir)) expect(f.text).not.toContain(key);
  });

  it('another store of the key can be chosen', async () => {
    const status = await h.call('setup.selectStore', { storeId: OKINAWA });
    expect(status.store).toMatchObject({ id: OKINAWA, acceptsOnSite: false });
    const day = await h.call('day.get', { date: TODAY });
    expect(day.store.id).toBe(OKINAWA);
    expect(day.products.map((p) => p.id)).toContain(DEMO.products.kayak);
    await h.call('setup.selectStore', { storeId: KYOTO });
  });

  it('removes the key: not set up, secret gone, and still so after a restart', async () => {
    const removed = await h.call('setup.removeKey', {});
    expect(removed).toMatchObject({ mode: 'not_set_up', key: null, store: null });
    expect(h.secrets.value).toBeNull();
    expect((await refusal(h, 'day.get', { date: TODAY })).code).toBe('NOT_SET_UP');
    await h.restart();
    expect((await h.call('setup.status', {})).mode).toBe('not_set_up');
    expect(h.events.filter((e) => e.event === 'setup.changed').length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [
      'read-only',
      {
        walkIn: 'reservations:write',
        cancel: 'reservations:write',
        customerSearch: 'customers:read',
      },
    ],
    ['no-customer-search', { customerSearch: 'customers:read' }],
  ])('a %s key: what its scopes do not allow is off, with the scope', async (role, off) => {
    const status = await setUp(h, role, KYOTO, 'standard');
    for (const [feature, state] of Object.entries(status.features)) {
      const scope = (off as Record<string, string>)[feature];
      if (scope) expect(state).toEqual({ enabled: false, reason: 'missing_scope', scope });
      else expect(state).toEqual({ enabled: true, reason: null, scope: null });
    }
    // What it may do still works.
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
  });
});

describe('training mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('starts the sandbox on loopback with a fresh key; the app works against it, marked training', async () => {
    const status = await h.call('setup.startTraining', {});
    expect(status.mode).toBe('training');
    expect(status.store).not.toBeNull();
    for (const f of Object.values(status.features)) expect(f.enabled).toBe(true);
    expect(h.trainings).toHaveLength(1);
    const training = h.trainings[0]!;
    expect(new URL(training.baseUrl).hostname).toBe('127.0.0.1');
    expect(training.baseUrl).not.toBe(h.sb.baseUrl);
    expect(training.apiKey).toMatch(/^fd_training_/);
    expect(Object.values(DEMO.keys)).not.toContain(training.apiKey);
    // Nothing saved as a live key.
    expect(h.secrets.value).toBeNull();

    h.sb.sandbox.clearRequests();
    const day = await h.call('day.get', { date: TODAY });
    expect(day.store.id).toBe(KYOTO);
    expect(day.products.some((p) => p.slots.some((s) => s.capacity !== null))).toBe(true);
    const slot = day.products
      .find((p) => p.id === DEMO.products.apiTest)!
      .slots.find((s) => s.startTime === '15:00')!;
    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: DEMO.products.apiTest,
      date: TODAY,
      startTime: '15:00',
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName: '研修' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(booked.outcome).toBe('booked');
    const after = await h.call('day.get', { date: TODAY });
    const slotAfter = after.products
      .find((p) => p.id === DEMO.products.apiTest)!
      .slots.find((s) => s.startTime === '15:00')!;
    expect(slotAfter.total).toBe(slot.total + 1);
    // The live service saw none of it.
    expect(h.sb.sandbox.requests()).toHaveLength(0);

    const s = await waitFor(async () => {
      const x = await h.call('status.get', {});
      return x.syncedAt !== null && x;
    }, 'a sync');
    expect(s.training).toBe(true);
    expect(h.events.some((e) => e.event === 'status.changed' && (e.payload as any).training)).toBe(
      true,
    );
  });

  it('training again replaces the first training service (no service left running)', async () => {
    await h.call('setup.startTraining', {});
    expect(h.trainings).toHaveLength(2);
    await expect(fetch(`${h.trainings[0]!.baseUrl}/v1/public/ping`)).rejects.toThrow();
    const day = await h.call('day.get', { date: TODAY });
    // A fresh demo: the walk-in of the first training is gone.
    expect(
      (await h.call('day.parties', { date: day.date, slot: null })).reservations.some(
        (r) => r.customerName === '研修',
      ),
    ).toBe(false);
  });

  it('a restart in training mode starts training anew', async () => {
    await h.restart();
    expect((await h.call('setup.status', {})).mode).toBe('training');
    expect(h.trainings).toHaveLength(3);
    await expect(fetch(`${h.trainings[1]!.baseUrl}/v1/public/ping`)).rejects.toThrow();
  });

  it('setting a live key ends training and its service', async () => {
    const saved = await setUp(h);
    expect(saved.mode).toBe('live');
    expect((await h.call('status.get', {})).training).toBe(false);
    await expect(fetch(`${h.trainings[2]!.baseUrl}/v1/public/ping`)).rejects.toThrow();
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
    expect(h.sb.sandbox.requests().length).toBeGreaterThan(0);
  });

  it('with training by default, a desk not set up starts in training, and returns to it', async () => {
    const t = await startHarness({ desk: { trainingByDefault: true } });
    try {
      await t.desk.start();
      expect((await t.call('setup.status', {})).mode).toBe('training');
      expect((await t.call('status.get', {})).training).toBe(true);
      await setUp(t);
      expect((await t.call('setup.status', {})).mode).toBe('live');
      expect(t.trainings).toHaveLength(1);
      const removed = await t.call('setup.removeKey', {});
      expect(removed.mode).toBe('training');
      expect(t.secrets.value).toBeNull();
      expect(t.trainings).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
