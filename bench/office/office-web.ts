/**
 * The owner's books as the owner feels them (issue 41), from a real Chromium over HTTPS to the
 * office's own process on PostgreSQL, after the 1 000-store day of office.bench.ts:
 *
 * - today live for 1 000 stores: the page's request to its parsed answer, p95 (≤ 300 ms);
 * - a month's charts for the chain, and the month before beside it (≤ 1 s): the month's other
 *   days are the measured day's totals copied in SQL (the ingest that makes them is measured
 *   above; sending 30 × 900 000 records would only repeat it);
 * - search over a store-year (3 counters × 300 records × 365 days, sent through the office's API
 *   as counters send them): by guest name, amount, booking number and staff, p95 (≤ 1 s).
 */
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { chromiumLaunchOptions } from '../../test/e2e/support/chromium';
import {
  BatchAnswer,
  MAX_BATCH,
  type EnrolAnswer,
  type OfficeRecord,
} from '../../office/protocol/wire';
import { quantile } from '../days.bench';
import { atMost, exactly, type Figure } from '../figures';
import { counterDay } from './day-records';
import { OWNER, pool, storeWithCounters, type OfficeProcess } from './office-process';

const YEAR_DAYS = Number(process.env.FRONT_DESK_BENCH_OFFICE_YEAR_DAYS ?? 365);
const RECORDS = 300;
const RUNS = 20;
const WARM = 2;

/** Copies `day`'s totals of every store to the other days of its month and the month before. */
async function seedMonths(databaseUrl: string, day: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const first = `${day.slice(0, 7)}-01`;
    const inserted = await db.query(
      `INSERT INTO day_totals (org_id, store_id, business_date, key, label, count, amount)
       SELECT t.org_id, t.store_id, d::date, t.key, t.label, t.count, t.amount
         FROM day_totals t,
              generate_series(($2::date - interval '1 month'), ($2::date + interval '1 month' - interval '1 day'),
                              interval '1 day') AS d
        WHERE t.business_date = $1 AND d::date <> $1::date
       ON CONFLICT DO NOTHING`,
      [day, first],
    );
    // The copies moved the chain's day rows too (the trigger, decision AB80): folded now, as the
    // office's timer would have by the time an owner looks.
    await db.query('SELECT office_fold_chain(org_id) FROM organisations');
    await db.query('VACUUM ANALYZE day_totals, chain_day_totals, chain_day_moves');
    return inserted.rowCount ?? 0;
  } finally {
    await db.end();
  }
}

/** A store-year sent through the office's API: each counter's days in order, 500 a batch. */
async function sendYear(office: OfficeProcess, counters: EnrolAnswer[], lastDay: string) {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  await pool(
    counters.map((c, i) => [c, i] as const),
    counters.length,
    async ([counter, index]) => {
      let pending: OfficeRecord[] = [];
      let seq = 1;
      const flush = async () => {
        if (pending.length === 0) return;
        const answer = await office.client.send('POST', '/v1/device/records', counter.credential, {
          records: pending,
        });
        if (answer.status !== 200 || BatchAnswer.parse(answer.body).expected)
          throw new Error(`year batch: ${answer.status} ${JSON.stringify(answer.body)}`);
        pending = [];
      };
      for (let d = YEAR_DAYS - 1; d >= 0; d--) {
        const day = new Date(last - d * 86_400_000).toISOString().slice(0, 10);
        const records = counterDay({
          counterId: counter.counter.id,
          counterName: counter.counter.name,
          day,
          records: RECORDS,
          firstSeq: seq,
          salt: index * 10_000_000 + (YEAR_DAYS - d) * RECORDS,
          numberPrefix: `Y${index}`,
        });
        seq += records.length;
        for (const r of records) {
          pending.push(r);
          if (pending.length === MAX_BATCH) await flush();
        }
      }
      await flush();
    },
  );
}

