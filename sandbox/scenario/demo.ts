/**
 * The built-in demo data set: そらいろ体験工房, a Japanese experience business with stores in Kyoto,
 * Okinawa and Honolulu, its API keys (one per access situation) and a few hundred bookings in the
 * past, today and the future. Dates are relative, so the demo is always current. Data only: the
 * bookings are placed by the booking engine (domain/booker), so that the scenario compiles whatever
 * weekday it is loaded on; its people come from people.ts.
 */
import type { z } from 'zod';
import type { CustomField, Scope } from '../../main/api/schemas';
import { Booker } from '../domain/booker/booker';
import { makeCustomers } from '../domain/booker/people';
import type { ProductRecord } from '../model';
import { Random } from '../random';
import { SCENARIO_FORMAT, Scenario, type ScenarioInput } from './format';

type ProductInput = z.input<typeof ProductRecord>;

export const DEMO = {
  organizations: { main: 'org_sorairo', ended: 'org_minato_kanko' },
  stores: {
    kyoto: 'st_kyoto_arashiyama',
    okinawa: 'st_okinawa_onna',
    honolulu: 'st_honolulu_waikiki',
    ended: 'st_minato_port',
  },
  resources: {
    guides: 'res_kyoto_guides',
    rickshaws: 'res_kyoto_rickshaws',
    vanSeats: 'res_okinawa_van_seats',
    kayaks: 'res_okinawa_kayaks',
  },
  products: {
    kimonoWalk: 'pr_kimono_walk',
    bambooWalk: 'pr_bamboo_walk',
    teaCeremony: 'pr_tea_ceremony',
    rickshaw: 'pr_rickshaw',
    yuzenDyeing: 'pr_yuzen_dyeing',
    apiTest: 'pr_api_test',
    snorkel: 'pr_blue_cave_snorkel',
    kayak: 'pr_mangrove_kayak',
    sunsetSup: 'pr_sunset_sup',
    hula: 'pr_hula_lesson',
    diamondHead: 'pr_diamond_head',
    harborCruise: 'pr_harbor_cruise',
  },
  keys: {
    'org-facility': 'fd_demo_org_facility_zxVf6MwRreDaA6dLo0SF',
    'org-standard': 'fd_demo_org_standard_4aeqC98bxmczyeNhlVwY',
    'store-limited': 'fd_demo_store_limited_tgwzsgEjiaRl5yGOBX21',
    'read-only': 'fd_demo_read_only_tQLFVqtWHDeua7VBLTj5',
    'no-customer-search': 'fd_demo_no_customer_search_w72YdS458bH3AzMyvRrm',
    revoked: 'fd_demo_revoked_2mvI4qSRsSWBl73n0fx0',
    expired: 'fd_demo_expired_W5KBGR5RdRKqUCJ2LnsR',
    'contract-ended': 'fd_demo_contract_ended_gEvpzZ0NViHRKunQzFer',
    'plan-unsupported': 'fd_demo_plan_unsupported_KS9woyNoYFtUpE3piK4m',
  },
} as const;

export type DemoKeyRole = keyof typeof DEMO.keys;

const DEMO_SEED = 20_240_401;
const ALL_SCOPES: Scope[] = [
  'products:read',
  'reservations:read',
  'reservations:write',
  'inbox:write',
  'customers:read',
];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKEND = [6, 7];
const STANDARD_POLICY = [
  { daysBefore: 3, feePercent: 30 },
  { daysBefore: 1, feePercent: 50 },
  { daysBefore: 0, feePercent: 100 },
];
const GROUP_DISCOUNTS = [
  { minHeadcount: 4, percent: 5 },
  { minHeadcount: 8, percent: 10 },
];

// --- custom fields ---------------------------------------------------------------------------

