// @vitest-environment happy-dom
/** Search: the query sent as asked, pages added with `next`, the office's time shown, a record opened. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { recordDetail, searchPage, signedIn, STORE_B } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

it('pages through the answer with `next` and opens a record', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/search': (sent) =>
      sent.query.get('after') === 'cursor-1'
        ? { body: searchPage(['j-3'], null, 7) }
        : { body: searchPage(['j-1', 'j-2'], 'cursor-1', 12.4) },
    'GET /v1/web/records/key-j-1': { body: recordDetail() },
  });
  renderPage('/app/search', office);
  await screen.findByRole('heading', { name: '記録の検索' });
  fireEvent.change(screen.getByLabelText('店舗'), { target: { value: STORE_B } });
  fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-12-01' } });
  fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-12-07' } });
  fireEvent.change(screen.getByLabelText('金額(下限)'), { target: { value: '1000' } });
  fireEvent.change(screen.getByLabelText('お客様名'), { target: { value: ' 山田 ' } });
  fireEvent.click(screen.getByRole('button', { name: '検索' }));

  expect(await screen.findByText('2件以上(12ミリ秒)')).toBeTruthy();
  const [first] = office.calls('GET /v1/web/search');
  expect(Object.fromEntries(first!.query)).toEqual({
    storeId: STORE_B,
    from: '2026-12-01',
    to: '2026-12-07',
    min: '1000',
    guest: '山田',
  });
  expect(screen.getAllByRole('row')).toHaveLength(3);

  fireEvent.click(screen.getByRole('button', { name: '続きを表示' }));
  expect(await screen.findByText('3件(7ミリ秒)')).toBeTruthy();
  const second = office.calls('GET /v1/web/search')[1]!;
  expect(second.query.get('after')).toBe('cursor-1');
  expect(second.query.get('guest')).toBe('山田');
  expect(screen.getAllByRole('row')).toHaveLength(4);
  expect(screen.queryByRole('button', { name: '続きを表示' })).toBeNull();

  // A record opens in place; back finds the results as they were.
  await act(async () => screen.getByRole('link', { name: /記録 j-1 を開く/ }).click());
  expect(await screen.findByRole('heading', { name: '記録の詳細' })).toBeTruthy();
  expect(window.location.pathname).toBe('/app/records/key-j-1');
  await act(async () => screen.getByRole('link', { name: /検索結果に戻る/ }).click());
  expect(await screen.findByText('3件(7ミリ秒)')).toBeTruthy();
});

it('says a failure in place and keeps the form', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/search': {
      status: 500,
      body: { error: { code: 'internal', message: 'the office failed: try again' } },
    },
  });
  renderPage('/app/search', office);
  await screen.findByRole('heading', { name: '記録の検索' });
  fireEvent.change(screen.getByLabelText('予約番号'), { target: { value: 'R-1' } });
  fireEvent.click(screen.getByRole('button', { name: '検索' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('本部のサーバーでエラーが起きました');
  expect(alert.textContent).toContain('the office failed: try again');
  expect(screen.getByLabelText<HTMLInputElement>('予約番号').value).toBe('R-1');
  expect(within(document.body).getByRole('heading', { name: '記録の検索' })).toBeTruthy();
});
