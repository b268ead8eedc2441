/**
 * Conformance of authentication and access (spec §5, §7, §8; decisions 31, 32, 44): the
 * Authorization header, revoked and expired keys, contract and plan, scopes per endpoint, keys
 * limited to one store, and per-key rate limits. Every error body is parsed with the strict
 * `ErrorBody`, every success with its strict wire schema.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  Availability,
  Calculation,
  CancelPreview,
  CustomerList,
  InquiryEnvelope,
  KeyStatus,
  ProductEnvelope,
  ProductList,
  StoreList,
  type ErrorBody,
  type ErrorCode,
  type Scope,
} from '../../main/api/schemas';
import {
  WireReservationEnvelope,
  WireReservationPage,
  type WireReservation,
} from '../../sandbox/model';
import { DEMO, demoCatalogue, demoScenario } from '../../sandbox/scenario/demo';
import type { ScenarioInput } from '../../sandbox/scenario/format';
import { startTestSandbox, type Reply, type TestSandbox } from '../support/sandbox';
import {
  API_TEST,
  KYOTO,
  NOW,
  OKINAWA,
  expectJsonError,
  expectOk,
  findSlot,
  idempotencyKeys,
  useSandbox,
  type Slot,
} from './support';

const nextIdempotencyKey = idempotencyKeys('auth-test');

function createBody(slot: Slot, productId = API_TEST) {
  return {
    customer: { lastName: '山田', firstName: '花子' },
    items: [{ productId, ...slot, adultCount: 1, childCount: 0 }],
    paymentMethod: 'external',
    sendConfirmationEmail: false,
  };
}

async function createReservation(
  t: TestSandbox,
  storeId: string,
  slot: Slot,
  key = 'org-facility',
): Promise<WireReservation> {
  const reply = await t.call('POST', t.storePath(storeId, '/reservations'), {
    key,
    body: createBody(slot),
    idempotencyKey: nextIdempotencyKey(),
  });
  return expectOk(reply, 201, WireReservationEnvelope).reservation;
}

type ScenarioKey = ScenarioInput['keys'][number];

/** `base` with keys of the main organization added, none limited to a store. */
function withOrgKeys(
  base: ScenarioInput,
  keys: Omit<ScenarioKey, 'organizationId' | 'teamId'>[],
): ScenarioInput {
  return {
    ...base,
    keys: [
      ...base.keys,
      ...keys.map((k) => ({ ...k, organizationId: DEMO.organizations.main, teamId: null })),
    ],
  };
}

// --- every endpoint, with the scope decision 31 gives it ----------------------------------------

type EndpointName =
  | 'ping'
  | 'stores'
  | 'products'
  | 'product'
  | 'availability'
  | 'calculate'
  | 'list'
  | 'get'
  | 'cancel-preview'
  | 'create'
  | 'cancel'
  | 'delete'
  | 'customers'
  | 'inquiries';

interface Fixture {
  storeId: string;
  slot: Slot;
  /** A reservation of the store that stays as it is (read, previewed). */
  existingId: string;
  /** A reservation that may be cancelled or deleted by this one request. */
  fresh(): Promise<string>;
  email: string;
}

