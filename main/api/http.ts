/**
 * One HTTP exchange with the service: send, wait (bounded by a timeout and the caller's signal),
 * read and classify. Whatever goes wrong comes back as a typed error, never as a crash.
 */
import { z } from 'zod';
import {
  NetworkError,
  ResponseError,
  httpErrorFor,
  networkErrorFrom,
  type ErrorDetail,
} from './errors';

export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  /** Parsed JSON, or undefined for an empty body (204). */
  json: unknown;
  headers: Headers;
}

/** Loose reading of an error body: a proxy may answer with anything. */
const ErrorBodyLoose = z.looseObject({
  code: z.string(),
  error: z.string().optional(),
  details: z.array(z.unknown()).optional(),
});

/** `Retry-After` as milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function parseBody(text: string, status: number): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const looksJson = /^\s*[[{]/.test(text);
    throw new ResponseError(
      looksJson ? 'truncated' : 'not_json',
      status,
      looksJson
        ? `the service's answer (HTTP ${status}) was cut short`
        : `the service answered HTTP ${status} with something other than JSON`,
      text.slice(0, 80).replace(/\s+/g, ' '),
    );
  }
}

export async function exchange(x: Exchange): Promise<Answer> {
  if (x.signal?.aborted) throw new NetworkError('aborted', 'request cancelled', false);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), x.timeoutMs);
  const signal = x.signal ? AbortSignal.any([x.signal, timeout.signal]) : timeout.signal;
  const failed = (error: unknown, phase: 'connect' | 'body'): NetworkError =>
    networkErrorFrom(error, phase, timeout.signal.aborted, x.signal?.aborted ?? false);
  try {
    let response: Response;
    try {
      response = await fetch(x.url, {
        method: x.method,
        headers: x.headers,
        body: x.body,
        signal,
        // Never followed (the key must not travel elsewhere): a 3xx is answered as an HttpError.
        redirect: 'manual',
      });
    } catch (error) {
      throw failed(error, 'connect');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw failed(error, 'body');
    }
    if (response.ok)
      return {
        status: response.status,
        json: parseBody(text, response.status),
        headers: response.headers,
      };

    let parsed: z.infer<typeof ErrorBodyLoose> | null = null;
    try {
      const r = ErrorBodyLoose.safeParse(JSON.parse(text));
      parsed = r.success ? r.data : null;
    } catch {
      parsed = null;
    }
    throw httpErrorFor(
      response.status,
      parsed?.code ?? `HTTP_${response.status}`,
      parsed?.error ?? `HTTP ${response.status}`,
      (parsed?.details ?? []) as ErrorDetail[],
      retryAfterMs(response.headers),
    );
  } finally {
    clearTimeout(timer);
  }
}
