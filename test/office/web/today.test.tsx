// @vitest-environment happy-dom
/** Today, live: flagged stores first and marked in words, the poll updating in place, 1 000 stores. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { yen } from '../../../office/web/src/format';
import { live, liveStore, signedIn, STORE_A } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const headings = () =>
  screen
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 2 }).textContent);

it('shows flagged stores first, saying why in words', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/live': {
      body: live([
        liveStore('あ店'),
        liveStore('か店', { flags: ['close_difference'] }),
        liveStore('さ店'),
        liveStore('た店', { flags: ['not_closed_yesterday', 'damaged_records'] }),
      ]),
    },
  });
  renderPage('/app/today', office);
  await screen.findByText('更新 10:00:00');
  expect(headings()).toEqual(['⚠ 要確認: か店', '⚠ 要確認: た店', 'あ店', 'さ店']);
  const flagged = screen.getByRole('article', { name: /た店/ });
  expect(within(flagged).getByText('昨日のレジ締めがありません')).toBeTruthy();
  expect(within(flagged).getByText('読めない記録があります')).toBeTruthy();
  expect(screen.getByText('4店舗中 4店舗を表示(要確認 2店舗)', { exact: false })).toBeTruthy();
  // A counter's state: open, what it has still to send, who is on the till.
  expect(within(flagged).getByText(/本部へ未送信 2件/)).toBeTruthy();
  expect(within(flagged).getByText('山田')).toBeTruthy();
  // Methods in the shared words, brand beside.
  expect(within(flagged).getByText('カード · VISA')).toBeTruthy();
});

it('polls every 2 s and updates in place, without a reload', async () => {
  vi.useFakeTimers({ now: Date.parse('2026-12-07T01:00:00Z') });
  let n = 0;
  const office = signedIn('owner', {
    'GET /v1/web/live': () => {
      n += 1;
      const at = new Date(Date.parse('2026-12-07T01:00:00Z') + (n - 1) * 2000).toISOString();
      return { body: live([liveStore('嵐山店', { id: STORE_A, total: n * 1000 })], at) };
    },
  });
  renderPage('/app/today', office, { pollMs: 2000 });
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByText('更新 10:00:00')).toBeTruthy();
  expect(screen.getByText(yen(1000), { selector: '.store-total strong' })).toBeTruthy();
  // What the person typed stays: the page is updated, not reloaded.
  const filter = screen.getByLabelText('店舗名で絞り込み');
  fireEvent.change(filter, { target: { value: '嵐' } });
  const card = screen.getByRole('article');

  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(screen.getByText('更新 10:00:02')).toBeTruthy();
  expect(screen.getByText(yen(2000), { selector: '.store-total strong' })).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>('店舗名で絞り込み').value).toBe('嵐');
  expect(screen.getByRole('article')).toBe(card);
  expect(office.calls('GET /v1/web/live')).toHaveLength(2);
  expect(office.calls('GET /v1/web/me')).toHaveLength(1);
});

it('keeps the last figures and says so when an update fails, then carries on', async () => {
  vi.useFakeTimers({ now: Date.parse('2026-12-07T01:00:00Z') });
  let n = 0;
  const office = signedIn('owner', {
    'GET /v1/web/live': () => {
      n += 1;
      return n === 2
        ? { status: 500, body: { error: { code: 'internal', message: 'the office failed' } } }
        : { body: live([liveStore('嵐山店', { total: n * 1000 })]) };
    },
  });
  renderPage('/app/today', office, { pollMs: 2000 });
  await act(() => vi.advanceTimersByTimeAsync(0));
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(screen.getByRole('alert').textContent).toContain(
    '更新できませんでした(最後の更新 10:00:00)',
  );
  expect(screen.getByText(yen(1000), { selector: '.store-total strong' })).toBeTruthy();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText(yen(3000), { selector: '.store-total strong' })).toBeTruthy();
});

it('stays usable with 1 000 stores: a page of cards, the flagged first, a filter', async () => {
  const stores = Array.from({ length: 1000 }, (_, i) =>
    liveStore(`店舗${String(i).padStart(4, '0')}`, i === 777 ? { flags: ['damaged_records'] } : {}),
  );
  renderPage('/app/today', signedIn('owner', { 'GET /v1/web/live': { body: live(stores) } }));
  await screen.findByText('更新 10:00:00');
  expect(screen.getAllByRole('article')).toHaveLength(20);
  expect(headings()[0]).toBe('⚠ 要確認: 店舗0777');
  expect(screen.getByText('1 / 50 ページ')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '次へ' }));
  expect(screen.getByText('2 / 50 ページ')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('店舗名で絞り込み'), { target: { value: '店舗09' } });
  expect(screen.getAllByRole('article')).toHaveLength(20);
  expect(screen.getByText('1 / 5 ページ')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('店舗名で絞り込み'), {
    target: { value: '店舗０５００' },
  });
  expect(headings()).toEqual(['店舗0500']);
});