interface Endpoint {
  name: EndpointName;
  /** Decision 31; null = any valid key. */
  scope: Scope | null;
  status: number;
  schema: z.ZodType | null;
  send(t: TestSandbox, key: string, fx: Fixture): Promise<Reply>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'ping',
    scope: null,
    status: 200,
    schema: KeyStatus,
    send: (t, key) => t.call('GET', '/v1/public/ping', { key }),
  },
  {
    name: 'stores',
    scope: null,
    status: 200,
    schema: StoreList,
    send: (t, key) => t.call('GET', '/v1/public/stores', { key }),
  },
  {
    name: 'products',
    scope: 'products:read',
    status: 200,
    schema: ProductList,
    send: (t, key, fx) => t.call('GET', t.storePath(fx.storeId, '/products'), { key }),
  },
  {
    name: 'product',
    scope: 'products:read',
    status: 200,
    schema: ProductEnvelope,
    send: (t, key, fx) => t.call('GET', t.storePath(fx.storeId, `/products/${API_TEST}`), { key }),
  },
  {
    name: 'availability',
    scope: 'products:read',
    status: 200,
    schema: Availability,
    send: (t, key, fx) =>
      t.call(
        'GET',
        t.storePath(fx.storeId, `/products/${API_TEST}/availability?year=2026&month=12`),
        { key },
      ),
  },
  {
    name: 'calculate',
    scope: 'products:read',
    status: 200,
    schema: Calculation,
    send: (t, key, fx) =>
      t.call('POST', t.storePath(fx.storeId, '/reservations/calculate'), {
        key,
        body: { items: [{ productId: API_TEST, ...fx.slot, adultCount: 2, childCount: 1 }] },
      }),
  },
  {
    name: 'list',
    scope: 'reservations:read',
    status: 200,
    schema: WireReservationPage,
    send: (t, key, fx) => t.call('GET', t.storePath(fx.storeId, '/reservations?limit=2'), { key }),
  },
  {
    name: 'get',
    scope: 'reservations:read',
    status: 200,
    schema: WireReservationEnvelope,
    send: (t, key, fx) =>
      t.call('GET', t.storePath(fx.storeId, `/reservations/${fx.existingId}`), { key }),
  },
  {
    name: 'cancel-preview',
    scope: 'reservations:read',
    status: 200,
    schema: CancelPreview,
    send: (t, key, fx) =>
      t.call('POST', t.storePath(fx.storeId, `/reservations/${fx.existingId}/cancel-preview`), {
        key,
        body: { cancelReason: 'customer_request' },
      }),
  },
  {
    name: 'create',
    scope: 'reservations:write',
    status: 201,
    schema: WireReservationEnvelope,
    send: (t, key, fx) =>
      t.call('POST', t.storePath(fx.storeId, '/reservations'), {
        key,
        body: createBody(fx.slot),
        idempotencyKey: nextIdempotencyKey(),
      }),
  },
  {
    name: 'cancel',
    scope: 'reservations:write',
    status: 200,
    schema: WireReservationEnvelope,
    send: async (t, key, fx) =>
      t.call('POST', t.storePath(fx.storeId, `/reservations/${await fx.fresh()}/cancel`), {
        key,
        body: { cancelReason: 'business_request', sendCancellationEmail: false },
      }),
  },
  {
    name: 'delete',
    scope: 'reservations:write',
    status: 204,
    schema: null,
    send: async (t, key, fx) =>
      t.call('DELETE', t.storePath(fx.storeId, `/reservations/${await fx.fresh()}`), { key }),
  },
  {
    name: 'customers',
    scope: 'customers:read',
    status: 200,
    schema: CustomerList,
    send: (t, key, fx) =>
      t.call('GET', t.storePath(fx.storeId, `/customers?email=${encodeURIComponent(fx.email)}`), {
        key,
      }),
  },
  {
    name: 'inquiries',
    scope: 'inbox:write',
    status: 201,
    schema: InquiryEnvelope,
    send: (t, key, fx) =>
      t.call('POST', t.storePath(fx.storeId, '/inquiries'), {
        key,
        body: {
          name: '山田 花子',
          email: 'hanako@example.jp',
          subject: '団体予約について',
          body: '20名で伺いたいのですが可能でしょうか。',
        },
      }),
  },
];

const STORE_ENDPOINTS = ENDPOINTS.filter((e) => e.name !== 'ping' && e.name !== 'stores');

/** The endpoint answers as if allowed: its success status and a strictly valid body. */
async function expectAllowed(t: TestSandbox, e: Endpoint, key: string, fx: Fixture) {
  const reply = await e.send(t, key, fx);
  expect({ endpoint: e.name, status: reply.status, body: reply.body }).toMatchObject({
    endpoint: e.name,
    status: e.status,
  });
  if (e.schema) expectOk(reply, e.status, e.schema);
  else expect(reply.text).toBe('');
}

async function expectRefused(
  t: TestSandbox,
  e: Endpoint,
  key: string,
  fx: Fixture,
  status: number,
  code: ErrorCode,
) {
  const reply = await e.send(t, key, fx);
  expect({ endpoint: e.name, status: reply.status, code: (reply.body as ErrorBody).code }).toEqual({
    endpoint: e.name,
    status,
    code,
  });
  expectJsonError(reply, status, code);
}

