/**
 * The built-in demo data set: そらいろ体験工房, a Japanese experience business with stores in Kyoto,
 * Okinawa and Honolulu, its API keys (one per access situation) and a few hundred bookings in the
 * past, today and the future. Dates are relative, so the demo is always current; the bookings are
 * placed so that the scenario compiles whatever weekday it is loaded on.
 */
import type { z } from 'zod';
import type { CustomField, Scope } from '../../main/api/schemas';
import type { ProductRecord, ResourceRecord, StoreRecord } from '../model';
import { Random } from '../random';
import { scheduledTimes } from '../domain/calendar';
import {
  SCENARIO_FORMAT,
  Scenario,
  type ScenarioCustomer,
  type ScenarioInput,
  type ScenarioReservation,
} from './format';

type ProductInput = z.input<typeof ProductRecord>;
type CustomerInput = z.input<typeof ScenarioCustomer>;
type ReservationInput = z.input<typeof ScenarioReservation>;

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

// --- people ----------------------------------------------------------------------------------

const LAST_NAMES: [string, string][] = [
  ['佐藤', 'sato'],
  ['鈴木', 'suzuki'],
  ['高橋', 'takahashi'],
  ['田中', 'tanaka'],
  ['伊藤', 'ito'],
  ['渡辺', 'watanabe'],
  ['山本', 'yamamoto'],
  ['中村', 'nakamura'],
  ['小林', 'kobayashi'],
  ['加藤', 'kato'],
  ['吉田', 'yoshida'],
  ['山田', 'yamada'],
  ['佐々木', 'sasaki'],
  ['松本', 'matsumoto'],
  ['井上', 'inoue'],
  ['木村', 'kimura'],
  ['清水', 'shimizu'],
  ['森', 'mori'],
  ['池田', 'ikeda'],
  ['橋本', 'hashimoto'],
  ['石川', 'ishikawa'],
  ['前田', 'maeda'],
  ['藤田', 'fujita'],
  ['岡田', 'okada'],
  ['長谷川', 'hasegawa'],
  ['村上', 'murakami'],
  ['近藤', 'kondo'],
  ['坂本', 'sakamoto'],
  ['遠藤', 'endo'],
  ['青木', 'aoki'],
];
const FIRST_NAMES: [string, string][] = [
  ['陽菜', 'hina'],
  ['結衣', 'yui'],
  ['美咲', 'misaki'],
  ['さくら', 'sakura'],
  ['葵', 'aoi'],
  ['直子', 'naoko'],
  ['由美', 'yumi'],
  ['恵子', 'keiko'],
  ['彩', 'aya'],
  ['真由美', 'mayumi'],
  ['大翔', 'hiroto'],
  ['蓮', 'ren'],
  ['翔太', 'shota'],
  ['健一', 'kenichi'],
  ['誠', 'makoto'],
  ['拓也', 'takuya'],
  ['悠真', 'yuma'],
  ['浩二', 'koji'],
  ['大輔', 'daisuke'],
  ['和也', 'kazuya'],
];
const FOREIGN_NAMES: [string, string][] = [
  ['Smith', 'John'],
  ['Johnson', 'Emily'],
  ['Brown', 'Oliver'],
  ['Wilson', 'Chloe'],
  ['Martin', 'Lucas'],
  ['Lee', 'Daniel'],
  ['Garcia', 'Sofia'],
  ['Nguyen', 'Linh'],
  ['Taylor', 'Grace'],
  ['Anderson', 'Noah'],
];
const JA_DOMAINS = ['example.jp', 'example.ne.jp', 'example.com'];
const EN_DOMAINS = ['example.com', 'example.org'];

const digits = (rng: Random, n: number) =>
  Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

function japanesePhone(rng: Random): string {
  return `0${rng.pick(['90', '80', '70'])}-${digits(rng, 4)}-${digits(rng, 4)}`;
}

function foreignPhone(rng: Random): string {
  return `+1 808-555-${digits(rng, 4)}`;
}

const isForeign = (lastName: string) => /^[A-Za-z]/.test(lastName);

