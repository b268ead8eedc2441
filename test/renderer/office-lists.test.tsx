// @vitest-environment happy-dom
/**
 * The chain's lists at the counter (decisions AB70–AB79): a list the head office manages is shown
 * read-only with the reason, in both languages — the item catalogue with no way to add or change,
 * the reasons for a discount likewise — while a list it does not manage is changed as before;
 * what the office's last revision changed is listed on the settings until staff dismiss it; a
 * member the office added gets their PIN here, their name and role the office's.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOUNT_REASONS,
  StaffState,
  type CounterItem,
  type OfficeListsView,
} from '../../main/ipc/contract';
import type { Lang } from '../../renderer/src/format/format';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge } from './support/fixtures';
import { moneyHandlers } from './support/money';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const TOWEL: CounterItem = {
  id: 'towel',
  name: { ja: 'タオル', en: 'Towel' },
  price: 300,
  rate: 10,
  category: 'goods',
  active: true,
  updatedAt: 1,
  updatedBy: 'office:owner@example.jp',
};

function view(over: Partial<OfficeListsView> = {}): OfficeListsView {
  return {
    managed: { items: false, discountReasons: false, staff: false },
    revision: 3,
    receivedAt: 1,
    changes: [],
    seen: true,
    awaitingPin: [],
    ...over,
  };
}

function bridge(lists: OfficeListsView) {
  let held = lists;
  return demoBridge({
    ...moneyHandlers().handlers,
    'items.list': () => ({ items: [{ ...TOWEL, sold: 0 }], unreadable: [], currency: 'JPY' }),
    'money.discountReasons': () => DEFAULT_DISCOUNT_REASONS,
    'office.lists': () => held,
    'office.listsSeen': ({ revision }) => {
      if (revision === held.revision) held = { ...held, seen: true };
      return held;
    },
  });
}

async function openItems(lang: Lang) {
  const r = await renderApp(fake, { lang });
  await act(async () => r.app.stores.nav.getState().go({ name: 'items' }));
  await settle();
  return within(
    screen.getByRole('region', { name: lang === 'en' ? 'Manage items' : '品目の管理' }),
  );
}

describe('a list the head office manages', () => {
  it.each([
    ['en', 'Managed by the head office'],
    ['ja', '本部で管理しています'],
  ] as const)('the item catalogue is read-only, and says why (%s)', async (lang, why) => {
    fake = bridge(view({ managed: { items: true, discountReasons: false, staff: false } }));
    const catalogue = await openItems(lang);
    expect(catalogue.getByText(why)).toBeTruthy();
    expect(catalogue.getByText(lang === 'en' ? 'Towel' : 'タオル')).toBeTruthy();
    expect(catalogue.queryAllByRole('button')).toEqual([]);
  });

  it('not managed: the catalogue is changed here as before', async () => {
    fake = bridge(view());
    const catalogue = await openItems('en');
    expect(catalogue.queryByText('Managed by the head office')).toBeNull();
    expect(catalogue.getByRole('button', { name: 'Change: Towel' })).toBeTruthy();
    expect(catalogue.getAllByRole('button').length).toBeGreaterThan(1);
  });

  it('the reasons for a discount are read-only, and say why', async () => {
    fake = bridge(view({ managed: { items: false, discountReasons: true, staff: false } }));
    const r = await renderApp(fake, { lang: 'ja' });
    await r.user.tap(screen.getByRole('button', { name: '設定' }));
    const section = within(screen.getByRole('region', { name: '割引の理由' }));
    expect(section.getByText('本部で管理しています')).toBeTruthy();
    expect(section.queryAllByRole('button')).toEqual([]);
  });
});

describe('what the office changed', () => {
  it('is listed on the settings until staff dismiss it, in both languages', async () => {
    const changes: OfficeListsView['changes'] = [
      { list: 'items', id: 'towel', name: { ja: 'タオル', en: 'Towel' }, kind: 'changed' },
      { list: 'staff', id: 's1', name: { ja: '新人', en: '新人' }, kind: 'added' },
    ];
    fake = bridge(view({ changes, seen: false }));
    const r = await renderApp(fake, { lang: 'en' });
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    const notice = within(
      screen.getByRole('status', { name: 'The head office changed the lists' }),
    );
    expect(notice.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Items and prices: Towel (updated)',
      'Staff and roles: 新人 (new)',
    ]);
    await r.user.tap(notice.getByRole('button', { name: 'Seen' }));
    expect(fake.callsOf('office.listsSeen')).toEqual([{ revision: 3 }]);
    expect(screen.queryByRole('status', { name: 'The head office changed the lists' })).toBeNull();
    cleanup();

    fake = bridge(view({ changes, seen: false }));
    const ja = await renderApp(fake, { lang: 'ja' });
    await ja.user.tap(screen.getByRole('button', { name: '設定' }));
    const jaNotice = within(screen.getByRole('status', { name: '本部から一覧の変更が届きました' }));
    expect(jaNotice.getAllByRole('listitem')[0]!.textContent).toBe('商品と価格: タオル (更新)');
  });
});

describe('staff the office manages', () => {
  function staffed(may: StaffState['may']) {
    return StaffState.parse({
      enabled: true,
      members: [{ id: 'owner-1', name: '山本', role: 'owner', pinDigits: 4 }],
      unreadable: 0,
      signedIn: { id: 'owner-1', name: '山本', role: 'owner', pinDigits: 4 },
      may,
      permissions: { staff: [], manager: [] },
      idleLockMinutes: null,
      trainingPins: null,
    });
  }

  it('shows the members read-only; a member the office added gets a PIN here, as the office says them', async () => {
    fake = bridge(
      view({
        managed: { items: false, discountReasons: false, staff: true },
        awaitingPin: [{ id: 's-new', name: '新人', role: 'staff' }],
      }),
    );
    fake.handle('staff.get', () => staffed(['staff', 'settings']));
    fake.handle('staff.list', () => ({
      members: [{ id: 'owner-1', name: '山本', role: 'owner', card: null, updatedAt: 1 }],
      unreadable: [],
    }));
    fake.handle('staff.save', (request) => ({
      id: request.id!,
      name: request.name,
      role: request.role,
      card: null,
      updatedAt: 2,
    }));
    fake.handle('staff.policy', () => staffed(['staff', 'settings']));
    const r = await renderApp(fake, { lang: 'en' });
    await act(async () => r.app.stores.nav.getState().go({ name: 'staff' }));
    await settle();
    expect(screen.getByText('Managed by the head office')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add someone' })).toBeNull();
    await r.user.tap(screen.getByRole('button', { name: 'Set the PIN: 新人' }));
    const form = within(screen.getByRole('form', { name: 'Set the PIN: 新人' }));
    const name = form.getByLabelText('Display name') as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(name.value).toBe('新人');
    expect((form.getByLabelText('Role') as HTMLSelectElement).disabled).toBe(true);
    expect((form.getByLabelText(/^PIN/) as HTMLInputElement).required).toBe(true);
    await r.user.fill(form.getByLabelText(/^PIN/), '1357');
    await r.user.tap(form.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('staff.save')).toEqual([
      { id: 's-new', name: '新人', role: 'staff', pin: '1357', newCard: false },
    ]);
  });
});
