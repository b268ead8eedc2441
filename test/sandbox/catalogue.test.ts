/**
 * Conformance of the sandbox's catalogue (spec §2.2–2.4, §4; decisions 6–9, 31): stores, the
 * product list (unpublished included), product details with custom fields of every type.
 */
import { describe, expect, it } from 'vitest';
import {
  ProductEnvelope,
  ProductList,
  StoreList,
  type CustomField,
  type ErrorBody,
  type Product,
  type Store,
  type ErrorCode,
} from '../../main/api/schemas';
import { SCENARIO_FORMAT, type ScenarioInput } from '../../sandbox/scenario/format';
import type { Reply } from '../support/sandbox';
import { ALL_SCOPES, defaultKey, expectError, useSandbox } from './support';

const FIELDS: CustomField[] = [
  {
    fieldId: 'cf_height',
    label: '身長（cm）',
    fieldType: 'number',
    isRequired: true,
    inputScope: 'all_participants',
    options: null,
    validation: { min: 100, max: 200 },
  },
  {
    fieldId: 'cf_size',
    label: 'サイズ',
    fieldType: 'select',
    isRequired: true,
    inputScope: 'all_participants',
    options: [
      { value: 'S', label: 'S（〜150cm）' },
      { value: 'M', label: 'M（150〜165cm）' },
      { value: 'L', label: 'L（165cm〜）' },
    ],
    validation: null,
  },
  {
    fieldId: 'cf_allergies',
    label: 'アレルギー',
    fieldType: 'multi_select',
    isRequired: false,
    inputScope: 'all_participants',
    options: [
      { value: 'egg', label: '卵' },
      { value: 'milk', label: '乳' },
      { value: 'wheat', label: '小麦' },
    ],
    validation: null,
  },
  {
    fieldId: 'cf_request',
    label: 'ご要望',
    fieldType: 'text',
    isRequired: false,
    inputScope: 'booker_only',
    options: null,
    validation: { minLength: 2, maxLength: 200 },
  },
];

const SCHEDULE = {
  capacity: 8,
  rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: [{ startTime: '10:00' }] }],
};

function scenario(): ScenarioInput {
  return {
    format: SCENARIO_FORMAT,
    name: 'catalogue conformance',
    now: '2026-11-20T01:00:00.000Z',
    organizations: [
      { id: 'org_a', name: '体験工房A' },
      { id: 'org_b', name: '別会社B' },
    ],
    stores: [
      {
        id: 'st_tokyo',
        organizationId: 'org_a',
        name: '体験工房A 東京店',
        slug: 'tokyo-asakusa',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        paymentMethods: ['on_site', 'external'],
        customerEmailEnabled: true,
        businessEmail: 'tokyo@a.example.jp',
        regularHolidays: [3],
      },
      {
        id: 'st_honolulu',
        organizationId: 'org_a',
        name: 'Taiken A Waikiki',
        slug: 'waikiki',
        timeZone: 'Pacific/Honolulu',
        currency: 'USD',
        paymentMethods: ['external'],
        customerEmailEnabled: false,
        businessEmail: 'waikiki@a.example.com',
      },
      {
        id: 'st_other',
        organizationId: 'org_b',
        name: '別会社B 本店',
        slug: 'b-main',
        timeZone: 'Asia/Tokyo',
        paymentMethods: ['on_site'],
        customerEmailEnabled: true,
        businessEmail: 'b@b.example.jp',
      },
    ],
    resources: [{ id: 'res_guides', storeId: 'st_tokyo', name: 'ガイド', quantity: 2 }],
    products: [
      {
        id: 'pr_fields',
        storeId: 'st_tokyo',
        name: '着物体験',
        description: '着物で浅草を歩きます。',
        isPublished: true,
        approvalType: 'manual',
        durationMinutes: 120,
        prices: { adult: 8800, child: 5500 },
        customFields: FIELDS,
        unlistedTimeAllowedForApi: true,
        bookingDeadline: {
          ignoredForApi: true,
          rule: { daysBefore: 1, at: '17:00' },
          slotOverrides: [{ startTime: '10:00', rule: { minutesBefore: 90 } }],
        },
        schedule: SCHEDULE,
        resources: [{ resourceId: 'res_guides', per: 'slot', quantity: 1 }],
        groupDiscounts: [{ minHeadcount: 4, percent: 5 }],
        repeatDiscountPercent: 5,
        cancellationPolicy: [{ daysBefore: 1, feePercent: 50 }],
      },
      {
        id: 'pr_hidden',
        storeId: 'st_tokyo',
        name: '【テスト】API接続確認',
        isPublished: false,
        approvalType: 'instant',
        durationMinutes: 30,
        prices: { adult: 100, child: 0 },
        schedule: SCHEDULE,
      },
      {
        id: 'pr_hula',
        storeId: 'st_honolulu',
        name: 'Hula lesson',
        description: 'One hour of hula.',
        isPublished: true,
        approvalType: 'instant',
        durationMinutes: 60,
        prices: { adult: 45, child: 30 },
        bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
        schedule: SCHEDULE,
      },
      {
        id: 'pr_other',
        storeId: 'st_other',
        name: '他社の商品',
        isPublished: true,
        approvalType: 'instant',
        durationMinutes: 60,
        prices: { adult: 1000, child: 500 },
        schedule: SCHEDULE,
      },
    ],
    keys: [
      defaultKey('cat_org_key_0123456789', 'org_a'),
      {
        token: 'cat_store_key_0123456789',
        name: 'ワイキキ店',
        role: 'store',
        organizationId: 'org_a',
        teamId: 'st_honolulu',
        scopes: [...ALL_SCOPES],
        plan: 'standard',
      },
      {
        token: 'cat_no_products_0123456789',
        name: '予約閲覧のみ',
        role: 'no-products',
        organizationId: 'org_a',
        teamId: null,
        scopes: ['reservations:read'],
        plan: 'standard',
      },
      {
        token: 'cat_org_b_key_0123456789',
        name: 'B本店',
        role: 'org-b',
        organizationId: 'org_b',
        teamId: null,
        scopes: [...ALL_SCOPES],
        plan: 'standard',
      },
    ],
  };
}