/** `count` customers of an organization, about one in seven a foreign tourist. */
export function makeCustomers(rng: Random, count: number, organizationId: string): CustomerInput[] {
  const emails = new Set<string>();
  const out: CustomerInput[] = [];
  for (let i = 1; i <= count; i++) {
    const foreign = i % 7 === 0;
    let lastName: string, firstName: string, local: string, domain: string, phone: string | null;
    if (foreign) {
      [lastName, firstName] = rng.pick(FOREIGN_NAMES);
      local = `${firstName}.${lastName}`.toLowerCase();
      domain = rng.pick(EN_DOMAINS);
      phone = rng.chance(0.7) ? foreignPhone(rng) : null;
    } else {
      const [last, lastRomaji] = rng.pick(LAST_NAMES);
      const [first, firstRomaji] = rng.pick(FIRST_NAMES);
      lastName = last;
      firstName = first;
      local = `${firstRomaji}.${lastRomaji}`;
      domain = rng.pick(JA_DOMAINS);
      phone = rng.chance(0.9) ? japanesePhone(rng) : null;
    }
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    out.push({
      id: `cus_${String(i).padStart(4, '0')}`,
      organizationId,
      lastName,
      firstName,
      email,
      phone,
    });
  }
  return out;
}

// --- placement -------------------------------------------------------------------------------

/** A start time offered on every weekday, with the smallest capacity any weekday gives it. */
export interface EverydaySlot {
  startTime: string;
  capacity: number;
}

/** Monday 2024-01-01 … Sunday 2024-01-07: one date per ISO weekday. */
const REFERENCE_WEEK = Array.from({ length: 7 }, (_, i) => `2024-01-0${i + 1}`);

/**
 * The start times a product has on every day, whatever weekday `today` turns out to be. A
 * product with dated rules, added or suspended dates, or one closed on the store's closed dates,
 * has none: its slots depend on the date, which a relative scenario cannot know.
 */
export function everydaySlots(product: ProductRecord, store: StoreRecord): EverydaySlot[] {
  const s = product.schedule;
  if (
    s.rules.some((r) => r.from || r.until) ||
    s.addedDates.length > 0 ||
    s.suspendedDates.length > 0 ||
    (s.followsStoreHolidays && store.closedDates.length > 0)
  ) {
    return [];
  }
  const days = REFERENCE_WEEK.map(
    (date) =>
      new Map(
        scheduledTimes(product, store, date).map((t) => [t.startTime, t.capacity ?? s.capacity]),
      ),
  );
  const out: EverydaySlot[] = [];
  for (const [startTime, capacity] of days[0]!) {
    if (days.every((d) => d.has(startTime))) {
      out.push({ startTime, capacity: Math.min(capacity, ...days.map((d) => d.get(startTime)!)) });
    }
  }
  return out;
}

interface Group {
  product: ProductRecord;
  startMin: number;
  endMin: number;
  headcount: number;
  bookings: number;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function unitsOf(group: Group, per: 'person' | 'booking' | 'slot', quantity: number): number {
  if (per === 'slot') return quantity;
  return quantity * (per === 'booking' ? group.bookings : group.headcount);
}

/**
 * Seats and shared resources taken per store and relative day, with the sandbox's rules
 * (availability.ts): a placement fits when the slot keeps its capacity and no resource is ever
 * used beyond its quantity. Holding that for the whole set makes every prefix fit too, so the
 * compiler accepts the reservations in any order.
 */
export class Ledger {
  private readonly days = new Map<string, Map<string, Group>>();
  private readonly resources: Map<string, ResourceRecord>;

  constructor(resources: readonly ResourceRecord[]) {
    this.resources = new Map(resources.map((r) => [r.id, r]));
  }

