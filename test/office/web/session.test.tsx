// @vitest-environment happy-dom
/** Signing in and out, the CSRF token on every change, a 401 anywhere back to sign-in. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../office/protocol/web';
import { fakeOffice, live, liveStore, MAPPING, me, signedIn } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

const unauthorised = {
  status: 401,
  body: { error: { code: 'unauthorised', message: 'log in first' } },
};

it('signs in, then sends the CSRF token of the sign-in with what it changes', async () => {
  let signedInNow = false;
  const office = fakeOffice({
    'GET /v1/web/me': () => (signedInNow ? { body: me('owner', 'csrf-2') } : unauthorised),
    'POST /v1/web/login': (sent) => {
      const { password } = sent.body as { password: string };
      if (password !== 'correct horse battery staple')
        return {
          status: 401,
          body: { error: { code: 'unauthorised', message: 'wrong e-mail or password' } },
        };
      signedInNow = true;
      return { body: me('owner', 'csrf-2') };
    },
    'GET /v1/web/live': { body: live([liveStore('嵐山店')]) },
    'GET /v1/web/accounts': { body: MAPPING },
    'PUT /v1/web/accounts': { body: MAPPING },
    'POST /v1/web/logout': { body: { loggedOut: true } },
  });
  renderPage('/app/accounts', office);
  await screen.findByRole('heading', { name: 'サインイン' });
  fireEvent.change(screen.getByLabelText('メールアドレス'), {
    target: { value: 'owner@example.jp' },
  });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'サインイン' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'メールアドレスまたはパスワードが違います。',
  );
  expect(office.calls('POST /v1/web/login')[0]!.headers[CSRF_HEADER]).toBeUndefined();

  fireEvent.change(screen.getByLabelText('パスワード'), {
    target: { value: 'correct horse battery staple' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'サインイン' }));
  const sales = await screen.findByLabelText<HTMLInputElement>('売上');
  expect(sales.value).toBe('売上高');
  expect(office.calls('GET /v1/web/accounts')[0]!.headers[CSRF_HEADER]).toBeUndefined();

  fireEvent.change(sales, { target: { value: '売上高(体験)' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('保存しました。')).toBeTruthy();
  const [put] = office.calls('PUT /v1/web/accounts');
  expect(put!.headers[CSRF_HEADER]).toBe('csrf-2');
  expect(put!.body).toMatchObject({
    sales: '売上高(体験)',
    methods: { card: '売掛金' },
    subAccounts: { 'card:VISA': 'VISA' },
  });

  await act(async () => screen.getByRole('button', { name: 'サインアウト' }).click());
  expect(office.calls('POST /v1/web/logout')[0]!.headers[CSRF_HEADER]).toBe('csrf-2');
  expect(await screen.findByRole('heading', { name: 'サインイン' })).toBeTruthy();
});

it('says so when sign-in is rate-limited', async () => {
  const office = fakeOffice({
    'GET /v1/web/me': unauthorised,
    'POST /v1/web/login': {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'too many tries: wait a while' } },
    },
  });
  renderPage('/', office);
  await screen.findByRole('heading', { name: 'サインイン' });
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'a@example.jp' } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'x' } });
  fireEvent.click(screen.getByRole('button', { name: 'サインイン' }));
  expect((await screen.findByRole('alert')).textContent).toContain('試行が多すぎます');
});

it('goes back to sign-in when any answer says the session ended', async () => {
  const office = signedIn('owner', { 'GET /v1/web/live': unauthorised });
  renderPage('/app/today', office);
  expect(await screen.findByRole('heading', { name: 'サインイン' })).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'メニュー' })).toBeNull();
});

it('never shows a blank page when the office cannot be reached', async () => {
  const office = {
    fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch,
  };
  renderPage('/app/today', office);
  expect((await screen.findByRole('alert')).textContent).toContain(
    '本部のサーバーに接続できません',
  );
  expect(screen.getByRole('button', { name: 'もう一度' })).toBeTruthy();
});

it('adds a user with the CSRF token', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/users': { body: { users: [] } },
    'POST /v1/web/users': { status: 201, body: {} },
  });
  renderPage('/app/users', office);
  await screen.findByRole('heading', { name: 'ユーザー' });
  fireEvent.change(screen.getByLabelText('メールアドレス'), {
    target: { value: 'Mgr@Example.jp' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: '祇園店' }));
  fireEvent.change(screen.getByLabelText('最初のパスワード(12文字以上)'), {
    target: { value: 'a long first password' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'ユーザーを追加' }));
  expect(await screen.findByText('mgr@example.jp を追加しました。')).toBeTruthy();
  const [post] = office.calls('POST /v1/web/users');
  expect(post!.headers[CSRF_HEADER]).toBe('csrf-token-1');
  expect(post!.body).toMatchObject({
    email: 'mgr@example.jp',
    role: 'manager',
    storeIds: [expect.any(String)],
  });
  expect(office.calls('GET /v1/web/users')).toHaveLength(2);
});
