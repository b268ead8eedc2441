/**
 * The counter's HTTPS to its head office (issue 40, decision AB24). The office's certificate
 * authority is private and pinned: every request trusts that CA alone (`ca: caPem`, not the
 * system's roots) and accepts any name it signed (`checkServerIdentity` does no name check) — the
 * office is reached by whatever address the owner gave (an IP, a LAN name, a tunnel), and a
 * certificate only that CA could sign is the proof of who answers. The one request made without
 * verification is `GET /v1/ca` at enrolment, whose answer is checked against the enrolment code's
 * pin before anything is sent (enrol.ts).
 *
 * Errors are `OfficeError`: the HTTP status and the office's `code`, or `network` when no answer
 * came. The credential goes in the Authorization header only, never in a log line.
 */
import https from 'node:https';
import type { z } from 'zod';
import { ErrorAnswer, OFFICE_API } from '../../../office/protocol/wire';

export class OfficeError extends Error {
  override name = 'OfficeError';
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The office's error code, `network`, or `bad_answer`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** Worth trying again later: no answer, the office's trouble, too many requests. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

export interface OfficeRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  credential?: string;
}

/** What the counter asks of its office; tests give a fake. */
export interface OfficeTransport {
  request<S extends z.ZodType>(request: OfficeRequest, schema: S): Promise<z.output<S>>;
}

/** The first 16 bytes of the SHA-256 of a certificate's DER, hex: the enrolment code's pin. */
export { caPinOfPem as pinOf } from '../../../office/protocol/pin';

const TIMEOUT_MS = 30_000;

/** One JSON request over HTTPS; `ca` null: no verification (the CA's own fetch, then pinned). */
export function httpsJson(
  baseUrl: string,
  ca: string | null,
  request: OfficeRequest,
): Promise<{ status: number; json: unknown }> {
  const url = new URL(`${OFFICE_API}${request.path}`, baseUrl);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: request.method,
        ...(ca === null
          ? { rejectUnauthorized: false }
          : { ca, rejectUnauthorized: true, checkServerIdentity: () => undefined }),
        headers: {
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(request.credential && { authorization: `Bearer ${request.credential}` }),
        },
        timeout: TIMEOUT_MS,
        // A fresh connection each time: a pinned request never rides an unpinned one's socket.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', (e) => reject(new OfficeError(0, 'network', e.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => reject(new OfficeError(0, 'network', e.message)));
    req.end(body);
  });
}

/** A status and body as the answer's schema, or the office's error. */
export function answerOf<S extends z.ZodType>(
  status: number,
  json: unknown,
  schema: S,
): z.output<S> {
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new OfficeError(status, 'bad_answer', 'the office answered something unexpected');
  }
  const error = ErrorAnswer.safeParse(json);
  throw new OfficeError(
    status,
    error.success ? error.data.error.code : 'http',
    error.success ? error.data.error.message : `HTTP ${status}`,
  );
}

/** The office at `baseUrl`, its CA pinned. */
export function pinnedTransport(baseUrl: string, caPem: string): OfficeTransport {
  return {
    async request(request, schema) {
      const { status, json } = await httpsJson(baseUrl, caPem, request);
      return answerOf(status, json, schema);
    },
  };
}
