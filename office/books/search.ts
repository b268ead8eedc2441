/**
 * Searching the books (電子帳簿保存法's 検索要件: date range, amount range, counterparty; and the
 * booking's number, staff): one store's records, newest first, a page at a time. Dates, amounts,
 * numbers and staff are columns with indexes; a guest's name is found by its keyed terms (GIN) and
 * each candidate's sealed keys are opened to check (guest-terms.ts). The page's next key is the
 * last row looked at, so a page of few matches among many candidates still moves on.
 */
import type { OfficeContext } from '../context';
import { rows } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import { dataKey } from '../records/records';
import type { RecordSummary, SearchAnswer, SearchQuery } from '../protocol/web';
import { guestKeys, keysMatch, queryForms, queryTerms, searchKey } from './guest-terms';
import { openGuest, SUMMARY_COLUMNS, SummaryRow, summaryOf } from './record-rows';
import { z } from 'zod';

const PAGE = 50;
/** Candidates read per round, and rounds per page: a name query reads at most this many rows. */
const CHUNK = 200;
const ROUNDS = 25;

const Cursor = z.tuple([z.string(), z.number(), z.string(), z.string()]);
type Cursor = z.infer<typeof Cursor>;
const cursorOf = (r: SummaryRow): Cursor => [
  r.business_date ?? '',
  r.at ?? 0,
  r.counter_id,
  r.record_id,
];
function decode(after: string | undefined): Cursor | null {
  if (!after) return null;
  try {
    return Cursor.parse(JSON.parse(Buffer.from(after, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

export async function searchBooks(
  ctx: OfficeContext,
  tenant: Tenant,
  query: SearchQuery,
): Promise<SearchAnswer> {
  const started = performance.now();
  return asTenant(ctx.db, tenant, async (tx) => {
    const key = await dataKey(ctx, tx, tenant.orgId);
    const forms = query.guest ? queryForms(query.guest) : [];
    if (query.guest && forms.length === 0)
      return { records: [], next: null, tookMs: performance.now() - started };
    const sk = searchKey(key);
    const params: unknown[] = [query.storeId, query.from, query.to];
    const where = [`r.store_id = $1`, `r.stream = 'journal'`, `r.business_date BETWEEN $2 AND $3`];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.min !== undefined) where.push(`abs(r.amount) >= ${param(query.min)}`);
    if (query.max !== undefined) where.push(`abs(r.amount) <= ${param(query.max)}`);
    if (query.reservation) where.push(`r.reservation_key = upper(${param(query.reservation)})`);
    if (query.staff) {
      const p = param(query.staff);
      where.push(`(r.staff_id = ${p} OR r.staff_name ILIKE '%' || ${p} || '%')`);
    }
    // A guest's candidates come from the terms' index through office_guest_matches (AB85): @>
    // under the row policy would read the whole range.
    const guestForms =
      forms.length > 0 ? param(forms.map((f) => `{${queryTerms(sk, f).join(',')}}`)) : null;
    const cursorAt = params.length;
    const after = (r: string, at: string) =>
      `($${cursorAt + 1}::date IS NULL
        OR (${r}business_date, ${at}, ${r}counter_id, ${r}record_id)
           < ($${cursorAt + 1}::date, $${cursorAt + 2}::bigint, $${cursorAt + 3}, $${cursorAt + 4}))`;
    const order = (r: string, at: string) =>
      `ORDER BY ${r}business_date DESC, ${at} DESC, ${r}counter_id DESC, ${r}record_id DESC
       LIMIT $${cursorAt + 5}`;
    const counters = `JOIN counters c
      ON c.org_id = r.org_id AND c.store_id = r.store_id AND c.counter_id = r.counter_id`;
    const filtered = `SELECT ${SUMMARY_COLUMNS} FROM records r ${counters}
       WHERE ${where.join(' AND ')} AND ${after('r.', 'coalesce(r.at, 0)')}`;
    // A guest's candidates in their order, each record read (under the policy) until the chunk is
    // full; a booking's number names a record or two, found by its index, then put in order; the
    // other searches read the records in their order from the index's end (AB85).
    const sql = guestForms
      ? `WITH m AS MATERIALIZED (
           SELECT * FROM office_guest_matches($1, $2, $3, ${guestForms}::text[]))
         SELECT ${SUMMARY_COLUMNS} FROM m
           JOIN records r ON r.store_id = $1 AND r.counter_id = m.counter_id
                         AND r.record_id = m.record_id
           ${counters}
          WHERE ${where.join(' AND ')} AND ${after('m.', 'm.at0')}
          ${order('m.', 'm.at0')}`
      : query.reservation
        ? `WITH found AS MATERIALIZED (${filtered}) SELECT * FROM found ${order('', 'coalesce(at, 0)')}`
        : `${filtered} ${order('r.', 'coalesce(r.at, 0)')}`;
    const found: RecordSummary[] = [];
    let cursor = decode(query.after);
    let next: Cursor | null = null;
    const limit = forms.length > 0 ? CHUNK : PAGE + 1;
    rounds: for (let round = 0; round < ROUNDS; round++) {
      const got = await rows(tx, SummaryRow, sql, [
        ...params,
        ...(cursor ?? [null, null, null, null]),
        limit,
      ]);
      for (const r of got) {
        if (forms.length > 0) {
          const guest = openGuest(key, r);
          if (!guest || !forms.some((f) => keysMatch(guestKeys(guest), f))) {
            cursor = cursorOf(r);
            continue;
          }
        }
        // One more match than a page: there is a next page, from the page's last record.
        if (found.length === PAGE) {
          next = cursor;
          break rounds;
        }
        found.push(summaryOf(key, r));
        cursor = cursorOf(r);
      }
      if (got.length < limit) break;
      // Rounds spent on candidates that were no match: the person may go on from here.
      if (round === ROUNDS - 1) next = cursor;
    }
    return {
      records: found,
      next: next ? Buffer.from(JSON.stringify(next)).toString('base64url') : null,
      tookMs: Math.round(performance.now() - started),
    };
  });
}