  fits(product: ProductRecord, offset: number, slot: EverydaySlot, headcount: number): boolean {
    const day = this.days.get(`${product.storeId} ${offset}`);
    const own = day?.get(`${product.id} ${slot.startTime}`);
    if ((own?.headcount ?? 0) + headcount > slot.capacity) return false;
    const startMin = minutes(slot.startTime);
    const endMin = startMin + product.durationMinutes;
    for (const use of product.resources) {
      const resource = this.resources.get(use.resourceId);
      if (!resource) continue;
      const after: Group = {
        product,
        startMin,
        endMin,
        headcount: (own?.headcount ?? 0) + headcount,
        bookings: (own?.bookings ?? 0) + 1,
      };
      const others: Group[] = [];
      for (const g of day?.values() ?? []) {
        if (g !== own && g.startMin < endMin && g.endMin > startMin) others.push(g);
      }
      // The placement's group spans the whole window, so the peak is its units plus the others'.
      let peak = 0;
      for (const t of [startMin, ...others.map((g) => g.startMin).filter((m) => m > startMin)]) {
        let sum = 0;
        for (const g of others) {
          const other = g.product.resources.find((u) => u.resourceId === use.resourceId);
          if (other && g.startMin <= t && g.endMin > t)
            sum += unitsOf(g, other.per, other.quantity);
        }
        peak = Math.max(peak, sum);
      }
      if (unitsOf(after, use.per, use.quantity) + peak > resource.quantity) return false;
    }
    return true;
  }

  add(product: ProductRecord, offset: number, slot: EverydaySlot, headcount: number): void {
    const dayKey = `${product.storeId} ${offset}`;
    let day = this.days.get(dayKey);
    if (!day) this.days.set(dayKey, (day = new Map()));
    const key = `${product.id} ${slot.startTime}`;
    const startMin = minutes(slot.startTime);
    const group = day.get(key) ?? {
      product,
      startMin,
      endMin: startMin + product.durationMinutes,
      headcount: 0,
      bookings: 0,
    };
    group.headcount += headcount;
    group.bookings += 1;
    day.set(key, group);
  }
}

// --- bookings --------------------------------------------------------------------------------

const SAMPLE_TEXT: Record<string, string[]> = {
  cf_kimono_request: [
    '記念日の旅行です。写真を多めにお願いします。',
    '草履が苦手なので相談したいです。',
  ],
  cf_tea_request: [
    '正座が苦手な家族がいます。',
    '英語での説明を少し交えていただけると助かります。',
  ],
  cf_snorkel_request: [
    '子どもが初めてのシュノーケリングです。',
    'メガネを使っています（度付きマスク希望）。',
  ],
  cf_sup_request: ['結婚記念日です。', '写真データをいただけますか。'],
  cf_test_memo: ['接続テスト', 'キャンセル動作の確認'],
  cf_dh_hotel: [
    'ハレクラニ',
    'シェラトン・ワイキキ',
    'ヒルトン・ハワイアン・ビレッジ',
    'Aqua Oasis',
  ],
  cf_hula_name: ['HANAKO YAMADA', 'YUI TANAKA', 'KENTA SATO', 'EMILY JOHNSON'],
  cf_yuzen_name: ['HANA', 'KOTA', 'MIKU'],
};

function fieldValue(rng: Random, f: CustomField, child: boolean): string | null {
  switch (f.fieldType) {
    case 'number': {
      const min = f.validation?.min ?? 0;
      const max = f.validation?.max ?? 100;
      const [lo, hi] = f.fieldId.includes('height')
        ? child
          ? [110, 145]
          : [148, 186]
        : f.fieldId.includes('weight')
          ? child
            ? [18, 40]
            : [42, 88]
          : [min, max];
      return String(rng.int(Math.max(lo, min), Math.min(hi, max)));
    }
    case 'select': {
      const options = (f.options ?? []).map((o) => o.value);
      if (child && options.includes('S')) return 'S';
      return options.length > 0 ? rng.pick(options) : null;
    }
    case 'multi_select': {
      // Most people have no allergy: nothing selected, so the value is left out.
      if (!rng.chance(0.25)) return null;
      const options = (f.options ?? []).map((o) => o.value);
      const chosen = new Set([rng.pick(options), rng.pick(options)]);
      return options.filter((o) => chosen.has(o)).join(',');
    }
    default: {
      const text = rng.pick(SAMPLE_TEXT[f.fieldId] ?? ['よろしくお願いします。']);
      const max = f.validation?.maxLength;
      return max === undefined ? text : [...text].slice(0, max).join('');
    }
  }
}

/** Participant rows as the service stores them: booker-only values on participant 1. */
function participantsFor(
  rng: Random,
  product: ProductRecord,
  adults: number,
  children: number,
): ReservationInput['participants'] {
  const everyone = product.customFields.filter((f) => f.inputScope === 'all_participants');
  const booker = product.customFields.filter((f) => f.inputScope === 'booker_only');
  const perPerson = everyone.some((f) => f.isRequired) || (everyone.length > 0 && rng.chance(0.4));
  const rows = perPerson ? adults + children : booker.length > 0 ? 1 : 0;
  const out: NonNullable<ReservationInput['participants']> = [];
  for (let n = 1; n <= rows; n++) {
    const fieldValues: Record<string, string> = {};
    const fill = (f: CustomField) => {
      if (!f.isRequired && !rng.chance(0.5)) return;
      const value = fieldValue(rng, f, n > adults);
      if (value !== null) fieldValues[f.fieldId] = value;
    };
    if (perPerson) everyone.forEach(fill);
    if (n === 1) booker.forEach(fill);
    out.push({ participantNumber: n, fieldValues });
  }
  return out.every((p) => Object.keys(p.fieldValues).length === 0) ? [] : out;
}

const CANCEL_REASONS = [
  'customer_request',
  'weather',
  'business_request',
  'force_majeure',
] as const;

export interface BookingOptions {
  /** Book this product (else one chosen by weight). */
  productId?: string;
  /** Book this start time (else one chosen at random). */
  startTime?: string;
  /** A walk-in at the counter: booked today by staff, no e-mail. */
  walkIn?: boolean;
}

/**
 * Makes bookings that fit: picks a product by weight, a start time it has on every weekday, a
 * party that fits the ledger, a customer and the details a real booking would carry.
 */
export class Booker {
  readonly reservations: ReservationInput[] = [];
  private readonly ledger: Ledger;
  private readonly stores: Map<string, StoreRecord>;
  private readonly slots = new Map<string, EverydaySlot[]>();
  private readonly weighted: ProductRecord[] = [];
  private readonly products: Map<string, ProductRecord>;
  private cancellations = 0;
  private guestEmails = 0;

