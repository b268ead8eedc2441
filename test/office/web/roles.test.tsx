// @vitest-environment happy-dom
/** Each role is offered only its pages (the office refuses the rest too), and the header says who. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Role } from '../../../office/protocol/web';
import { signedIn } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

const links = async () => {
  const nav = await screen.findByRole('navigation', { name: 'メニュー' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

it.each<[Role, string[]]>([
  ['owner', ['本日', '期間の集計', '記録の検索', '書き出し', 'リスト', '勘定科目', 'ユーザー']],
  ['accountant', ['本日', '期間の集計', '記録の検索', '書き出し', 'リスト']],
  ['manager', ['本日', '期間の集計', '記録の検索', 'リスト']],
])('offers a %s only their pages', async (role, expected) => {
  renderPage('/app/today', signedIn(role));
  expect(await links()).toEqual(expected);
  expect(screen.getByText('京都体験株式会社')).toBeTruthy();
});

it('shows Today, not an owner page, to a manager who opens its address', async () => {
  const office = signedIn('manager');
  renderPage('/app/users', office);
  expect(await screen.findByRole('heading', { name: /本日の状況/ })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'ユーザー' })).toBeNull();
  expect(office.calls('GET /v1/web/users')).toHaveLength(0);
});

it('says who is signed in and as what, in English too', async () => {
  renderPage('/app/today', signedIn('accountant'));
  expect(await screen.findByText('accountant@example.jp(経理担当)')).toBeTruthy();
  screen.getByRole('button', { name: '表示言語: English' }).click();
  expect(await screen.findByText('accountant@example.jp (Accountant)')).toBeTruthy();
  expect(document.documentElement.lang).toBe('en');
});
