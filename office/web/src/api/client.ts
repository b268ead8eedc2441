/**
 * The one way the page talks to the office (/v1/web): every answer is parsed with the protocol's
 * zod schemas (office/protocol/web.ts), every request that changes something carries the
 * session's CSRF token, and a 401 on anything but the sign-in itself ends the session in the page
 * (the app shows sign-in). Failures are ApiErrors with a kind the page has words for.
 */
import { z, type ZodType } from 'zod';
import {
  AccountMapping,
  CSRF_HEADER,
  ExportReport,
  LiveAnswer,
  Me,
  PeriodAnswer,
  RecordDetail,
  SearchAnswer,
  UserList,
  WEB_API,
  type ExportFormat,
  type NewUser,
  type SearchQuery,
} from '../../../protocol/web';
import { ListAnswer, type ListName } from '../../../protocol/lists';

export type ErrorKind =
  | 'network'
  | 'unauthorised'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'invalid'
  | 'server'
  | 'answer';

export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly status: number,
    /** The office's own message, shown small beside ours. */
    readonly detail: string | null = null,
  ) {
    super(`${kind} (${status})${detail ? `: ${detail}` : ''}`);
    this.name = 'ApiError';
  }
}

/** What the office answers when it starts or stops managing a list (office/lists/routes.ts). */
export const ManagedAnswer = z.object({
  list: z.string(),
  storeIds: z.array(z.string()),
  managed: z.boolean(),
  revision: z.number().int().nonnegative(),
});
export type ManagedAnswer = z.infer<typeof ManagedAnswer>;

const ErrorAnswer = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

function kindOf(status: number): ErrorKind {
  if (status === 401) return 'unauthorised';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return `${WEB_API}${path}${text ? `?${text}` : ''}`;
}

/** An export's store and days; `freee`, which of freee's two imports (decision AB64). */
export type ExportAsk = {
  storeId: string;
  from: string;
  to: string;
  freee?: 'journal' | 'deals';
};

export interface Download {
  blob: Blob;
  name: string;
}

export interface ClientOptions {
  fetch?: typeof fetch;
  /** The session ended (a 401): the app forgets who is signed in and shows sign-in. */
  onUnauthorised?: () => void;
}

export type Client = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions = {}) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** The session's CSRF token: from /me or the sign-in's answer. */
  let csrf: string | null = null;

  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    signingIn = false,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError('network', 0);
    }
    if (response.ok) return response;
    let detail: string | null = null;
    try {
      const parsed = ErrorAnswer.safeParse(await response.json());
      if (parsed.success) detail = parsed.data.error.message;
    } catch {
      // not JSON (a proxy's page): the status says enough
    }
    if (response.status === 401 && !signingIn) {
      csrf = null;
      options.onUnauthorised?.();
    }
    throw new ApiError(kindOf(response.status), response.status, detail);
  }

  async function read<T>(response: Response, schema: ZodType<T>): Promise<T> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError('answer', response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError('answer', response.status, parsed.error.message);
    return parsed.data;
  }

  const get = async <T>(path: string, schema: ZodType<T>, query?: Query) =>
    read(await send('GET', withQuery(path, query)), schema);

  const session = (me: Me) => {
    csrf = me.csrf;
    return me;
  };

  return {
    /** Who is signed in (401: nobody; the app shows sign-in). */
    me: async () => session(await get('/me', Me)),
    signIn: async (email: string, password: string) =>
      session(await read(await send('POST', withQuery('/login'), { email, password }, true), Me)),
    signOut: async () => {
      try {
        await send('POST', withQuery('/logout'), {});
      } finally {
        csrf = null;
      }
    },
    live: (date?: string) => get('/live', LiveAnswer, { date }),
    period: (query: { unit: string; date: string; storeId?: string }) =>
      get('/period', PeriodAnswer, query),
    search: (query: SearchQuery) => get('/search', SearchAnswer, query),
    record: (key: string) => get(`/records/${encodeURIComponent(key)}`, RecordDetail),
    accounts: () => get('/accounts', AccountMapping),
    saveAccounts: async (mapping: AccountMapping) => {
      await send('PUT', withQuery('/accounts'), mapping);
    },
    users: () => get('/users', UserList),
    addUser: async (user: NewUser) => {
      await send('POST', withQuery('/users'), user);
    },
    /** A chain list: every store's entries (storeId null), or a store's own over them. */
    list: (list: ListName, storeId: string | null) =>
      get(`/lists/${list}`, ListAnswer, { storeId }),
    /** Add or change entries (drafts: the protocol's DRAFT) for every store (null) or one. */
    saveList: async (list: ListName, storeId: string | null, entries: unknown[]) =>
      read(await send('PUT', withQuery(`/lists/${list}`), { storeId, entries }), ListAnswer),
    /** The office manages a list (read-only at the counters) at one store, or at every store. */
    setManaged: async (list: ListName, storeId: string | null, managed: boolean) =>
      read(
        await send('PUT', withQuery(`/lists/${list}/managed`), { storeId, managed }),
        ManagedAnswer,
      ),
    /** What an export would hold, leave out and change (decision AB67), before its file. */
    exportReport: (format: ExportFormat, query: ExportAsk) =>
      get(`/exports/${format}`, ExportReport, { ...query, report: '1' }),
    /** An export as a file: its bytes and the name the office gave it. */
    exportFile: async (format: ExportFormat, query: ExportAsk): Promise<Download> => {
      const response = await send('GET', withQuery(`/exports/${format}`, query));
      return {
        blob: await response.blob(),
        name: fileName(response, `${format}-${query.from}-${query.to}.csv`),
      };
    },
  };
}

/** The file name of a Content-Disposition (RFC 6266: filename* first), or the fallback. */
export function fileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed name: the plain one, or ours
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}