function field(
  fieldId: string,
  label: string,
  fieldType: CustomField['fieldType'],
  isRequired: boolean,
  inputScope: CustomField['inputScope'],
  extra: { options?: [string, string][]; validation?: CustomField['validation'] } = {},
): CustomField {
  return {
    fieldId,
    label,
    fieldType,
    isRequired,
    inputScope,
    options: extra.options ? extra.options.map(([value, label]) => ({ value, label })) : null,
    validation: extra.validation ?? null,
  };
}

const ALLERGY_OPTIONS: [string, string][] = [
  ['shrimp', 'えび'],
  ['crab', 'かに'],
  ['wheat', '小麦'],
  ['egg', '卵'],
  ['milk', '乳'],
  ['buckwheat', 'そば'],
  ['peanut', '落花生'],
];

const requestField = (fieldId: string) =>
  field(fieldId, 'ご要望', 'text', false, 'booker_only', { validation: { maxLength: 200 } });
const heightField = (fieldId: string) =>
  field(fieldId, '身長（cm）', 'number', true, 'all_participants', {
    validation: { min: 100, max: 200 },
  });

// --- catalogue -------------------------------------------------------------------------------

const P = DEMO.products;
const S = DEMO.stores;
const R = DEMO.resources;

function products(): ProductInput[] {
  return [
    {
      id: P.kimonoWalk,
      storeId: S.kyoto,
      name: '着物で巡る嵐山散策ツアー',
      description:
        '着付け済みの着物で、渡月橋から竹林の小径までガイドと歩きます。着物・帯・草履のレンタル込み。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 120,
      prices: { adult: 8800, child: 5500 },
      customFields: [
        field('cf_kimono_size', '着物サイズ', 'select', true, 'all_participants', {
          options: [
            ['S', 'S（〜150cm）'],
            ['M', 'M（150〜160cm）'],
            ['L', 'L（160〜170cm）'],
            ['LL', 'LL（170cm〜）'],
          ],
        }),
        field('cf_kimono_hair', 'ヘアセット', 'select', false, 'all_participants', {
          options: [
            ['none', '希望しない'],
            ['simple', 'シンプル'],
            ['full', 'しっかりアップ'],
          ],
        }),
        requestField('cf_kimono_request'),
      ],
      // Dressing takes time: the day before at 17:00, and at noon for the first walk.
      bookingDeadline: {
        ignoredForApi: false,
        rule: { daysBefore: 1, at: '17:00' },
        slotOverrides: [{ startTime: '09:00', rule: { daysBefore: 1, at: '12:00' } }],
      },
      schedule: {
        capacity: 8,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: [
              { startTime: '09:00', capacity: 6 },
              { startTime: '10:30' },
              { startTime: '13:00' },
              { startTime: '14:30' },
            ],
          },
          { weekdays: WEEKEND, times: [{ startTime: '16:00', capacity: 6 }] },
        ],
        // Tours meet at the station and run on the shop's holiday too.
        followsStoreHolidays: false,
      },
      resources: [{ resourceId: R.guides, per: 'slot', quantity: 1 }],
      groupDiscounts: GROUP_DISCOUNTS,
      repeatDiscountPercent: 5,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.bambooWalk,
      storeId: S.kyoto,
      name: '竹林の小径と天龍寺 ガイドウォーク',
      description: '地元ガイドと嵐山の竹林、天龍寺の庭園を巡る90分の散策です。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 90,
      prices: { adult: 4500, child: 2500 },
      customFields: [
        field('cf_bamboo_language', 'ガイドの言語', 'select', true, 'booker_only', {
          options: [
            ['ja', '日本語'],
            ['en', '英語'],
            ['zh', '中国語'],
          ],
        }),
        field('cf_bamboo_interests', '興味のあること', 'multi_select', false, 'booker_only', {
          options: [
            ['temples', '寺社'],
            ['gardens', '庭園'],
            ['food', '食べ歩き'],
            ['photo', '写真撮影'],
          ],
        }),
      ],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      schedule: {
        capacity: 10,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: [
              { startTime: '08:00' },
              { startTime: '10:00' },
              { startTime: '13:30' },
              { startTime: '15:30', capacity: 8 },
            ],
          },
        ],
        followsStoreHolidays: false,
      },
      resources: [{ resourceId: R.guides, per: 'slot', quantity: 1 }],
      groupDiscounts: GROUP_DISCOUNTS,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.teaCeremony,
      storeId: S.kyoto,
      name: '町家で楽しむ茶道体験',
      description: '京町家の茶室で、お点前の見学と自分で点てる一服を。和菓子付き。',
      isPublished: true,
      // The tea master confirms each request personally.
      approvalType: 'manual',
      durationMinutes: 60,
      prices: { adult: 5500, child: 3300 },
      customFields: [
        field(
          'cf_tea_allergies',
          'アレルギー（和菓子）',
          'multi_select',
          false,
          'all_participants',
          {
            options: ALLERGY_OPTIONS,
          },
        ),
        field('cf_tea_seat', '座席', 'select', false, 'all_participants', {
          options: [
            ['tatami', '正座（畳）'],
            ['chair', '椅子席'],
          ],
        }),
        requestField('cf_tea_request'),
      ],
      schedule: {
        capacity: 6,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: [{ startTime: '10:00' }, { startTime: '13:00' }, { startTime: '15:00' }],
          },
          { weekdays: WEEKEND, times: [{ startTime: '11:30', capacity: 4 }] },
        ],
        followsStoreHolidays: false,
      },
      repeatDiscountPercent: 10,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.rickshaw,
      storeId: S.kyoto,
      name: '人力車 嵐山めぐり（60分）',
      description: '俥夫の案内で嵐山の名所を人力車で巡ります。1台2名様まで。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: 9000, child: 4500 },
      customFields: [
        field('cf_rickshaw_weight', '体重（kg）', 'number', false, 'all_participants', {
          validation: { min: 10, max: 150 },
        }),
      ],
      // The counter sells a ride whenever a rickshaw is free, not only on the half hour.
      unlistedTimeAllowedForApi: true,
      bookingDeadline: { ignoredForApi: true, rule: { minutesBefore: 30 }, slotOverrides: [] },
      schedule: {
        capacity: 4,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: '09:00 09:30 10:00 10:30 11:00 11:30 13:00 13:30 14:00 14:30 15:00 15:30 16:00'
              .split(' ')
              .map((startTime) => ({ startTime })),
          },
        ],
        followsStoreHolidays: false,
      },
      resources: [{ resourceId: R.rickshaws, per: 'booking', quantity: 1 }],
      cancellationPolicy: [{ daysBefore: 0, feePercent: 100 }],
    },
    {
      id: P.yuzenDyeing,
      storeId: S.kyoto,
      name: '京友禅 染め体験',
      description: '型染めでハンカチかトートバッグを染めます。作品はその日にお持ち帰り。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 90,
      prices: { adult: 4400, child: 3300 },
      customFields: [
        field('cf_yuzen_item', '染めるもの', 'select', true, 'all_participants', {
          options: [
            ['handkerchief', 'ハンカチ'],
            ['tote', 'トートバッグ（+500円）'],
          ],
        }),
        field(
          'cf_yuzen_name',
          '作品に入れるお名前（ローマ字）',
          'text',
          false,
          'all_participants',
          {
            validation: { maxLength: 20 },
          },
        ),
      ],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      // The workshop is in the shop: closed on its regular holiday (Wednesday).
      schedule: {
        capacity: 8,
        rules: [{ weekdays: EVERY_DAY, times: [{ startTime: '10:00' }, { startTime: '13:30' }] }],
        followsStoreHolidays: true,
      },
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.apiTest,
      storeId: S.kyoto,
      name: '【テスト】API接続確認用',
      description: '連携テスト用の非公開商品です。予約サイトには表示されません。',
      isPublished: false,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: 100, child: 0 },
      customFields: [
        field('cf_test_memo', 'メモ', 'text', false, 'booker_only', {
          validation: { maxLength: 100 },
        }),
      ],
      schedule: {
        capacity: 99,
        rules: [{ weekdays: EVERY_DAY, times: [{ startTime: '10:00' }, { startTime: '15:00' }] }],
        followsStoreHolidays: false,
      },
    },
    {
      id: P.snorkel,
      storeId: S.okinawa,
      name: '青の洞窟シュノーケリング（ホテル送迎付き）',
      description: '真栄田岬の青の洞窟へ。器材・ウェットスーツ・写真データ込み。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 150,
      prices: { adult: 6500, child: 5000 },
      customFields: [
        field('cf_snorkel_swim', '泳力', 'select', true, 'all_participants', {
          options: [
            ['none', '泳げない'],
            ['some', '少し泳げる'],
            ['good', '泳げる'],
          ],
        }),
        field('cf_snorkel_pickup', '送迎場所', 'select', true, 'booker_only', {
          options: [
            ['onna_village', '恩納村内のホテル'],
            ['yomitan', '読谷村のホテル'],
            ['meeting_point', '現地集合'],
          ],
        }),
        requestField('cf_snorkel_request'),
      ],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 120 }, slotOverrides: [] },
      schedule: {
        capacity: 12,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: [{ startTime: '08:00' }, { startTime: '10:30' }, { startTime: '13:30' }],
          },
        ],
      },
      resources: [{ resourceId: R.vanSeats, per: 'person', quantity: 1 }],
      groupDiscounts: GROUP_DISCOUNTS,
      repeatDiscountPercent: 5,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.kayak,
      storeId: S.okinawa,
      name: 'マングローブカヤック探検',
      description: '比謝川のマングローブ林をカヤックで進みます。初めての方も安心のガイド付き。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 120,
      prices: { adult: 7000, child: 5500 },
      customFields: [
        heightField('cf_kayak_height'),
        field('cf_kayak_weight', '体重（kg）', 'number', false, 'all_participants', {
          validation: { min: 15, max: 120 },
        }),
      ],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      schedule: {
        capacity: 10,
        rules: [
          {
            weekdays: EVERY_DAY,
            times: [
              { startTime: '09:00' },
              { startTime: '12:00' },
              { startTime: '14:30', capacity: 8 },
            ],
          },
        ],
      },
      resources: [
        { resourceId: R.vanSeats, per: 'person', quantity: 1 },
        { resourceId: R.kayaks, per: 'booking', quantity: 1 },
      ],
      groupDiscounts: GROUP_DISCOUNTS,
      repeatDiscountPercent: 10,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.sunsetSup,
      storeId: S.okinawa,
      name: 'サンセットSUP',
      description: '夕日に染まる海でスタンドアップパドルボード。写真撮影付き。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 90,
      prices: { adult: 8000, child: 6000 },
      customFields: [heightField('cf_sup_height'), requestField('cf_sup_request')],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      schedule: {
        capacity: 8,
        rules: [
          { weekdays: EVERY_DAY, times: [{ startTime: '17:00' }] },
          { weekdays: WEEKEND, times: [{ startTime: '07:00', capacity: 6 }] },
        ],
      },
      cancellationPolicy: [
        { daysBefore: 2, feePercent: 50 },
        { daysBefore: 0, feePercent: 100 },
      ],
    },
    {
      id: P.hula,
      storeId: S.honolulu,
      name: 'フラダンス体験レッスン',
      description: 'ワイキキのスタジオで、日本語を話す講師と基本のステップを。修了証付き。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: 5000, child: 3000 },
      customFields: [
        field('cf_hula_name', '修了証のお名前（ローマ字）', 'text', false, 'all_participants', {
          validation: { maxLength: 40 },
        }),
      ],
      bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      schedule: {
        capacity: 15,
        rules: [{ weekdays: EVERY_DAY, times: [{ startTime: '10:00' }, { startTime: '14:00' }] }],
      },
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.diamondHead,
      storeId: S.honolulu,
      name: 'ダイヤモンドヘッド 朝日ハイキング',
      description: 'ホテル送迎付き。山頂で朝日を眺め、パンケーキの朝食で締めくくります。',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 180,
      prices: { adult: 12000, child: 9000 },
      customFields: [
        field('cf_dh_hotel', '宿泊ホテル', 'text', true, 'booker_only', {
          validation: { minLength: 2, maxLength: 100 },
        }),
      ],
      bookingDeadline: {
        ignoredForApi: false,
        rule: { daysBefore: 1, at: '18:00' },
        slotOverrides: [],
      },
      schedule: { capacity: 12, rules: [{ weekdays: EVERY_DAY, times: [{ startTime: '05:30' }] }] },
      groupDiscounts: GROUP_DISCOUNTS,
      cancellationPolicy: STANDARD_POLICY,
    },
    {
      id: P.harborCruise,
      storeId: S.ended,
      name: '港内遊覧クルーズ',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: 3000, child: 1500 },
      schedule: {
        capacity: 40,
        rules: [{ weekdays: EVERY_DAY, times: [{ startTime: '11:00' }, { startTime: '15:00' }] }],
      },
    },
  ];
}

