/**
 * A fake main process for component tests: a `Bridge` whose handlers return contract-shaped data.
 * Every request the renderer sends and every response and event the fake gives is checked against
 * the contract's zod schemas, so neither side of the fake can drift from the real one.
 */
import type { z } from 'zod';
import type { Bridge } from '../../../main/ipc/bridge';
import {
  channels,
  events,
  type Channel,
  type EventName,
  type EventPayload,
  type IpcResult,
  type Response,
} from '../../../main/ipc/contract';

export type Handler<C extends Channel> = (
  request: z.output<(typeof channels)[C]['request']>,
) => Response<C> | Promise<Response<C>>;
export type Handlers = { [C in Channel]?: Handler<C> };

/** Thrown by a handler: the call fails with this code, as the router would report it. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    message = code,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

export interface Call {
  channel: Channel;
  request: unknown;
}

export function createFakeBridge(initial: Handlers = {}) {
  const handlers: Handlers = { ...initial };
  const calls: Call[] = [];
  /** Contract violations found: requests the real router would refuse, responses it would not send. */
  const violations: string[] = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();

  const bridge: Bridge = {
    async invoke(channel, payload): Promise<IpcResult> {
      const spec = channels[channel];
      const input = spec.request.safeParse(payload ?? {});
      if (!input.success) {
        violations.push(`request ${channel}: ${input.error.message}`);
        return {
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'invalid input', details: [] },
        };
      }
      calls.push({ channel, request: input.data });
      const handler = handlers[channel] as ((r: unknown) => unknown) | undefined;
      if (!handler)
        return { ok: false, error: { code: 'NOT_FAKED', message: channel, details: [] } };
      try {
        const value = await handler(input.data);
        const output = spec.response.safeParse(value);
        if (!output.success) {
          violations.push(`response ${channel}: ${output.error.message}`);
          return { ok: false, error: { code: 'INTERNAL', message: 'bad output', details: [] } };
        }
        return { ok: true, value: output.data };
      } catch (error) {
        if (error instanceof Refusal)
          return {
            ok: false,
            error: { code: error.code, message: error.message, details: error.details },
          };
        throw error;
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
  };

  return {
    bridge,
    calls,
    violations,
    /** Replace or add a channel's handler. */
    handle<C extends Channel>(channel: C, handler: Handler<C>) {
      (handlers as Record<string, unknown>)[channel] = handler;
    },
    /** Requests sent on one channel, as the router would have parsed them. */
    callsOf<C extends Channel>(channel: C): z.output<(typeof channels)[C]['request']>[] {
      return calls.filter((c) => c.channel === channel).map((c) => c.request as never);
    },
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      const parsed = events[event].parse(payload);
      for (const l of listeners.get(event) ?? []) (l as (p: unknown) => void)(parsed);
    },
    /** An event as it comes, unchecked: what a main process of another version might send. */
    emitUnchecked(event: EventName, payload: unknown) {
      for (const l of listeners.get(event) ?? []) (l as (p: unknown) => void)(payload);
    },
    listenerCount(event: EventName): number {
      return listeners.get(event)?.size ?? 0;
    },
  };
}

export type FakeBridge = ReturnType<typeof createFakeBridge>;