/** Kyoto's fixture: a slot for `headcount`, a reservation there that stays, fresh ones on demand. */
async function kyotoFixture(t: TestSandbox, headcount: number, email: string): Promise<Fixture> {
  const slot = await findSlot(t, KYOTO, API_TEST, headcount);
  const existing = await createReservation(t, KYOTO, slot);
  return {
    storeId: KYOTO,
    slot,
    existingId: existing.id,
    fresh: async () => (await createReservation(t, KYOTO, slot)).id,
    email,
  };
}

// ------------------------------------------------------------------------------------------------

describe('authentication (spec §5, §7)', () => {
  const t = useSandbox();

  it('a request without Authorization is 401 UNAUTHORIZED on every kind of endpoint', async () => {
    const kyoto = t.storePath(KYOTO);
    for (const [method, path] of [
      ['GET', '/v1/public/ping'],
      ['GET', '/v1/public/stores'],
      ['GET', `${kyoto}/products`],
      ['GET', `${kyoto}/reservations`],
      ['POST', `${kyoto}/reservations/calculate`],
      ['GET', '/v1/public/no-such-endpoint'],
    ] as const) {
      const reply = await t.call(method, path, {
        key: null,
        body: method === 'POST' ? {} : undefined,
      });
      expectJsonError(reply, 401, 'UNAUTHORIZED');
    }
    // Authentication comes before the body: a malformed body still gets 401.
    const malformed = await t.call('POST', `${kyoto}/reservations`, {
      key: null,
      rawBody: '{not json',
      idempotencyKey: nextIdempotencyKey(),
    });
    expectJsonError(malformed, 401, 'UNAUTHORIZED');
  });

  it('a malformed Authorization header is 401 UNAUTHORIZED', async () => {
    const token = t.key('org-facility');
    for (const authorization of [
      'Basic x',
      `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
      'Bearer',
      'Bearer    ',
      `Token ${token}`,
      token,
      `Bearer ${token} extra`,
      `Bearer${token}`,
      `${token} Bearer`,
    ]) {
      const reply = await t.call('GET', '/v1/public/ping', {
        key: null,
        headers: { authorization },
      });
      expect({ authorization, status: reply.status }).toEqual({ authorization, status: 401 });
      expectJsonError(reply, 401, 'UNAUTHORIZED');
    }
  });

  it('the scheme is case-insensitive and surrounding spaces are tolerated', async () => {
    const token = t.key('org-standard');
    for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}  `]) {
      const reply = await t.call('GET', '/v1/public/ping', {
        key: null,
        headers: { authorization },
      });
      expect(expectOk(reply, 200, KeyStatus).name).toBe('フロント端末（本部）');
    }
  });

  it('an unknown key is 401 UNAUTHORIZED, also one differing from a real key by one character', async () => {
    const real = t.key('org-facility');
    const altered = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    for (const token of ['fd_demo_nobody_0000000000000000', altered, real.toUpperCase(), 'x']) {
      expectJsonError(await t.call('GET', '/v1/public/ping', { key: token }), 401, 'UNAUTHORIZED');
      expectJsonError(
        await t.call('GET', '/v1/public/stores', { key: token }),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  it('a revoked key is 401 API_KEY_REVOKED, ping included', async () => {
    for (const path of ['/v1/public/ping', '/v1/public/stores', t.storePath(KYOTO, '/products')]) {
      expectJsonError(await t.call('GET', path, { key: 'revoked' }), 401, 'API_KEY_REVOKED');
    }
  });

  it('an expired key is 401 API_KEY_EXPIRED, ping included', async () => {
    for (const path of ['/v1/public/ping', '/v1/public/stores', t.storePath(KYOTO, '/products')]) {
      expectJsonError(await t.call('GET', path, { key: 'expired' }), 401, 'API_KEY_EXPIRED');
    }
  });

  it('ping returns exactly the five fields of §2.1 for every valid key', async () => {
    const infos = t.sandbox.keys();
    const valid = infos.filter((k) => !k.revoked && !k.expired);
    expect(valid.map((k) => k.role).sort()).toEqual(
      [
        'contract-ended',
        'no-customer-search',
        'org-facility',
        'org-standard',
        'plan-unsupported',
        'read-only',
        'store-limited',
      ].sort(),
    );
    for (const info of valid) {
      const reply = await t.call('GET', '/v1/public/ping', { key: info.token });
      const status = expectOk(reply, 200, KeyStatus);
      expect(Object.keys(reply.body as object).sort()).toEqual(
        ['name', 'ok', 'organizationId', 'scopes', 'teamId'].sort(),
      );
      expect(status).toEqual({
        ok: true,
        organizationId: info.organizationId,
        teamId: info.teamId,
        name: info.name,
        scopes: info.scopes,
      });
    }
  });

  it('ping: teamId is null for organization keys and the Kyoto store for the store key', async () => {
    const org = KeyStatus.parse(
      (await t.call('GET', '/v1/public/ping', { key: 'org-standard' })).body,
    );
    expect(org).toEqual({
      ok: true,
      organizationId: DEMO.organizations.main,
      teamId: null,
      name: 'フロント端末（本部）',
      scopes: [
        'products:read',
        'reservations:read',
        'reservations:write',
        'inbox:write',
        'customers:read',
      ],
    });
    const store = KeyStatus.parse(
      (await t.call('GET', '/v1/public/ping', { key: 'store-limited' })).body,
    );
    expect(store).toMatchObject({
      ok: true,
      organizationId: DEMO.organizations.main,
      teamId: KYOTO,
    });
    const readOnly = KeyStatus.parse(
      (await t.call('GET', '/v1/public/ping', { key: 'read-only' })).body,
    );
    expect(readOnly).toMatchObject({
      teamId: null,
      scopes: ['products:read', 'reservations:read'],
    });
  });
});

describe('a key that expires while in use', () => {
  const EXPIRES_AT = '2026-11-20T02:00:00.000Z';
  const TOKEN = 'fd_test_expiring_key_0123456789';
  const t = useSandbox({
    scenario: withOrgKeys(demoCatalogue(), [
      {
        token: TOKEN,
        name: '臨時端末（11/20 11:00まで）',
        role: 'expiring',
        scopes: ['products:read'],
        plan: 'standard',
        expiresAt: EXPIRES_AT,
      },
    ]),
  });

  it('works until expiresAt and is 401 API_KEY_EXPIRED from that instant on', async () => {
    expectOk(await t.call('GET', '/v1/public/ping', { key: TOKEN }), 200, KeyStatus);
    expectOk(
      await t.call('GET', t.storePath(KYOTO, '/products'), { key: TOKEN }),
      200,
      ProductList,
    );

    t.sandbox.clock.set(Date.parse(EXPIRES_AT) - 1);
    expectOk(await t.call('GET', '/v1/public/ping', { key: TOKEN }), 200, KeyStatus);

    t.sandbox.clock.advance(1);
    expectJsonError(await t.call('GET', '/v1/public/ping', { key: TOKEN }), 401, 'API_KEY_EXPIRED');
    expectJsonError(
      await t.call('GET', t.storePath(KYOTO, '/products'), { key: TOKEN }),
      401,
      'API_KEY_EXPIRED',
    );

    t.sandbox.clock.advance(86_400_000);
    expectJsonError(
      await t.call('GET', '/v1/public/stores', { key: TOKEN }),
      401,
      'API_KEY_EXPIRED',
    );
    // Other keys are unaffected.
    expectOk(await t.call('GET', '/v1/public/ping', { key: 'org-standard' }), 200, KeyStatus);
  });
});

describe('scopes, contract and plan (decisions 31, 32)', () => {
  /** One key per scope, one with none: each endpoint is tried with each. */
  const SCOPE_KEYS: { role: string; token: string; scopes: Scope[] }[] = [
    { role: 'scope-none', token: 'fd_test_scope_none_0123456789', scopes: [] },
    {
      role: 'scope-products',
      token: 'fd_test_scope_products_0123456789',
      scopes: ['products:read'],
    },
    {
      role: 'scope-res-read',
      token: 'fd_test_scope_res_read_0123456789',
      scopes: ['reservations:read'],
    },
    {
      role: 'scope-res-write',
      token: 'fd_test_scope_res_write_0123456789',
      scopes: ['reservations:write'],
    },
    {
      role: 'scope-customers',
      token: 'fd_test_scope_customers_0123456789',
      scopes: ['customers:read'],
    },
    { role: 'scope-inbox', token: 'fd_test_scope_inbox_0123456789', scopes: ['inbox:write'] },
  ];

  const base = demoScenario();
  const t = useSandbox({
    scenario: withOrgKeys(
      base,
      SCOPE_KEYS.map((k) => ({
        token: k.token,
        name: `スコープ確認 ${k.role}`,
        role: k.role,
        scopes: k.scopes,
        plan: 'facility' as const,
      })),
    ),
    rateLimit: { perPlan: { standard: 10_000, facility: 10_000, light: 10_000 } },
  });
  let kyoto: Fixture;

  beforeAll(async () => {
    kyoto = await kyotoFixture(t, 40, base.customers![0]!.email);
  });

  it('the endpoint table covers every endpoint of §4 and decisions 20, 21, 28, 30', () => {
    expect(ENDPOINTS.map((e) => e.name)).toHaveLength(14);
    expect(Object.fromEntries(ENDPOINTS.map((e) => [e.name, e.scope]))).toEqual({
      ping: null,
      stores: null,
      products: 'products:read',
      product: 'products:read',
      availability: 'products:read',
      calculate: 'products:read',
      list: 'reservations:read',
      get: 'reservations:read',
      'cancel-preview': 'reservations:read',
      create: 'reservations:write',
      cancel: 'reservations:write',
      delete: 'reservations:write',
      customers: 'customers:read',
      inquiries: 'inbox:write',
    });
  });

  it('a key with every scope may use every endpoint', async () => {
    for (const e of ENDPOINTS) await expectAllowed(t, e, 'org-facility', kyoto);
  });

  it('the read-only key: 403 INSUFFICIENT_SCOPE on create, cancel, delete, customers, inquiries; reads work', async () => {
    const refused: EndpointName[] = ['create', 'cancel', 'delete', 'customers', 'inquiries'];
    for (const e of ENDPOINTS) {
      if (refused.includes(e.name)) {
        await expectRefused(t, e, 'read-only', kyoto, 403, 'INSUFFICIENT_SCOPE');
      } else {
        await expectAllowed(t, e, 'read-only', kyoto);
      }
    }
  });

  it('a refused write changes nothing', async () => {
    const before = expectOk(
      await t.call('GET', t.storePath(KYOTO, `/reservations/${kyoto.existingId}`)),
      200,
      WireReservationEnvelope,
    ).reservation;
    const count = t.sandbox.world.state.reservations.length;
    const cancel = await t.call(
      'POST',
      t.storePath(KYOTO, `/reservations/${kyoto.existingId}/cancel`),
      { key: 'read-only', body: { cancelReason: 'weather' } },
    );
    expectJsonError(cancel, 403, 'INSUFFICIENT_SCOPE');
    const del = await t.call('DELETE', t.storePath(KYOTO, `/reservations/${kyoto.existingId}`), {
      key: 'read-only',
    });
    expectJsonError(del, 403, 'INSUFFICIENT_SCOPE');
    const create = await t.call('POST', t.storePath(KYOTO, '/reservations'), {
      key: 'read-only',
      body: createBody(kyoto.slot),
      idempotencyKey: nextIdempotencyKey(),
    });
    expectJsonError(create, 403, 'INSUFFICIENT_SCOPE');
    const after = expectOk(
      await t.call('GET', t.storePath(KYOTO, `/reservations/${kyoto.existingId}`)),
      200,
      WireReservationEnvelope,
    ).reservation;
    expect(after).toEqual(before);
    expect(t.sandbox.world.state.reservations.length).toBe(count);
  });

  it('the key without customer search: 403 on GET customers only', async () => {
    for (const e of ENDPOINTS) {
      if (e.name === 'customers') {
        await expectRefused(t, e, 'no-customer-search', kyoto, 403, 'INSUFFICIENT_SCOPE');
      } else {
        await expectAllowed(t, e, 'no-customer-search', kyoto);
      }
    }
  });

  it('each endpoint needs exactly the scope decision 31 gives it', async () => {
    for (const key of SCOPE_KEYS) {
      for (const e of ENDPOINTS) {
        if (e.scope === null || key.scopes.includes(e.scope)) {
          await expectAllowed(t, e, key.token, kyoto);
        } else {
          await expectRefused(t, e, key.token, kyoto, 403, 'INSUFFICIENT_SCOPE');
        }
      }
    }
  });

  it('the scope is checked before the request content (decided order of checks)', async () => {
    const path = t.storePath(KYOTO, '/reservations');
    // A malformed body, a missing Idempotency-Key, an unknown store: the scope is refused first.
    expectJsonError(
      await t.call('POST', path, {
        key: 'read-only',
        rawBody: '{not json',
        idempotencyKey: nextIdempotencyKey(),
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectJsonError(
      await t.call('POST', path, { key: 'read-only', body: createBody(kyoto.slot) }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectJsonError(
      await t.call('POST', t.storePath('st_nowhere', '/reservations'), {
        key: 'read-only',
        body: { nonsense: true },
        idempotencyKey: nextIdempotencyKey(),
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    // With the scope, the Idempotency-Key comes before the body (decision 39 and the order).
    const noKey = expectJsonError(
      await t.call('POST', path, { key: 'org-standard', rawBody: '{not json' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(noKey.details).toEqual([
      { field: 'Idempotency-Key', code: 'required', reason: expect.any(String) },
    ]);
  });

  it('contract ended: ping 200 with the key status, every other endpoint 403 CONTRACT_ENDED', async () => {
    const ping = expectOk(
      await t.call('GET', '/v1/public/ping', { key: 'contract-ended' }),
      200,
      KeyStatus,
    );
    expect(ping).toMatchObject({
      ok: true,
      organizationId: DEMO.organizations.ended,
      teamId: null,
    });
    const ended: Fixture = {
      storeId: DEMO.stores.ended,
      slot: kyoto.slot,
      existingId: 'rsv_of_the_ended_contract',
      fresh: async () => 'rsv_of_the_ended_contract',
      email: 'someone@example.jp',
    };
    for (const e of ENDPOINTS) {
      if (e.name === 'ping') continue;
      await expectRefused(t, e, 'contract-ended', ended, 403, 'CONTRACT_ENDED');
    }
    // Another organization's store: the contract is still what is refused.
    for (const e of STORE_ENDPOINTS) {
      await expectRefused(t, e, 'contract-ended', kyoto, 403, 'CONTRACT_ENDED');
    }
  });

  it('plan without the API: ping 200 with the key status, every other endpoint 403 PLAN_NOT_SUPPORTED', async () => {
    const ping = expectOk(
      await t.call('GET', '/v1/public/ping', { key: 'plan-unsupported' }),
      200,
      KeyStatus,
    );
    expect(ping).toMatchObject({ ok: true, organizationId: DEMO.organizations.main, teamId: null });
    const count = t.sandbox.world.state.reservations.length;
    for (const e of ENDPOINTS) {
      if (e.name === 'ping') continue;
      await expectRefused(t, e, 'plan-unsupported', kyoto, 403, 'PLAN_NOT_SUPPORTED');
    }
    // Only the fixture's own fresh reservations (cancel, delete) were added, by the admin key.
    expect(t.sandbox.world.state.reservations.length).toBe(count + 2);
  });
});

describe('keys and stores (spec §2.2, §5.3, §5.5)', () => {
  const t = useSandbox({ rateLimit: { perPlan: { standard: 10_000, facility: 10_000 } } });
  let kyoto: Fixture;
  let okinawa: Fixture;
  let okinawaReservation: WireReservation;

  beforeAll(async () => {
    kyoto = await kyotoFixture(t, 10, 'kenichi.tanaka@example.jp');
    const page = expectOk(
      await t.call('GET', t.storePath(OKINAWA, '/reservations?limit=1'), { key: 'org-facility' }),
      200,
      WireReservationPage,
    );
    okinawaReservation = page.data[0]!;
    expect(okinawaReservation.storeId).toBe(OKINAWA);
    okinawa = {
      storeId: OKINAWA,
      slot: kyoto.slot,
      existingId: okinawaReservation.id,
      fresh: async () => okinawaReservation.id,
      email: 'kenichi.tanaka@example.jp',
    };
  });

  it('an organization key sees the organization’s stores, none of another organization', async () => {
    const stores = expectOk(
      await t.call('GET', '/v1/public/stores', { key: 'org-standard' }),
      200,
      StoreList,
    );
    expect(stores.data.map((s) => s.id)).toEqual([KYOTO, OKINAWA, DEMO.stores.honolulu]);
  });

  it('the store-limited key sees only its store', async () => {
    const stores = expectOk(
      await t.call('GET', '/v1/public/stores', { key: 'store-limited' }),
      200,
      StoreList,
    );
    expect(stores.data).toHaveLength(1);
    expect(stores.data[0]).toMatchObject({
      id: KYOTO,
      name: 'そらいろ体験工房 京都嵐山店',
      slug: 'kyoto-arashiyama',
      paymentMethods: ['on_site', 'external'],
      customerEmailEnabled: true,
    });
  });

  it('the store-limited key works on its own store', async () => {
    for (const e of STORE_ENDPOINTS) await expectAllowed(t, e, 'store-limited', kyoto);
  });

  it('the store-limited key gets 404 STORE_NOT_FOUND for every endpoint of another store', async () => {
    for (const e of STORE_ENDPOINTS) {
      await expectRefused(t, e, 'store-limited', okinawa, 404, 'STORE_NOT_FOUND');
    }
    // Nothing happened to the other store's reservation.
    const after = expectOk(
      await t.call('GET', t.storePath(OKINAWA, `/reservations/${okinawaReservation.id}`)),
      200,
      WireReservationEnvelope,
    ).reservation;
    expect(after).toEqual(okinawaReservation);
  });

  it('an unknown store, or another organization’s store, is 404 STORE_NOT_FOUND', async () => {
    for (const storeId of ['st_nowhere', DEMO.stores.ended, 'constructor', '__proto__']) {
      const fx: Fixture = { ...okinawa, storeId };
      for (const e of STORE_ENDPOINTS) {
        await expectRefused(t, e, 'org-facility', fx, 404, 'STORE_NOT_FOUND');
      }
    }
  });

  it('a reservation of another store through the right store path is 404 RESERVATION_NOT_FOUND', async () => {
    const id = okinawaReservation.id;
    for (const key of ['org-facility', 'store-limited']) {
      for (const [method, rest, body] of [
        ['GET', `/reservations/${id}`, undefined],
        ['POST', `/reservations/${id}/cancel-preview`, { cancelReason: 'weather' }],
        ['POST', `/reservations/${id}/cancel`, { cancelReason: 'weather' }],
        ['DELETE', `/reservations/${id}`, undefined],
      ] as const) {
        const reply = await t.call(method, t.storePath(KYOTO, rest), { key, body });
        expectJsonError(reply, 404, 'RESERVATION_NOT_FOUND');
      }
    }
    const after = expectOk(
      await t.call('GET', t.storePath(OKINAWA, `/reservations/${id}`)),
      200,
      WireReservationEnvelope,
    ).reservation;
    expect(after).toEqual(okinawaReservation);
  });

  it('a product of another store through the right store path is 404 PRODUCT_NOT_FOUND', async () => {
    const snorkel = DEMO.products.snorkel;
    for (const key of ['org-facility', 'store-limited']) {
      expectJsonError(
        await t.call('GET', t.storePath(KYOTO, `/products/${snorkel}`), { key }),
        404,
        'PRODUCT_NOT_FOUND',
      );
      expectJsonError(
        await t.call(
          'GET',
          t.storePath(KYOTO, `/products/${snorkel}/availability?year=2026&month=12`),
          { key },
        ),
        404,
        'PRODUCT_NOT_FOUND',
      );
    }
  });

  it('the list of a store holds only that store’s reservations', async () => {
    const page = expectOk(
      await t.call('GET', t.storePath(KYOTO, '/reservations?limit=100'), { key: 'store-limited' }),
      200,
      WireReservationPage,
    );
    expect(page.data.length).toBeGreaterThan(0);
    expect(new Set(page.data.map((r) => r.storeId))).toEqual(new Set([KYOTO]));
  });
});

describe('rate limits (spec §8, decision 44)', () => {
  const WINDOW_MS = 2000;
  let t: TestSandbox;

  beforeEach(async () => {
    t = await startTestSandbox({
      now: NOW,
      freezeClock: true,
      rateLimit: { windowMs: WINDOW_MS, perPlan: { standard: 5, facility: 12 } },
    });
  });
  afterEach(() => t.close());

  const stores = (key: string | null) => t.call('GET', '/v1/public/stores', { key });

  /** A 429 with an ErrorBody and Retry-After in whole seconds within the window. */
  function expectLimited(reply: Reply): number {
    expectJsonError(reply, 429, 'RATE_LIMITED');
    const retryAfter = reply.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    const seconds = Number(retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));
    return seconds;
  }

  it('a standard key gets 5 requests in the window; the 6th is 429 RATE_LIMITED with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expectOk(await stores('org-standard'), 200, StoreList);
    expectLimited(await stores('org-standard'));
    // Every endpoint is limited, ping too, and the limit comes before the body is looked at.
    expectLimited(await t.call('GET', '/v1/public/ping', { key: 'org-standard' }));
    expectLimited(
      await t.call('POST', t.storePath(KYOTO, '/reservations'), {
        key: 'org-standard',
        rawBody: '{not json',
      }),
    );
  });

  it('a facility key gets 12', async () => {
    for (let i = 0; i < 12; i++) expectOk(await stores('org-facility'), 200, StoreList);
    expectLimited(await stores('org-facility'));
  });

  it('limits are per key: other keys keep their own budget', async () => {
    for (let i = 0; i < 5; i++) expectOk(await stores('org-standard'), 200, StoreList);
    expectLimited(await stores('org-standard'));
    // Another standard key of the same organization, and a facility key.
    for (let i = 0; i < 5; i++) expectOk(await stores('store-limited'), 200, StoreList);
    expectLimited(await stores('store-limited'));
    for (let i = 0; i < 12; i++) expectOk(await stores('org-facility'), 200, StoreList);
    expectLimited(await stores('org-facility'));
  });

  it('after the window requests succeed again, with a fresh budget', async () => {
    // The limiter counts windows on the machine's clock (Date), moved by hand here; the HTTP
    // server's own timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 5; i++) expectOk(await stores('org-standard'), 200, StoreList);
      const retryAfter = expectLimited(await stores('org-standard'));
      // Retry-After is honest: a moment short of it, still limited; that long, enough.
      vi.advanceTimersByTime(retryAfter * 1000 - WINDOW_MS / 2);
      expectLimited(await stores('org-standard'));
      vi.advanceTimersByTime(WINDOW_MS / 2);
      for (let i = 0; i < 5; i++) expectOk(await stores('org-standard'), 200, StoreList);
      expectLimited(await stores('org-standard'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('unauthenticated requests (401) do not consume any budget', async () => {
    for (let i = 0; i < 20; i++) expectJsonError(await stores(null), 401, 'UNAUTHORIZED');
    for (let i = 0; i < 10; i++) expectJsonError(await stores('revoked'), 401, 'API_KEY_REVOKED');
    for (let i = 0; i < 10; i++) expectJsonError(await stores('expired'), 401, 'API_KEY_EXPIRED');
    for (let i = 0; i < 10; i++) {
      expectJsonError(await stores('fd_demo_nobody_0000000000000000'), 401, 'UNAUTHORIZED');
    }
    for (let i = 0; i < 5; i++) expectOk(await stores('org-standard'), 200, StoreList);
    expectLimited(await stores('org-standard'));
  });

  it('authenticated requests count even when refused (400, 403, 404)', async () => {
    const key = 'read-only'; // standard plan, no reservations:write
    const kyoto = t.storePath(KYOTO);
    expectJsonError(
      await t.call('POST', `${kyoto}/reservations/calculate`, { key, rawBody: '{not json' }),
      400,
      'VALIDATION_ERROR',
    );
    expectJsonError(
      await t.call('GET', `${kyoto}/reservations?limit=0`, { key }),
      400,
      'VALIDATION_ERROR',
    );
    expectJsonError(
      await t.call('POST', `${kyoto}/reservations`, {
        key,
        body: {},
        idempotencyKey: nextIdempotencyKey(),
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectJsonError(await t.call('GET', '/v1/public/no-such-endpoint', { key }), 404, 'NOT_FOUND');
    expectJsonError(
      await t.call('GET', t.storePath('st_nowhere', '/products'), { key }),
      404,
      'STORE_NOT_FOUND',
    );
    expectLimited(await t.call('GET', '/v1/public/ping', { key }));
  });

  it('a key whose contract ended or whose plan lacks the API is limited too (ping counts)', async () => {
    for (let i = 0; i < 5; i++) {
      expectOk(await t.call('GET', '/v1/public/ping', { key: 'contract-ended' }), 200, KeyStatus);
    }
    expectLimited(await t.call('GET', '/v1/public/ping', { key: 'contract-ended' }));
  });
});
