/**
 * The accountant's files over HTTP: who may have them, the report beside the download, the
 * owner's account mapping changing what the files post to, and the bounds of one request.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS, ExportReport } from '../../../office/protocol/web';
import { booked, web, webSignIn, type WebSession } from '../../support/books';
import {
  call,
  enrolCounter,
  ownerWithStore,
  PASSWORD,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let storeId: string;
let owner: WebSession;
let accountant: WebSession;
let manager: WebSession;

beforeAll(async () => {
  office = await startTestOffice();
  let orgId: string;
  ({ orgId, storeId } = await ownerWithStore(office));
  const { credential } = await enrolCounter(office, orgId, storeId, 'c-1');
  const sent = await call(office, 'POST', '/v1/device/records', {
    token: credential,
    body: {
      records: [
        booked(1, { amount: 1100, id: 'cash-sale' }),
        booked(2, {
          amount: 5500,
          id: 'card-sale',
          facts: { payments: [{ method: 'card', brand: 'VISA', amount: 5500 }] },
        }),
        // From a counter older than the books: no facts.
        { ...booked(3, { amount: 2200, id: 'old-sale' }), facts: null },
      ],
    },
  });
  expect(sent.status).toBe(200);
  owner = await webSignIn(office, 'owner@example.jp');
  for (const [email, role] of [
    ['acc@example.jp', 'accountant'],
    ['mgr@example.jp', 'manager'],
  ] as const)
    expect(
      (
        await web(office, owner, 'POST', '/v1/web/users', {
          email,
          role,
          storeIds: [storeId],
          password: PASSWORD,
        })
      ).status,
    ).toBe(201);
  accountant = await webSignIn(office, 'acc@example.jp');
  manager = await webSignIn(office, 'mgr@example.jp');
}, 120_000);
afterAll(() => office.stop());

const range = () => `storeId=${storeId}&from=2026-12-01&to=2026-12-31`;

describe('exports', () => {
  it('弥生: a Shift_JIS attachment, and a report naming what it could not post and why', async () => {
    const file = await office.app.inject({
      method: 'GET',
      url: `/v1/web/exports/yayoi?${range()}`,
      headers: { cookie: accountant.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/shift_jis|cp932|windows-31j/i);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    const text = iconv.decode(file.rawPayload, 'cp932');
    expect(text).toContain('売掛金');
    expect(text).toContain('現金');
    const report = ExportReport.parse(
      (await web(office, accountant, 'GET', `/v1/web/exports/yayoi?${range()}&report=1`)).body,
    );
    expect(report.rows).toBeGreaterThan(0);
    expect(report.skipped).toEqual([
      expect.objectContaining({ recordId: 'old-sale', reason: 'no_facts' }),
    ]);
  });

  it('the journal CSV and freee’s files are UTF-8 with a BOM', async () => {
    for (const url of ['journal', 'freee', 'freee?freee=deals']) {
      const file = await office.app.inject({
        method: 'GET',
        url: `/v1/web/exports/${url}${url.includes('?') ? '&' : '?'}${range()}`,
        headers: { cookie: owner.cookie },
      });
      expect(file.statusCode, url).toBe(200);
      expect([...file.rawPayload.subarray(0, 3)], url).toEqual([0xef, 0xbb, 0xbf]);
    }
  });

  it('the owner’s account mapping is what the files post to', async () => {
    const saved = await web(office, owner, 'PUT', '/v1/web/accounts', {
      ...DEFAULT_ACCOUNTS,
      methods: { ...DEFAULT_ACCOUNTS.methods, card: '未収入金' },
    });
    expect(saved.status).toBe(200);
    expect((await web(office, accountant, 'GET', '/v1/web/accounts')).body.methods.card).toBe(
      '未収入金',
    );
    const file = await office.app.inject({
      method: 'GET',
      url: `/v1/web/exports/yayoi?${range()}`,
      headers: { cookie: owner.cookie },
    });
    expect(iconv.decode(file.rawPayload, 'cp932')).toContain('未収入金');
  });

  it('refuses a manager, an accountant’s change of accounts, and a range too wide or backwards', async () => {
    expect((await web(office, manager, 'GET', `/v1/web/exports/yayoi?${range()}`)).status).toBe(
      403,
    );
    expect((await web(office, manager, 'GET', '/v1/web/accounts')).status).toBe(403);
    expect(
      (await web(office, accountant, 'PUT', '/v1/web/accounts', DEFAULT_ACCOUNTS)).status,
    ).toBe(403);
    for (const dates of ['from=2025-01-01&to=2026-12-31', 'from=2026-12-31&to=2026-12-01'])
      expect(
        (await web(office, owner, 'GET', `/v1/web/exports/journal?storeId=${storeId}&${dates}`))
          .status,
      ).toBe(400);
    expect((await web(office, owner, 'GET', `/v1/web/exports/excel?${range()}`)).status).toBe(400);
  });
});