  constructor(
    private readonly rng: Random,
    catalogue: Scenario,
    private readonly customers: readonly CustomerInput[],
    weights: Readonly<Record<string, number>>,
    /** Largest party per product (e.g. two to a rickshaw). */
    private readonly maxParty: Readonly<Record<string, number>> = {},
  ) {
    this.ledger = new Ledger(catalogue.resources);
    this.stores = new Map(catalogue.stores.map((s) => [s.id, s]));
    for (const product of catalogue.products) {
      const slots = everydaySlots(product, this.stores.get(product.storeId)!);
      this.slots.set(product.id, slots);
      if (slots.length === 0) continue;
      for (let i = 0; i < (weights[product.id] ?? 0); i++) this.weighted.push(product);
    }
    this.products = new Map(catalogue.products.map((p) => [p.id, p]));
  }

  /** Start times a product can be booked at in this scenario, whatever the weekday. */
  slotsOf(productId: string): readonly EverydaySlot[] {
    return this.slots.get(productId) ?? [];
  }

  /** Try a booking `offset` days from today; false when nothing fitted after a few tries. */
  book(offset: number, options: BookingOptions = {}): boolean {
    const rng = this.rng;
    for (let attempt = 0; attempt < 6; attempt++) {
      const product = options.productId
        ? this.products.get(options.productId)
        : this.weighted.length > 0
          ? rng.pick(this.weighted)
          : undefined;
      if (!product) return false;
      const slots = this.slotsOf(product.id);
      const slot = options.startTime
        ? slots.find((s) => s.startTime === options.startTime)
        : slots.length > 0
          ? rng.pick(slots)
          : undefined;
      if (!slot) return false;

      const manual = product.approvalType === 'manual';
      const cancelled = rng.chance(0.07);
      const rejected = !cancelled && manual && rng.chance(0.12);
      const active = !cancelled && !rejected;
      let party = this.partySize(product);
      if (active) {
        while (party > 0 && !this.ledger.fits(product, offset, slot, party)) party--;
        if (party === 0) continue;
        this.ledger.add(product, offset, slot, party);
      }
      const children =
        product.prices.child > 0 && party >= 2 && rng.chance(0.3) ? rng.int(1, party - 1) : 0;
      this.reservations.push(
        this.details(product, offset, slot.startTime, party - children, children, {
          cancelled,
          rejected,
          walkIn: options.walkIn ?? false,
        }),
      );
      return true;
    }
    return false;
  }