/** One request of the web API from the page, to its parsed answer: ms, and what `pick` says. */
async function timed(
  page: Page,
  url: string,
): Promise<{ ms: number; size: number; status: number }> {
  return page.evaluate(async (u) => {
    const started = performance.now();
    const res = await fetch(u);
    const body = (await res.json()) as { stores?: unknown[]; records?: unknown[] };
    return {
      ms: performance.now() - started,
      size: body.stores?.length ?? body.records?.length ?? 0,
      status: res.status,
    };
  }, url);
}

async function p95Of(page: Page, url: string): Promise<{ p95: number; size: number }> {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < WARM + RUNS; i++) {
    const answer = await timed(page, url);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    size = answer.size;
    if (i >= WARM) times.push(answer.ms);
  }
  return { p95: quantile(times, 0.95), size };
}

export async function runOfficeWebBench(
  office: OfficeProcess,
  databaseUrl: string,
  day: string,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const seeded = await seedMonths(databaseUrl, day);
  console.log(
    `  ${seeded} day-total rows copied to the other days of ${day.slice(0, 7)} and the month before`,
  );

  const [yearStore] = await Promise.all([storeWithCounters(office, 'A store-year', 3)]);
  const counters = yearStore;
  const sending = performance.now();
  await sendYear(office, counters, day);
  const sent = counters.length * RECORDS * YEAR_DAYS;
  console.log(
    `  a store-year (${sent} records) sent through the office's API in ${((performance.now() - sending) / 1000).toFixed(1)} s`,
  );
  const storeId = counters[0]!.store.id;

  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    // The office's own CA is not the browser's: its certificate is accepted for this origin only.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    // The owner's page, whose policy lets it ask its own office (connect-src 'self').
    await page.goto(`${office.url}/`);
    const signedIn = await page.evaluate(async (owner) => {
      const res = await fetch('/v1/web/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(owner),
      });
      return res.status;
    }, OWNER);
    if (signedIn !== 200) throw new Error(`web sign-in: ${signedIn}`);

    const live = await p95Of(page, `/v1/web/live?date=${day}`);
    figures.push({
      ...atMost('office.live_page_p95', live.p95, 'ms', 300),
      note: `today for ${live.size} stores, from the page's request to its parsed answer in Chromium, over HTTPS`,
    });
    const month = await p95Of(page, `/v1/web/period?unit=month&date=${day}`);
    figures.push({
      ...atMost('office.month_chain_p95', month.p95, 'ms', 1000),
      note: 'a month of every store with the month before beside it: by day, product, method, hour, staff and store',
    });
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - (YEAR_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const range = `storeId=${storeId}&from=${from}&to=${day}`;
    const midDay = new Date(Date.parse(`${day}T00:00:00Z`) - Math.floor(YEAR_DAYS / 2) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const searches: [string, string][] = [
      ['guest', `&guest=${encodeURIComponent('たなかはなこ')}`],
      ['guest_kanji', `&guest=${encodeURIComponent('渡辺')}`],
      ['amount', '&min=4500&max=4500'],
      ['reservation', `&reservation=Y1-${midDay}-7`],
      ['staff', `&staff=${encodeURIComponent('石井')}`],
      ['no_match', `&guest=${encodeURIComponent('ほげほげ')}`],
    ];
    let worst = 0;
    for (const [name, query] of searches) {
      const found = await p95Of(page, `/v1/web/search?${range}${query}`);
      worst = Math.max(worst, found.p95);
      console.log(
        `    search by ${name}: p95 ${found.p95.toFixed(0)} ms, ${found.size} on the first page`,
      );
      if (name === 'reservation')
        figures.push(exactly('office.search_reservation_found', found.size, 'records', 1));
    }
    figures.push({
      ...atMost('office.search_store_year_p95', worst, 'ms', 1000),
      note: `the slowest of ${searches.length} searches over ${sent} records of one store (guest kana, kanji, amount, number, staff, a name none has), a page of 50`,
    });
  } finally {
    await browser.close();
  }
  return figures;
}