const TOKYO_STORE: Store = {
  id: 'st_tokyo',
  name: '体験工房A 東京店',
  slug: 'tokyo-asakusa',
  paymentMethods: ['on_site', 'external'],
  customerEmailEnabled: true,
  timeZone: 'Asia/Tokyo',
  currency: 'JPY',
};
const HONOLULU_STORE: Store = {
  id: 'st_honolulu',
  name: 'Taiken A Waikiki',
  slug: 'waikiki',
  paymentMethods: ['external'],
  customerEmailEnabled: false,
  timeZone: 'Pacific/Honolulu',
  currency: 'USD',
};

const FIELDS_PRODUCT: Product = {
  id: 'pr_fields',
  name: '着物体験',
  description: '着物で浅草を歩きます。',
  isPublished: true,
  approvalType: 'manual',
  durationMinutes: 120,
  currency: 'JPY',
  prices: { adult: 8800, child: 5500 },
  customFields: FIELDS,
  unlistedTimeAllowedForApi: true,
  bookingDeadline: {
    ignoredForApi: true,
    rule: { daysBefore: 1, at: '17:00' },
    slotOverrides: [{ startTime: '10:00', rule: { minutesBefore: 90 } }],
  },
};
const HIDDEN_PRODUCT: Product = {
  id: 'pr_hidden',
  name: '【テスト】API接続確認',
  description: '',
  isPublished: false,
  approvalType: 'instant',
  durationMinutes: 30,
  currency: 'JPY',
  prices: { adult: 100, child: 0 },
  customFields: [],
  unlistedTimeAllowedForApi: false,
  bookingDeadline: { ignoredForApi: false, rule: null, slotOverrides: [] },
};
const HULA_PRODUCT: Product = {
  id: 'pr_hula',
  name: 'Hula lesson',
  description: 'One hour of hula.',
  isPublished: true,
  approvalType: 'instant',
  durationMinutes: 60,
  currency: 'USD',
  prices: { adult: 45, child: 30 },
  customFields: [],
  unlistedTimeAllowedForApi: false,
  bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
};

const t = useSandbox({ scenario: scenario() });

/** An error answer whose message says something too. */
function expectErrorWithMessage(reply: Reply, status: number, code: ErrorCode): ErrorBody {
  const body = expectError(reply, status, code);
  expect(body.error).not.toBe('');
  return body;
}

describe('GET /v1/public/stores (spec §2.2, decision 9)', () => {
  it('lists the stores of the key’s organization with every field, strictly', async () => {
    const reply = await t.call('GET', '/v1/public/stores', { key: 'org-facility' });
    expect(reply.status).toBe(200);
    const list = StoreList.parse(reply.body);
    expect(list).toEqual({ data: [TOKYO_STORE, HONOLULU_STORE] });
    for (const store of list.data) {
      expect(Object.keys(store).sort()).toEqual(
        [
          'currency',
          'customerEmailEnabled',
          'id',
          'name',
          'paymentMethods',
          'slug',
          'timeZone',
        ].sort(),
      );
    }
  });

  it('gives only the key’s own store to a store key, and nothing of another organization', async () => {
    const store = await t.call('GET', '/v1/public/stores', { key: 'store' });
    expect(store.status).toBe(200);
    expect(StoreList.parse(store.body)).toEqual({ data: [HONOLULU_STORE] });

    const other = await t.call('GET', '/v1/public/stores', { key: 'org-b' });
    expect(other.status).toBe(200);
    expect(StoreList.parse(other.body)).toEqual({
      data: [
        {
          id: 'st_other',
          name: '別会社B 本店',
          slug: 'b-main',
          paymentMethods: ['on_site'],
          customerEmailEnabled: true,
          timeZone: 'Asia/Tokyo',
          currency: 'JPY',
        },
      ],
    });
  });

  it('answers any valid key, even one without products:read (decision 31)', async () => {
    const reply = await t.call('GET', '/v1/public/stores', { key: 'no-products' });
    expect(reply.status).toBe(200);
    expect(StoreList.parse(reply.body).data.map((s) => s.id)).toEqual(['st_tokyo', 'st_honolulu']);
  });
});