function keys(): ScenarioInput['keys'] {
  const org = DEMO.organizations.main;
  const K = DEMO.keys;
  const key = (
    role: DemoKeyRole,
    name: string,
    rest: Partial<ScenarioInput['keys'][number]> = {},
  ): ScenarioInput['keys'][number] => ({
    token: K[role],
    name,
    role,
    organizationId: org,
    teamId: null,
    scopes: ALL_SCOPES,
    plan: 'standard',
    ...rest,
  });
  return [
    key('org-facility', 'フロント端末（本部・施設プラン）', { plan: 'facility' }),
    key('org-standard', 'フロント端末（本部）'),
    key('store-limited', 'フロント端末（京都嵐山店）', { teamId: S.kyoto }),
    key('read-only', '売上集計（閲覧のみ）', { scopes: ['products:read', 'reservations:read'] }),
    key('no-customer-search', '受付タブレット（顧客検索なし）', {
      scopes: ALL_SCOPES.filter((s) => s !== 'customers:read'),
    }),
    key('revoked', '旧フロント端末（無効化済み）', { revokedAt: '2025-01-01T00:00:00.000Z' }),
    key('expired', '繁忙期の臨時端末（期限切れ）', { expiresAt: '2025-06-30T15:00:00.000Z' }),
    key('contract-ended', 'みなと観光 受付端末', { organizationId: DEMO.organizations.ended }),
    key('plan-unsupported', 'ライトプラン端末', { plan: 'light' }),
  ];
}

