/**
 * The renderer's typed door to the main process: every call goes through a `Bridge` and comes
 * back as the contract's response type, or throws a `CallError` that carries the `code` the UI
 * turns into a message. The renderer never sees a stack, a secret or the network.
 */
import type { Bridge } from '../../../main/ipc/bridge';
import type {
  Channel,
  EventName,
  EventPayload,
  Request,
  Response,
} from '../../../main/ipc/contract';

/** A failed call: `code` is for branching and for the message catalogue, never `message`. */
export class CallError extends Error {
  override name = 'CallError';
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

export interface Api {
  call<C extends Channel>(channel: C, request: Request<C>): Promise<Response<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Drop every subscription made through this wrapper (the app is closing). */
  dispose(): void;
}

export function createApi(bridge: Bridge): Api {
  const subscriptions = new Set<() => void>();
  return {
    async call(channel, request) {
      let result;
      try {
        result = await bridge.invoke(channel, request);
      } catch (_error) {
        // The bridge promises not to reject; if its transport breaks anyway, say so by code.
        throw new CallError('BRIDGE_FAILED', 'the app could not reach its main process');
      }
      if (result.ok) return result.value as Response<typeof channel>;
      throw new CallError(result.error.code, result.error.message, result.error.details);
    },
    on(event, listener) {
      const off = bridge.on(event, listener);
      const unsubscribe = () => {
        subscriptions.delete(unsubscribe);
        off();
      };
      subscriptions.add(unsubscribe);
      return unsubscribe;
    },
    dispose() {
      for (const unsubscribe of [...subscriptions]) unsubscribe();
    },
  };
}

/** The error of a failed call as a `CallError`, whatever was thrown. */
export function asCallError(error: unknown): CallError {
  if (error instanceof CallError) return error;
  return new CallError('INTERNAL', error instanceof Error ? error.message : String(error));
}