describe('GET S/products (spec §2.3, decisions 6–7)', () => {
  it('lists every product of the store, unpublished included, complete with customFields', async () => {
    const reply = await t.call('GET', t.storePath('st_tokyo', '/products'));
    expect(reply.status).toBe(200);
    const list = ProductList.parse(reply.body);
    expect(list).toEqual({ data: [FIELDS_PRODUCT, HIDDEN_PRODUCT] });
    expect(list.data.find((p) => p.id === 'pr_hidden')!.isPublished).toBe(false);
  });

  it('gives the store’s currency to its products and no product of another store', async () => {
    const reply = await t.call('GET', t.storePath('st_honolulu', '/products'), { key: 'store' });
    expect(reply.status).toBe(200);
    expect(ProductList.parse(reply.body)).toEqual({ data: [HULA_PRODUCT] });
  });

  it('never exposes schedules, resources, discounts or policies', async () => {
    const reply = await t.call('GET', t.storePath('st_tokyo', '/products'));
    for (const p of (reply.body as { data: Record<string, unknown>[] }).data) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'approvalType',
          'bookingDeadline',
          'currency',
          'customFields',
          'description',
          'durationMinutes',
          'id',
          'isPublished',
          'name',
          'prices',
          'unlistedTimeAllowedForApi',
        ].sort(),
      );
    }
  });

  it('refuses a key without products:read (403) and another store (404)', async () => {
    const body = expectErrorWithMessage(
      await t.call('GET', t.storePath('st_tokyo', '/products'), { key: 'no-products' }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(body.details).toBeUndefined();
    expectErrorWithMessage(
      await t.call('GET', t.storePath('st_tokyo', '/products'), { key: 'store' }),
      404,
      'STORE_NOT_FOUND',
    );
    expectErrorWithMessage(
      await t.call('GET', t.storePath('st_other', '/products'), { key: 'org-facility' }),
      404,
      'STORE_NOT_FOUND',
    );
  });
});

describe('GET S/products/{id} (spec §2.3–2.4, decision 8)', () => {
  it('returns { product } with custom fields of every type, strictly', async () => {
    const reply = await t.call('GET', t.storePath('st_tokyo', '/products/pr_fields'));
    expect(reply.status).toBe(200);
    const envelope = ProductEnvelope.parse(reply.body);
    expect(envelope).toEqual({ product: FIELDS_PRODUCT });
    const byType = new Map(envelope.product.customFields.map((f) => [f.fieldType, f]));
    expect([...byType.keys()].sort()).toEqual(['multi_select', 'number', 'select', 'text']);
    expect(byType.get('number')!.options).toBeNull();
    expect(byType.get('number')!.validation).toEqual({ min: 100, max: 200 });
    expect(byType.get('select')!.options).toHaveLength(3);
    expect(byType.get('multi_select')!.options!.map((o) => o.value)).toEqual([
      'egg',
      'milk',
      'wheat',
    ]);
    expect(byType.get('text')!.validation).toEqual({ minLength: 2, maxLength: 200 });
    expect(byType.get('text')!.inputScope).toBe('booker_only');
  });

  it('returns an unpublished product too', async () => {
    const reply = await t.call('GET', t.storePath('st_tokyo', '/products/pr_hidden'));
    expect(reply.status).toBe(200);
    expect(ProductEnvelope.parse(reply.body)).toEqual({ product: HIDDEN_PRODUCT });
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown id or another store’s product', async () => {
    for (const path of [
      t.storePath('st_tokyo', '/products/pr_nope'),
      t.storePath('st_tokyo', '/products/pr_hula'),
      t.storePath('st_tokyo', '/products/pr_other'),
      t.storePath('st_tokyo', '/products/pr_nope/availability?year=2026&month=11'),
      t.storePath('st_tokyo', '/products/pr_hula/availability?year=2026&month=11'),
    ]) {
      const body = expectErrorWithMessage(await t.call('GET', path), 404, 'PRODUCT_NOT_FOUND');
      expect(body.details).toBeUndefined();
    }
  });
});
