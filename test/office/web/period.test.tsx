// @vitest-environment happy-dom
/** Period: each chart has its table (its text alternative), the previous period beside by day. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { yen } from '../../../office/web/src/format';
import { periodAnswer, signedIn, STORE_A } from './support/fake-office';
import { renderPage } from './support/render';

afterEach(cleanup);

it('draws each breakdown with its table, asked for the unit, day and store chosen', async () => {
  const office = signedIn('owner', {
    'GET /v1/web/period': (sent) => ({ body: periodAnswer(sent.query.get('storeId')) }),
  });
  renderPage('/app/period', office);
  // The period's page is a chunk of its own (Chart.js): its first load takes a moment.
  const byDay = await screen.findByRole(
    'figure',
    { name: '日別売上(前期間と比較)' },
    { timeout: 10_000 },
  );
  const rows = within(byDay).getAllByRole('row');
  expect(rows[0]!.textContent).toContain('今期間');
  expect(rows[0]!.textContent).toContain('前期間');
  expect(
    within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([yen(5000), yen(4000)]);
  const methods = screen.getByRole('figure', { name: '支払方法別' });
  expect(within(methods).getByText('カード · VISA')).toBeTruthy();
  expect(
    within(screen.getByRole('figure', { name: '時間帯別売上' })).getByText('10時'),
  ).toBeTruthy();
  expect(screen.getByRole('figure', { name: '店舗別売上' })).toBeTruthy();
  expect(office.calls('GET /v1/web/period')[0]!.query.get('storeId')).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: '週' }));
  fireEvent.change(screen.getByLabelText('日付(期間内の任意の日)'), {
    target: { value: '2026-12-09' },
  });
  fireEvent.change(screen.getByLabelText('店舗'), { target: { value: STORE_A } });
  fireEvent.click(screen.getByRole('button', { name: '表示' }));
  await expect.poll(() => office.calls('GET /v1/web/period').length).toBe(2);
  const asked = office.calls('GET /v1/web/period')[1]!;
  expect(Object.fromEntries(asked.query)).toEqual({
    unit: 'week',
    date: '2026-12-09',
    storeId: STORE_A,
  });
  // One store: no chart by store.
  await expect.poll(() => screen.queryByRole('figure', { name: '店舗別売上' })).toBeNull();
});
