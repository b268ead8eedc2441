/**
 * Tests talk to a real sandbox over HTTP on loopback. `startTestSandbox` starts one in-process
 * and gives a small raw HTTP helper: status, headers and parsed body, nothing hidden.
 */
import { startSandbox, type RunningSandbox, type StartOptions } from '../../sandbox/index';

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  /** A token, or a demo role such as 'org-facility'; null sends no Authorization header. */
  key?: string | null;
  body?: unknown;
  /** Sent as is (for malformed bodies); overrides `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export interface TestSandbox extends RunningSandbox {
  /** Token of a demo key by role. */
  key(role: string): string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  /** `/v1/public/stores/{storeId}` + rest. */
  storePath(storeId: string, rest?: string): string;
}

export async function startTestSandbox(options: StartOptions = {}): Promise<TestSandbox> {
  const running = await startSandbox(options);
  const roles = new Map(running.sandbox.keys().map((k) => [k.role, k.token]));
  const resolveKey = (key: string | null | undefined): string | null => {
    if (key === null) return null;
    const k = key ?? 'org-facility';
    return roles.get(k) ?? k;
  };
  return {
    ...running,
    key(role) {
      const token = roles.get(role);
      if (!token) throw new Error(`no demo key ${role}`);
      return token;
    },
    storePath(storeId, rest = '') {
      return `/v1/public/stores/${storeId}${rest}`;
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = resolveKey(options.key);
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (
        body !== undefined &&
        !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
      ) {
        headers['content-type'] = 'application/json';
      }
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      const response = await fetch(running.baseUrl + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the text is the body.
      }
      return { status: response.status, headers: response.headers, body: parsed as never, text };
    },
  };
}
