// @vitest-environment happy-dom
/**
 * The chain's lists: the entries of the scope chosen (a store's own over every store's, marked
 * whose), an entry added or edited with the CSRF token and the protocol's draft, the office's
 * management turned on and off, a staff member never asked a PIN, an accountant only reading and
 * a manager only at their stores.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ListAnswer, OfficeItem, OfficeReason, OfficeStaff } from '../../../office/protocol/lists';
import { CSRF_HEADER } from '../../../office/protocol/web';
import { yen } from '../../../office/web/src/format';
import { signedIn, STORE_A, STORE_B, type Handler } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

const MATCHA = OfficeItem.parse({
  id: 'item-matcha',
  name: { ja: '抹茶', en: 'Matcha' },
  price: 600,
  rate: 8,
  category: 'drink',
  active: true,
  updatedAt: 1,
  updatedBy: 'office:owner@example.jp',
});
const UMBRELLA = OfficeItem.parse({
  id: 'item-umbrella',
  name: { ja: '傘', en: 'Umbrella' },
  price: 500,
  rate: 10,
  category: 'rental',
  active: false,
  updatedAt: 2,
  updatedBy: 'office:owner@example.jp',
});

/** The items as the office answers them: every store's matcha; 嵐山店 rents its own umbrella. */
function items(storeId: string | null, managed = false): ListAnswer {
  return ListAnswer.parse({
    list: 'items',
    storeId,
    entries:
      storeId === null
        ? [{ storeId: null, entry: MATCHA }]
        : [
            { storeId: null, entry: MATCHA },
            { storeId, entry: UMBRELLA },
          ],
    effective: storeId === null ? [] : [UMBRELLA, MATCHA],
    managed: storeId === null ? null : managed,
    managedStores: managed ? [STORE_A, STORE_B] : [STORE_B],
    revision: 3,
  });
}

const itemsRoute: Handler = (sent) => ({ body: items(sent.query.get('storeId')) });

it('lists every store’s items, then a store’s own over them, marked whose', async () => {
  const office = signedIn('owner', { 'GET /v1/web/lists/items': itemsRoute });
  renderPage('/app/lists', office);
  expect(await screen.findByRole('heading', { name: 'リスト(本部管理)' })).toBeTruthy();
  const chain = await screen.findByRole('table', { name: '商品と価格 — すべての店舗(共通)' });
  expect(within(chain).getByRole('rowheader', { name: '抹茶' })).toBeTruthy();
  expect(within(chain).getByText(yen(600))).toBeTruthy();
  expect(within(chain).getByText('軽減税率 8% ※')).toBeTruthy();
  expect(within(chain).queryByText('傘')).toBeNull();
  expect(office.calls('GET /v1/web/lists/items')[0]!.query.get('storeId')).toBeNull();
  expect(screen.getByText('2店舗中 1店舗で本部が管理')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('範囲'), { target: { value: STORE_A } });
  const store = await screen.findByRole('table', { name: '商品と価格 — 嵐山店' });
  expect(office.calls('GET /v1/web/lists/items')[1]!.query.get('storeId')).toBe(STORE_A);
  const umbrella = within(store).getByRole('row', { name: /傘/ });
  expect(within(umbrella).getByText('この店舗')).toBeTruthy();
  expect(within(umbrella).getByText('販売停止')).toBeTruthy();
  expect(
    within(within(store).getByRole('row', { name: /抹茶/ })).getByText('全店舗共通'),
  ).toBeTruthy();
});

it('edits an item for one store: the draft, with the CSRF token', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/lists/items': itemsRoute,
    'PUT /v1/web/lists/items': (sent) => ({
      body: items((sent.body as { storeId: string | null }).storeId),
    }),
  });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: /すべての店舗/ });
  fireEvent.change(screen.getByLabelText('範囲'), { target: { value: STORE_A } });
  await screen.findByRole('table', { name: /嵐山店/ });
  fireEvent.click(screen.getByRole('button', { name: '抹茶 を編集' }));
  expect(screen.getByRole('heading', { name: '「抹茶」を編集' })).toBeTruthy();
  expect(screen.getByText(/嵐山店だけの内容になり/)).toBeTruthy();
  const price = screen.getByLabelText<HTMLInputElement>('価格(税込・円)');
  expect(price.value).toBe('600');
  fireEvent.change(price, { target: { value: '700' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('保存しました。')).toBeTruthy();
  const [put] = office.calls('PUT /v1/web/lists/items');
  expect(put!.headers[CSRF_HEADER]).toBe('csrf-token-1');
  expect(put!.body).toEqual({
    storeId: STORE_A,
    entries: [
      {
        id: 'item-matcha',
        name: { ja: '抹茶', en: 'Matcha' },
        price: 700,
        rate: 8,
        category: 'drink',
        active: true,
      },
    ],
  });
  // Read again after the change.
  await waitFor(() => expect(office.calls('GET /v1/web/lists/items')).toHaveLength(3));
});