  private partySize(product: ProductRecord): number {
    const rng = this.rng;
    const size = rng.chance(0.08) ? rng.int(5, 10) : rng.pick([1, 2, 2, 2, 2, 3, 3, 4, 4]);
    return Math.min(size, this.maxParty[product.id] ?? 10);
  }

  private details(
    product: ProductRecord,
    offset: number,
    startTime: string,
    adultCount: number,
    childCount: number,
    flags: { cancelled: boolean; rejected: boolean; walkIn: boolean },
  ): ReservationInput {
    const rng = this.rng;
    const store = this.stores.get(product.storeId)!;
    const methods = store.paymentMethods;
    const onSite = methods.includes('on_site');
    const testProduct = !product.isPublished;

    const walkIn = flags.walkIn && offset === 0;
    const source: ReservationInput['source'] = testProduct
      ? 'api'
      : walkIn
        ? 'admin'
        : rng.pick([
            'booking_site',
            'booking_site',
            'booking_site',
            'booking_site',
            'api',
            'admin',
          ]);
    const paymentMethod: ReservationInput['paymentMethod'] =
      walkIn && onSite
        ? 'on_site'
        : source === 'booking_site' && rng.chance(0.6)
          ? 'card'
          : rng.pick(methods);

    let customerId: string | undefined;
    let customer: ReservationInput['customer'];
    let foreign: boolean;
    if (!walkIn && this.customers.length > 0 && rng.chance(0.8)) {
      const c = rng.pick(this.customers);
      customerId = c.id;
      foreign = isForeign(c.lastName);
    } else {
      foreign = rng.chance(0.15);
      const [[lastName, lastLatin], [firstName, firstLatin]] = foreign
        ? (([last, first]) => [
            [last, last],
            [first, first],
          ])(rng.pick(FOREIGN_NAMES))
        : [rng.pick(LAST_NAMES), rng.pick(FIRST_NAMES)];
      customer = { lastName, firstName };
      // Walk-ins often leave no e-mail: the reservation then has no customer record.
      if (!walkIn || rng.chance(0.3)) {
        const local = `${firstLatin}.${lastLatin}`.toLowerCase();
        const domain = rng.pick(foreign ? EN_DOMAINS : JA_DOMAINS);
        customer.email = `${local}.${++this.guestEmails}@${domain}`;
      }
      if (rng.chance(0.7)) customer.phone = foreign ? foreignPhone(rng) : japanesePhone(rng);
    }

    const bookedDaysBefore = walkIn
      ? 0
      : offset > 0
        ? offset + rng.int(0, 20)
        : rng.chance(0.1)
          ? 0
          : rng.int(1, 30);
    let cancellation: ReservationInput['cancellation'];
    if (flags.cancelled) {
      // The first few go through every reason so that each one appears.
      const reason =
        this.cancellations < CANCEL_REASONS.length
          ? CANCEL_REASONS[this.cancellations]!
          : rng.chance(0.6)
            ? 'customer_request'
            : rng.pick(CANCEL_REASONS);
      this.cancellations++;
      // Cancelled between booking and now: a future booking at least `offset` days ahead.
      const daysBefore =
        offset > 0
          ? rng.int(offset, bookedDaysBefore)
          : rng.int(0, Math.min(bookedDaysBefore, reason === 'weather' ? 1 : 10));
      cancellation = { reason, daysBefore };
    }
    const manual = product.approvalType === 'manual';
    // Requests wait for the tea master: most future ones, a few of today's.
    const status: ReservationInput['status'] = flags.rejected
      ? 'rejected'
      : manual && offset >= 0 && rng.chance(offset === 0 ? 0.3 : 0.8)
        ? 'pending'
        : 'confirmed';

    return {
      productId: product.id,
      date: offset === 0 ? 'today' : offset > 0 ? `today+${offset}` : `today${offset}`,
      startTime,
      adultCount,
      childCount,
      participants: participantsFor(rng, product, adultCount, childCount),
      ...(customerId ? { customerId } : { customer }),
      paymentMethod,
      source,
      status,
      locale: foreign ? 'en' : 'ja',
      bookedDaysBefore,
      ...(cancellation ? { cancellation } : {}),
    };
  }
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
