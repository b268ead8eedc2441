// @vitest-environment happy-dom
/** A record: its history oldest first, who approved, and its receipts drawn as copies, marked so. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { recordDetail, signedIn } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

it('draws each receipt as a copy, marked 「控え」 or COPY in its own language', async () => {
  renderPage(
    '/app/records/key-j-1',
    signedIn('owner', { 'GET /v1/web/records/key-j-1': { body: recordDetail() } }),
  );
  const ja = await screen.findByRole('article', { name: '控え: 領収書' });
  expect(within(ja).getByText('控え', { selector: '.copy-mark' })).toBeTruthy();
  expect(within(ja).getByRole('heading', { name: '領収書' })).toBeTruthy();
  expect(within(ja).getByText('山田 花子 様')).toBeTruthy();
  expect(within(ja).getByText('予約番号: R-100')).toBeTruthy();
  const en = screen.getByRole('article', { name: 'COPY: Receipt' });
  expect(en.getAttribute('lang')).toBe('en');
  expect(within(en).getByText('COPY · Reprint', { selector: '.copy-mark' })).toBeTruthy();
  expect(
    screen.getByText('発行時の内容を本部で表示した控えです。原本ではありません。'),
  ).toBeTruthy();
});

it('lists its history oldest first, with who approved the correction', async () => {
  renderPage(
    '/app/records/key-j-1',
    signedIn('owner', { 'GET /v1/web/records/key-j-1': { body: recordDetail() } }),
  );
  const history = await screen.findByRole('list', { name: '履歴(古い順)' });
  const items = within(history).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    expect.stringContaining('売上 (この記録)'),
    expect.stringContaining('領収書・レシートの発行'),
    expect.stringMatching(/訂正.*承認者: 店長 佐藤/),
  ]);
});

it('says plainly when the record is not there', async () => {
  renderPage('/app/records/nope', signedIn('owner'));
  expect((await screen.findByRole('alert')).textContent).toContain('見つかりません。');
});
