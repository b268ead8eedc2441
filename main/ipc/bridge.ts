/**
 * The one small surface the renderer sees: invoke a channel, subscribe to an event. The preload
 * script exposes it as `window.frontDesk` in Electron; the browser host gives the same surface
 * over a loopback bridge. Nothing here imports Node or Electron.
 */
import type { Channel, EventName, EventPayload, IpcResult } from './contract';

export interface Bridge {
  /** Resolves with a result envelope; it never rejects for an error of the call itself. */
  invoke(channel: Channel, payload: unknown): Promise<IpcResult>;
  /** Subscribe to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Name of the global the preload script defines. */
export const BRIDGE_GLOBAL = 'frontDesk';

/** The channel names the Electron transport uses: one IPC channel for calls, one per event. */
export const IPC_INVOKE = 'fd:invoke';
export const ipcEventChannel = (event: EventName) => `fd:event:${event}`;
