/**
 * The renderer's typed door to the main process: every call goes through a `Bridge` and comes
 * back as the contract's response type, or throws a `CallError` that carries the `code` the UI
 * turns into a message. The renderer never sees a stack, a secret or the network.
 */
import type { Bridge } from '../../../main/ipc/bridge';
import {
  ApprovalNeeded,
  type Channel,
  type EventName,
  type EventPayload,
  type Request,
  type Response,
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

/**
 * A call refused for want of a permission (APPROVAL_NEEDED, issue 29): asked of staff on the spot
 * (a manager's PIN), resolving true once approved — the call is then made again, once — or false.
 */
export type ApprovalAsker = (ask: {
  channel: Channel;
  request: unknown;
  needed: ApprovalNeeded;
}) => Promise<boolean>;

export interface Api {
  call<C extends Channel>(channel: C, request: Request<C>): Promise<Response<C>>;
  /** Who asks for a manager's approval when a call needs one (the staff store's dialog). */
  askApprovalWith(asker: ApprovalAsker | null): void;
  /** Hear the code of every refused call (the staff store hears that nobody is signed in). */
  onRefusal(listener: (code: string) => void): () => void;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Drop every subscription made through this wrapper (the app is closing). */
  dispose(): void;
}

export function createApi(bridge: Bridge): Api {
  const subscriptions = new Set<() => void>();
  let askApproval: ApprovalAsker | null = null;
  const refusals = new Set<(code: string) => void>();

  async function invoke(channel: Channel, request: unknown) {
    try {
      return await bridge.invoke(channel, request as never);
    } catch (_error) {
      // The bridge promises not to reject; if its transport breaks anyway, say so by code.
      throw new CallError('BRIDGE_FAILED', 'the app could not reach its main process');
    }
  }

  return {
    async call(channel, request) {
      let result = await invoke(channel, request);
      if (!result.ok && result.error.code === 'APPROVAL_NEEDED' && askApproval) {
        // Asked where staff are: approved, the same request goes again (the approval is for it).
        const needed = ApprovalNeeded.safeParse(result.error.details[0]);
        if (needed.success && (await askApproval({ channel, request, needed: needed.data })))
          result = await invoke(channel, request);
      }
      if (result.ok) return result.value as Response<typeof channel>;
      for (const listener of refusals) listener(result.error.code);
      throw new CallError(result.error.code, result.error.message, result.error.details);
    },
    askApprovalWith(asker) {
      askApproval = asker;
    },
    onRefusal(listener) {
      refusals.add(listener);
      return () => refusals.delete(listener);
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
