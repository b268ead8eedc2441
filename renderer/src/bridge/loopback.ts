/**
 * The `Bridge` over the browser host's loopback HTTP: calls are POSTs carrying the token in a
 * header, events arrive through one EventSource opened with a single-use ticket. It never
 * rejects: a host that cannot be reached is an error envelope with a code, like any other.
 * Platform pieces are passed in, so the same code is tested under Node against a real host.
 */
import type { Bridge } from '../../../main/ipc/bridge';
import {
  IpcResult,
  events as eventSchemas,
  failure,
  type Channel,
  type EventName,
} from '../../../main/ipc/contract';

export const TOKEN_HEADER = 'x-front-desk-token';

/** What is used of an EventSource. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface LoopbackOptions {
  /** The host's origin, e.g. http://127.0.0.1:5123 (the page's own origin in a browser). */
  origin: string;
  token: string;
  fetch: typeof fetch;
  openEventSource: (url: string) => EventSourceLike;
  /** Delay before reopening a lost event stream; grows to 10 s. */
  retryMs?: number;
}

const CLOSED = 2;

export function createLoopbackBridge(options: LoopbackOptions): Bridge {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let source: EventSourceLike | null = null;
  let opening = false;
  let retry = options.retryMs ?? 500;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const headers = { 'content-type': 'application/json', [TOKEN_HEADER]: options.token };

  async function invoke(channel: Channel, payload: unknown): Promise<IpcResult> {
    let response: Response;
    try {
      response = await options.fetch(`${options.origin}/ipc/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload ?? {}),
      });
    } catch {
      return failure('HOST_UNREACHABLE', 'the Front Desk host cannot be reached');
    }
    if (response.status === 401)
      return failure('HOST_UNAUTHORIZED', 'this page is not authorized by the Front Desk host');
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return failure('HOST_BAD_ANSWER', `the Front Desk host answered ${response.status}`);
    }
    const result = IpcResult.safeParse(body);
    return result.success
      ? result.data
      : failure('HOST_BAD_ANSWER', `the Front Desk host answered ${response.status}`);
  }

  function deliver(event: EventName, data: unknown): void {
    const set = listeners.get(event);
    if (!set?.size || typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const checked = eventSchemas[event].safeParse(parsed);
    if (!checked.success) return;
    for (const listener of [...set]) listener(checked.data as never);
  }

  function wanted(): boolean {
    for (const set of listeners.values()) if (set.size) return true;
    return false;
  }

  function scheduleReopen(): void {
    if (timer || !wanted()) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, retry);
    retry = Math.min(retry * 2, 10_000);
  }

  async function open(): Promise<void> {
    if (source || opening || !wanted()) return;
    opening = true;
    try {
      const response = await options.fetch(`${options.origin}/events/ticket`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!response.ok) throw new Error(`ticket ${response.status}`);
      const { ticket } = (await response.json()) as { ticket: string };
      const es = options.openEventSource(
        `${options.origin}/events?ticket=${encodeURIComponent(ticket)}`,
      );
      source = es;
      for (const event of Object.keys(eventSchemas) as EventName[])
        es.addEventListener(event, (e) => deliver(event, e.data));
      es.addEventListener('open', () => {
        retry = options.retryMs ?? 500;
      });
      // A ticket works once: a lost stream is reopened with a new one, not by EventSource itself.
      es.addEventListener('error', () => {
        if (source !== es) return;
        es.close();
        source = null;
        scheduleReopen();
      });
      if (!wanted()) close();
    } catch {
      scheduleReopen();
    } finally {
      opening = false;
    }
  }

  function close(): void {
    source?.close();
    source = null;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    invoke,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as (payload: never) => void;
      set.add(entry);
      if (source?.readyState === CLOSED) source = null;
      void open();
      return () => {
        set.delete(entry);
        if (!wanted()) close();
      };
    },
  };
}
