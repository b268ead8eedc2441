/**
 * The books in a test: records with the facts a counter sends (office/protocol/books.ts) made in
 * a line each, and a person signed in to the web API through its cookie and CSRF token.
 */
import type { Office } from '../../office/office';
import { NO_FACTS, type BookFacts } from '../../office/protocol/books';
import { CSRF_HEADER } from '../../office/protocol/web';
import type { OfficeRecord } from '../../office/protocol/wire';
import { PASSWORD } from './office';

let ids = 0;

/** A record with its facts: a cash walk-in sale of `amount` at 10 % unless told otherwise. */
export function booked(
  seq: number,
  options: {
    kind?: string;
    amount?: number;
    date?: string;
    at?: number;
    facts?: Partial<BookFacts>;
    id?: string;
  } = {},
): OfficeRecord {
  const amount = options.amount ?? 1000;
  const kind = options.kind ?? 'sale';
  const id = options.id ?? `rec-${++ids}-${seq}`;
  const facts: BookFacts = {
    ...NO_FACTS,
    payments: [{ method: 'cash', brand: null, amount }],
    taxes: [{ rate: 10, gross: amount, tax: Math.floor((amount * 10) / 110) }],
    sale: kind === 'sale' ? 'walk_in' : null,
    ...options.facts,
  };
  return {
    seq,
    stream: 'journal',
    id,
    businessDate: options.date ?? '2026-12-07',
    at: options.at ?? Date.parse(`${options.date ?? '2026-12-07'}T01:00:00Z`) + seq * 1000,
    kind,
    amount,
    body: { id, kind, note: null, customerName: facts.guest?.name ?? null },
    problem: null,
    facts,
  };
}

export interface WebSession {
  cookie: string;
  csrf: string;
  me: any;
}

/** Signs in through POST /v1/web/login, as the page does. */
export async function webSignIn(
  office: Office,
  email: string,
  password = PASSWORD,
): Promise<WebSession> {
  const res = await office.app.inject({
    method: 'POST',
    url: '/v1/web/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const me = JSON.parse(res.body);
  return { cookie, csrf: me.csrf, me };
}

/** One request of the web API as the signed-in page makes it (cookie, and CSRF on changes). */
export async function web(
  office: Office,
  session: WebSession | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const res = await office.app.inject({
    method,
    url,
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      ...(session && method !== 'GET' ? { [CSRF_HEADER]: session.csrf } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    body: type.includes('json') && res.body ? JSON.parse(res.body) : res.body,
    headers: res.headers,
  };
}
