// @vitest-environment happy-dom
/**
 * Exports: the report asked first and shown (what the file leaves out, and why), then the file
 * for the store, period and format chosen, saved under the office's name.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createClient, type Download } from '../../../office/web/src/api/client';
import { SessionContext } from '../../../office/web/src/app/context';
import { Exports } from '../../../office/web/src/pages/Exports';
import { ExportReport } from '../../../office/protocol/web';
import { me, fakeOffice, STORE_B } from './support/fake-office';

const REPORT = ExportReport.parse({
  fileName: 'freee_deals.csv',
  rows: 12,
  skipped: [
    {
      recordId: 'j-7',
      counterName: 'レジ1',
      businessDate: '2026-11-03',
      kind: 'cash',
      amount: 5000,
      reason: 'not_in_format',
      detail: 'a cash move is a 口座振替',
    },
  ],
  warnings: [],
});

afterEach(cleanup);

it('downloads the chosen export and says where a refusal came from', async () => {
  let refuse = false;
  const office = fakeOffice({
    'GET /v1/web/exports/freee': (sent) =>
      refuse
        ? { status: 403, body: { error: { code: 'forbidden', message: 'not yours' } } }
        : sent.query.get('report') === '1'
          ? { body: REPORT }
          : {
              body: '日付,金額\n',
              headers: {
                'content-disposition': `attachment; filename="freee.csv"; filename*=UTF-8''${encodeURIComponent('freee_祇園店.csv')}`,
              },
            },
  });
  const saved: Download[] = [];
  render(
    <SessionContext.Provider
      value={{ client: createClient({ fetch: office.fetch }), me: me('accountant') }}
    >
      <Exports saveFile={(file) => saved.push(file)} />
    </SessionContext.Provider>,
  );
  fireEvent.change(screen.getByLabelText('店舗'), { target: { value: STORE_B } });
  fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-30' } });
  fireEvent.click(screen.getByRole('radio', { name: 'freee 取込用' }));
  fireEvent.click(screen.getByRole('radio', { name: /^取引/ }));
  fireEvent.click(screen.getByRole('button', { name: 'ダウンロード' }));
  expect(await screen.findByText('freee_祇園店.csv をダウンロードしました。')).toBeTruthy();
  expect(saved.map((f) => f.name)).toEqual(['freee_祇園店.csv']);
  const [report, file] = office.calls('GET /v1/web/exports/freee');
  expect(Object.fromEntries(report!.query)).toEqual({
    storeId: STORE_B,
    from: '2026-11-01',
    to: '2026-11-30',
    freee: 'deals',
    report: '1',
  });
  expect(file!.query.get('report')).toBeNull();
  expect(file!.query.get('freee')).toBe('deals');
  // What the file leaves out is said beside it, with why.
  expect(screen.getByText('ファイルに含まれない記録 1件')).toBeTruthy();
  expect(screen.getByText('この形式では表せません(振替伝票で書き出してください)')).toBeTruthy();
  expect(screen.getByText('freee_deals.csv(12行)')).toBeTruthy();

  refuse = true;
  fireEvent.click(screen.getByRole('button', { name: 'ダウンロード' }));
  expect((await screen.findByRole('alert')).textContent).toContain('この操作の権限がありません。');
  expect(saved).toHaveLength(1);
});