/** Organizations, stores, resources, products and keys: everything but people and bookings. */
export function demoCatalogue(): ScenarioInput {
  return {
    format: SCENARIO_FORMAT,
    name: 'demo',
    description:
      'そらいろ体験工房（京都・沖縄・ホノルル）のデモデータ。日付は読み込んだ日からの相対日付です。',
    seed: DEMO_SEED,
    organizations: [
      { id: DEMO.organizations.main, name: 'そらいろ体験工房', contractEnded: false },
      { id: DEMO.organizations.ended, name: 'みなと観光サービス', contractEnded: true },
    ],
    stores: [
      {
        id: S.kyoto,
        organizationId: DEMO.organizations.main,
        name: 'そらいろ体験工房 京都嵐山店',
        slug: 'kyoto-arashiyama',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        paymentMethods: ['on_site', 'external'],
        customerEmailEnabled: true,
        businessEmail: 'kyoto@sorairo-taiken.example.jp',
        regularHolidays: [3],
      },
      {
        id: S.okinawa,
        organizationId: DEMO.organizations.main,
        name: 'そらいろ体験工房 沖縄恩納村店',
        slug: 'okinawa-onna',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        // Marine tours are prepaid: the shop on the beach takes no money.
        paymentMethods: ['external'],
        customerEmailEnabled: true,
        businessEmail: 'okinawa@sorairo-taiken.example.jp',
      },
      {
        id: S.honolulu,
        organizationId: DEMO.organizations.main,
        name: 'そらいろ体験工房 ホノルル・ワイキキ店',
        slug: 'honolulu-waikiki',
        timeZone: 'Pacific/Honolulu',
        currency: 'JPY',
        paymentMethods: ['on_site', 'external'],
        customerEmailEnabled: false,
        businessEmail: 'honolulu@sorairo-taiken.example.jp',
      },
      {
        id: S.ended,
        organizationId: DEMO.organizations.ended,
        name: 'みなと観光 桟橋受付',
        slug: 'minato-port',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        paymentMethods: ['on_site'],
        customerEmailEnabled: false,
        businessEmail: 'info@minato-kanko.example.jp',
      },
    ],
    resources: [
      { id: R.guides, storeId: S.kyoto, name: 'ガイド', quantity: 3 },
      { id: R.rickshaws, storeId: S.kyoto, name: '人力車', quantity: 3 },
      { id: R.vanSeats, storeId: S.okinawa, name: '送迎バン座席', quantity: 16 },
      { id: R.kayaks, storeId: S.okinawa, name: 'カヤック', quantity: 6 },
    ],
    products: products(),
    customers: [],
    keys: keys(),
    reservations: [],
  };
}