it('adds an item for every store, and says in place what is wrong', async () => {
  let refuse = true;
  const office = signedIn('owner', {
    'GET /v1/web/lists/items': itemsRoute,
    'PUT /v1/web/lists/items': () =>
      refuse
        ? { status: 400, body: { error: { code: 'bad_request', message: 'entries.0.price' } } }
        : { body: items(null) },
  });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: /すべての店舗/ });
  fireEvent.click(screen.getByRole('button', { name: '商品を追加' }));
  fireEvent.change(screen.getByLabelText('商品名(日本語)'), { target: { value: '手ぬぐい' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    '名前を日本語と英語の両方で入力してください。',
  );
  fireEvent.change(screen.getByLabelText('商品名(英語)'), { target: { value: 'Tenugui' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    '価格は0円以上の整数で入力してください。',
  );
  expect(office.calls('PUT /v1/web/lists/items')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('価格(税込・円)'), { target: { value: '1200' } });
  fireEvent.change(screen.getByLabelText('分類'), { target: { value: 'goods' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect((await screen.findByRole('alert')).textContent).toContain('入力内容を確認してください。');
  refuse = false;
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('保存しました。')).toBeTruthy();
  const puts = office.calls('PUT /v1/web/lists/items');
  expect(puts).toHaveLength(2);
  expect(puts[1]!.body).toEqual({
    storeId: null,
    entries: [
      {
        id: null,
        name: { ja: '手ぬぐい', en: 'Tenugui' },
        price: 1200,
        rate: 10,
        category: 'goods',
        active: true,
      },
    ],
  });
});

it('turns the office’s management on at a store, and at every store', async () => {
  let managed = false;
  const office = signedIn('owner', {
    'GET /v1/web/lists/items': (sent) => ({ body: items(sent.query.get('storeId'), managed) }),
    'PUT /v1/web/lists/items/managed': (sent) => {
      const body = sent.body as { storeId: string | null; managed: boolean };
      managed = body.managed;
      return {
        body: {
          list: 'items',
          storeIds: body.storeId ? [body.storeId] : [STORE_A, STORE_B],
          managed,
          revision: 4,
        },
      };
    },
  });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: /すべての店舗/ });
  expect(screen.getByText(/店舗のレジでは読み取り専用になり/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('範囲'), { target: { value: STORE_A } });
  const box = await screen.findByRole<HTMLInputElement>('checkbox', {
    name: '嵐山店で本部が管理する',
  });
  expect(box.checked).toBe(false);
  fireEvent.click(box);
  expect(await screen.findByText('管理の設定を変更しました。')).toBeTruthy();
  const [on] = office.calls('PUT /v1/web/lists/items/managed');
  expect(on!.headers[CSRF_HEADER]).toBe('csrf-token-1');
  expect(on!.body).toEqual({ storeId: STORE_A, managed: true });
  await waitFor(() =>
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: '嵐山店で本部が管理する' }).checked,
    ).toBe(true),
  );
  // Read again without taking the switch away: it is the same one (a keyboard's focus stays).
  expect(screen.getByRole('checkbox', { name: '嵐山店で本部が管理する' })).toBe(box);

  fireEvent.change(screen.getByLabelText('範囲'), { target: { value: '' } });
  fireEvent.click(await screen.findByRole('button', { name: 'すべての店舗で管理をやめる' }));
  await waitFor(() => expect(office.calls('PUT /v1/web/lists/items/managed')).toHaveLength(2));
  expect(office.calls('PUT /v1/web/lists/items/managed')[1]!.body).toEqual({
    storeId: null,
    managed: false,
  });
});

