/**
 * A walk-in priced offline (decision J22): the last calculate of the same product and party, else
 * the cached list prices × the party, given marked unconfirmed with its source and age; the sale
 * taken against it keeps priceConfirmed false and that amount. Nothing known: no price, as before.
 * Online nothing changes. The last prices are kept in the store's folder (J23): a counter restarted
 * offline still offers them; a damaged file is set aside, logged, not on the banner, and rebuilt.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import type { Product } from '../../../main/api/schemas';
import { LATER, P, cutLink, restoreLink, setUp, startHarness, type Harness } from '../support';

let h: Harness;
const session = () => h.desk.session!;
/** The counter's time (the harness's clock, corrected to the service's). */
const clock = () => session().now();

beforeAll(async () => {
  h = await startHarness();
  await setUp(h);
  await h.call('day.get', { date: LATER });
});
afterAll(() => h.close());

const draft = (adults: number, children = 0, lastName = 'オフライン') =>
  ({
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults,
    children,
    participants: [],
    customer: { lastName },
  }) satisfies Request<'walkin.quote'>;

it('offline: the last known price, marked unconfirmed; the sale taken against it is unconfirmed', async () => {
  const before = clock();
  const online = await h.call('walkin.quote', draft(2));
  const after = clock();
  // Online: the service's price, unmarked, as before.
  expect(online.problems).toEqual([]);
  expect(online.price).not.toBeNull();
  expect(online.price!.unconfirmed).toBeUndefined();
  const serviceTotal = online.price!.total;

  cutLink(h.sb);
  try {
    // The link found down by the quote itself: answered as offline, and the desk knows it after.
    const found = await h.call('walkin.quote', draft(2));
    expect((await h.call('status.get', {})).link).toBe('offline');
    expect(found.price?.unconfirmed?.source).toBe('calculate');

    const same = await h.call('walkin.quote', draft(2));
    expect(same.problems).toEqual([
      expect.objectContaining({ field: 'price', code: 'PRICE_OFFLINE' }),
    ]);
    expect(same.price).toMatchObject({
      total: serviceTotal,
      subtotal: serviceTotal,
      discounts: [],
      unconfirmed: { source: 'calculate' },
    });
    expect(same.price!.unconfirmed!.at).toBeGreaterThanOrEqual(before);
    expect(same.price!.unconfirmed!.at).toBeLessThanOrEqual(after);

    // Another party of the same product: never calculated, so the list prices × the party.
    const catalogue = session().local.cache.catalogue()!;
    const listed = catalogue.products.find((p) => p.id === P.apiTest)!.prices!;
    const other = await h.call('walkin.quote', draft(3, 1));
    expect(other.price).toMatchObject({
      total: listed.adult * 3 + listed.child,
      unconfirmed: { source: 'list', at: catalogue.fetchedAt },
    });

    // A draft with problems: those, and no price.
    const wrong = await h.call('walkin.quote', { ...draft(2), customer: { lastName: '' } });
    expect(wrong.price).toBeNull();

    // The sale: taken against the last known price (no `quoted`: not the service's), unconfirmed.
    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      ...draft(2, 0, '未確定料金'),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: null,
      tender: { lines: [{ method: 'cash', amount: serviceTotal, received: serviceTotal }] },
    });
    expect(booked.outcome).toBe('queued');
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === booked.saleId,
    )!;
    expect(entry).toMatchObject({ amount: serviceTotal, priceConfirmed: false });
  } finally {
    restoreLink(h.sb);
  }
});

it('kept on disk: learnt, the desk closed, reopened offline → the quote offers it unconfirmed', async () => {
  // A desk started with the link up (the test before left it found down).
  await h.restart();
  const learnt = await h.call('walkin.quote', draft(6));
  expect(learnt.price!.unconfirmed).toBeUndefined();
  const serviceTotal = learnt.price!.total;
  const learntAt = clock();
  const file = path.join(session().local.files.root, 'prices', 'last.json');
  // In clear: the shop's prices, no guest (the draft's name is nowhere in it).
  const kept = readFileSync(file, 'utf8');
  expect(kept).toContain(P.apiTest);
  expect(kept).not.toContain('オフライン');

  cutLink(h.sb);
  try {
    await h.restart();
    const offline = await h.call('walkin.quote', draft(6));
    expect(offline.problems).toEqual([
      expect.objectContaining({ field: 'price', code: 'PRICE_OFFLINE' }),
    ]);
    expect(offline.price).toMatchObject({
      total: serviceTotal,
      unconfirmed: { source: 'calculate' },
    });
    expect(offline.price!.unconfirmed!.at).toBeLessThanOrEqual(learntAt);

    // A damaged file: set aside and logged, the list prices offered, nothing on the banner.
    writeFileSync(file, '{"v":1,"prices":[{"productId":');
    await h.restart();
    const damaged = await h.call('walkin.quote', draft(6));
    expect(damaged.price?.unconfirmed?.source).toBe('list');
    expect(
      h.logs.some((l) => l.event === 'cache.file_set_aside' && String(l.file).includes('prices')),
    ).toBe(true);
    expect(readdirSync(path.dirname(file)).some((f) => f.startsWith('last.json.corrupt-'))).toBe(
      true,
    );
    expect(JSON.stringify((await h.call('status.get', {})).damage)).not.toContain('prices');
  } finally {
    restoreLink(h.sb);
  }
  // Back online (a desk started with the link up): the next calculate rebuilds the file.
  await h.restart();
  const again = await h.call('walkin.quote', draft(6));
  expect(again.price!.unconfirmed).toBeUndefined();
  expect(existsSync(file)).toBe(true);
  expect(JSON.parse(readFileSync(file, 'utf8')).prices).toHaveLength(1);
});

it('offline with nothing known (no calculate, no list prices): no price, as before', async () => {
  const cache = session().local.cache;
  const { products, store } = cache.catalogue()!;
  cache.saveCatalogue(
    products.map(({ prices: _prices, ...p }) => p as Product),
    store,
  );
  cutLink(h.sb);
  try {
    await h.call('walkin.quote', draft(4));
    expect((await h.call('status.get', {})).link).toBe('offline');
    const quote = await h.call('walkin.quote', draft(5));
    expect(quote).toEqual({
      price: null,
      problems: [expect.objectContaining({ field: 'price', code: 'PRICE_OFFLINE' })],
    });
  } finally {
    restoreLink(h.sb);
  }
});