/** How often each product is booked in the demo (0: never, e.g. it closes on some weekdays). */
export const DEMO_WEIGHTS: Readonly<Record<string, number>> = {
  [P.kimonoWalk]: 6,
  [P.bambooWalk]: 5,
  [P.teaCeremony]: 5,
  [P.rickshaw]: 4,
  [P.apiTest]: 1,
  [P.snorkel]: 6,
  [P.kayak]: 5,
  [P.sunsetSup]: 3,
  [P.hula]: 3,
  [P.diamondHead]: 3,
};
export const DEMO_MAX_PARTY: Readonly<Record<string, number>> = {
  [P.rickshaw]: 2,
  [P.apiTest]: 2,
  [P.sunsetSup]: 6,
};

const PAST_DAYS = 60;
const FUTURE_DAYS = 45;

/** The demo business with its customers and bookings: how many, and where, per day. */
export function demoScenario(): ScenarioInput {
  const rng = new Random(DEMO_SEED);
  const base = demoCatalogue();
  const customers = makeCustomers(rng, 40, DEMO.organizations.main);
  const booker = new Booker(rng, Scenario.parse(base), customers, DEMO_WEIGHTS, DEMO_MAX_PARTY);

  // Today at Kyoto is busy: every slot of every bookable tour has a few parties.
  for (const productId of [P.kimonoWalk, P.bambooWalk, P.teaCeremony, P.rickshaw]) {
    for (const slot of booker.slotsOf(productId)) {
      const parties = productId === P.rickshaw ? rng.int(1, 2) : rng.int(2, 4);
      for (let i = 0; i < parties; i++) {
        booker.book(0, { productId, startTime: slot.startTime, walkIn: rng.chance(0.2) });
      }
    }
  }
  for (let i = 0; i < 12; i++) booker.book(0);
  for (let offset = -PAST_DAYS; offset < 0; offset++) {
    const count = rng.int(2, 5);
    for (let i = 0; i < count; i++) booker.book(offset);
  }
  // Fewer bookings the further ahead, as with real lead times.
  for (let offset = 1; offset <= FUTURE_DAYS; offset++) {
    const count = Math.round(5 * Math.exp(-offset / 20)) + rng.int(0, 1);
    for (let i = 0; i < count; i++) booker.book(offset);
  }

  return { ...base, customers, reservations: booker.reservations };
}
