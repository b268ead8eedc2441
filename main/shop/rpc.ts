/**
 * Questions from one counter to another over the bus (a follower asking the poller for the
 * reservations it lacks, say): a `request` answered by a `response` with the same id, or a
 * timeout (on the shop's clock, decision X30: a test moves it past the timeout, not waits it
 * out). Each method's params and result are checked by its own zod schemas on both sides.
 */
import type { z } from 'zod';
import { systemClock, type Clock, type Timer } from '../common/clock';
import type { CounterId, ShopBus } from './bus';

export class ShopRpcError extends Error {
  override name = 'ShopRpcError';
  constructor(
    /** `not_connected`, `timeout`, `no_such_method`, `bad_params`, `bad_result`, `failed`, `closed`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** How long a question waits for its answer, unless the caller says otherwise. */
export const ANSWER_TIMEOUT_MS = 5_000;

export interface Method<P extends z.ZodType, R extends z.ZodType> {
  name: string;
  params: P;
  result: R;
}

export function method<P extends z.ZodType, R extends z.ZodType>(
  name: string,
  params: P,
  result: R,
): Method<P, R> {
  return { name, params, result };
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: Timer;
  to: CounterId;
}

export class ShopRpc {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private readonly handlers = new Map<string, (params: unknown, from: CounterId) => unknown>();
  private readonly stop: Array<() => void>;

  constructor(
    private readonly bus: ShopBus,
    private readonly clock: Clock = systemClock,
  ) {
    this.stop = [
      bus.onMessage((from, message) => {
        if (message.kind === 'request') void this.answer(from, message);
        if (message.kind === 'response') this.settle(from, message);
      }),
      // A counter that left will not answer: fail its questions now rather than at the timeout.
      bus.onPeers(() => {
        const present = new Set(
          bus
            .peers()
            .filter((p) => p.present)
            .map((p) => p.presence.counterId),
        );
        for (const [id, w] of this.waiting)
          if (!present.has(w.to))
            this.fail(id, new ShopRpcError('not_connected', 'the counter left'));
      }),
    ];
  }

  handle<P extends z.ZodType, R extends z.ZodType>(
    m: Method<P, R>,
    handler: (params: z.infer<P>, from: CounterId) => z.infer<R> | Promise<z.infer<R>>,
  ): void {
    this.handlers.set(m.name, async (raw, from) => {
      const params = m.params.safeParse(raw);
      if (!params.success) throw new ShopRpcError('bad_params', m.name);
      return m.result.parse(await handler(params.data, from));
    });
  }

  call<P extends z.ZodType, R extends z.ZodType>(
    to: CounterId,
    m: Method<P, R>,
    params: z.infer<P>,
    timeoutMs = ANSWER_TIMEOUT_MS,
  ): Promise<z.infer<R>> {
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer = this.clock.after(timeoutMs, () =>
        this.fail(id, new ShopRpcError('timeout', `${m.name} had no answer`)),
      );
      this.waiting.set(id, { resolve, reject, timer, to });
      if (!this.bus.send(to, { kind: 'request', id, method: m.name, params }))
        this.fail(id, new ShopRpcError('not_connected', `${to} is not connected`));
    }).then((raw) => {
      const result = m.result.safeParse(raw);
      if (!result.success) throw new ShopRpcError('bad_result', m.name);
      return result.data as z.infer<R>;
    });
  }

  close(): void {
    for (const s of this.stop) s();
    for (const id of [...this.waiting.keys()]) this.fail(id, new ShopRpcError('closed', 'closed'));
  }

  private async answer(
    from: CounterId,
    request: { id: number; method: string; params: unknown },
  ): Promise<void> {
    const handler = this.handlers.get(request.method);
    if (!handler) {
      this.bus.send(from, { kind: 'response', id: request.id, ok: false, error: 'no_such_method' });
      return;
    }
    try {
      const result = await handler(request.params, from);
      this.bus.send(from, { kind: 'response', id: request.id, ok: true, result });
    } catch (error) {
      const code = error instanceof ShopRpcError ? error.code : 'failed';
      this.bus.send(from, { kind: 'response', id: request.id, ok: false, error: code });
    }
  }

  private settle(
    from: CounterId,
    response: { id: number; ok: boolean; result?: unknown; error?: string },
  ): void {
    const w = this.waiting.get(response.id);
    // An answer from another counter than the one asked, or to a question given up: ignored.
    if (!w || w.to !== from) return;
    this.waiting.delete(response.id);
    w.timer.cancel();
    if (response.ok) w.resolve(response.result);
    else w.reject(new ShopRpcError(response.error ?? 'failed', 'the counter could not answer'));
  }

  private fail(id: number, error: Error): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w.timer.cancel();
    w.reject(error);
  }
}
