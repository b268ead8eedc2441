/**
 * The calculation's fields are not shown by the spec (§2.7): a service answering the price in a
 * shape of its own leaves the walk-in without a price — said plainly (`PRICE_UNREADABLE`) — and
 * the walk-in still books, as it does offline; nothing is made up from elsewhere (rule 2).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { sendJson, startProxy, type RecordingProxy } from '../../api/helpers';
import { KYOTO, LATER, P, startHarness, type Harness } from '../support';

let h: Harness;
let proxy: RecordingProxy;

beforeAll(async () => {
  h = await startHarness();
  proxy = await startProxy(h.sb.baseUrl, (hit, res) => {
    if (hit.method !== 'POST' || !hit.url.split('?')[0]!.endsWith('/reservations/calculate'))
      return false;
    sendJson(res, 200, { quote: { amount: '¥9,000', note: 'tax included' } });
    return true;
  });
  await h.call('setup.saveKey', {
    apiKey: h.sb.key('org-facility'),
    serviceUrl: proxy.url,
    storeId: KYOTO,
    plan: 'facility',
  });
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
});

it('a price answered in another shape: no price, said why; the walk-in books all the same', async () => {
  const draft = {
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName: '料金不明' },
  } satisfies Request<'walkin.quote'>;
  const quote = await h.call('walkin.quote', draft);
  expect(quote.price).toBeNull();
  expect(quote.problems).toMatchObject([{ field: 'price', code: 'PRICE_UNREADABLE' }]);

  const booked = await h.call('walkin.book', {
    draftId: randomUUID(),
    ...draft,
    sendConfirmationEmail: false,
    locale: 'ja',
    quoted: null,
  });
  expect(booked.outcome).toBe('booked');
  expect(
    h.sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === '料金不明'),
  ).toHaveLength(1);
});