it('adds a staff member with a name and a role, never a PIN, in English too', async () => {
  const member = OfficeStaff.parse({
    id: 'staff-1',
    name: '山田 太郎',
    role: 'manager',
    removed: false,
    updatedAt: 1,
    updatedBy: 'office:owner@example.jp',
  });
  const answer = ListAnswer.parse({
    list: 'staff',
    storeId: null,
    entries: [{ storeId: null, entry: member }],
    effective: [],
    managed: null,
    managedStores: [],
    revision: 1,
  });
  const office = signedIn('owner', {
    'GET /v1/web/lists/items': itemsRoute,
    'GET /v1/web/lists/staff': { body: answer },
    'PUT /v1/web/lists/staff': { body: answer },
  });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: /すべての店舗/ });
  screen.getByRole('button', { name: '表示言語: English' }).click();
  fireEvent.click(await screen.findByRole('radio', { name: 'Staff' }));
  const table = await screen.findByRole('table', { name: 'Staff — Every store (shared)' });
  expect(within(table).getByRole('row', { name: /山田 太郎/ }).textContent).toContain('Manager');
  fireEvent.click(screen.getByRole('button', { name: 'Add a staff member' }));
  expect(screen.getByText(/each member sets their own PIN at the store’s counter/)).toBeTruthy();
  expect(screen.queryByLabelText(/PIN/)).toBeNull();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '佐藤 花子' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved.')).toBeTruthy();
  expect(office.calls('PUT /v1/web/lists/staff')[0]!.body).toEqual({
    storeId: null,
    entries: [{ id: null, name: '佐藤 花子', role: 'staff', removed: false }],
  });
});

it('shows an accountant the lists read-only', async () => {
  const office = signedIn('accountant', { 'GET /v1/web/lists/items': itemsRoute });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: /すべての店舗/ });
  expect(screen.getByText('このページは閲覧のみです。')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /編集|追加|管理/ })).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.getByText(/祇園店: 本部が管理/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('範囲'), { target: { value: STORE_A } });
  await screen.findByRole('table', { name: /嵐山店/ });
  expect(screen.queryByRole('button', { name: /編集|追加/ })).toBeNull();
  expect(screen.getByText(/嵐山店: 店舗で管理/)).toBeTruthy();
});

it('offers a manager their stores only, never every store', async () => {
  const office = signedIn('manager', { 'GET /v1/web/lists/items': itemsRoute });
  renderPage('/app/lists', office);
  await screen.findByRole('table', { name: '商品と価格 — 嵐山店' });
  expect(office.calls('GET /v1/web/lists/items')[0]!.query.get('storeId')).toBe(STORE_A);
  const scope = screen.getByLabelText<HTMLSelectElement>('範囲');
  expect([...scope.options].map((o) => o.textContent)).toEqual(['嵐山店', '祇園店']);
  expect(screen.queryByRole('button', { name: /すべての店舗/ })).toBeNull();
  expect(screen.getByRole('button', { name: '商品を追加' })).toBeTruthy();
});

it('says a reason repeating another’s words in place, before the office is asked', async () => {
  const answer = ListAnswer.parse({
    list: 'discountReasons',
    storeId: null,
    entries: [
      {
        storeId: null,
        entry: OfficeReason.parse({
          id: 'rgroup-1',
          words: { ja: '団体割引', en: 'Group' },
          active: true,
          noteRequired: false,
          updatedAt: 1,
          updatedBy: 'office:owner@example.jp',
        }),
      },
    ],
    effective: [],
    managed: null,
    managedStores: [],
    revision: 1,
  });
  const office = signedIn('owner', {
    'GET /v1/web/lists/items': itemsRoute,
    'GET /v1/web/lists/discountReasons': { body: answer },
    'PUT /v1/web/lists/discountReasons': { body: answer },
  });
  renderPage('/app/lists', office);
  fireEvent.click(await screen.findByRole('radio', { name: '割引の理由' }));
  const table = await screen.findByRole('table', { name: /割引の理由/ });
  expect(within(table).getByRole('row', { name: /団体割引/ }).textContent).toContain('使用中');
  fireEvent.click(screen.getByRole('button', { name: '理由を追加' }));
  fireEvent.change(screen.getByLabelText('理由(日本語)'), { target: { value: '学生割引' } });
  fireEvent.change(screen.getByLabelText('理由(英語)'), { target: { value: 'group' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect((await screen.findByRole('alert')).textContent).toContain('ほかの理由と同じ言葉です');
  expect(office.calls('PUT /v1/web/lists/discountReasons')).toHaveLength(0);
  fireEvent.change(screen.getByLabelText('理由(英語)'), { target: { value: 'Student' } });
  fireEvent.click(screen.getByLabelText('メモを必須にする'));
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('保存しました。')).toBeTruthy();
  expect(office.calls('PUT /v1/web/lists/discountReasons')[0]!.body).toEqual({
    storeId: null,
    entries: [
      { id: null, words: { ja: '学生割引', en: 'Student' }, active: true, noteRequired: true },
    ],
  });
});
