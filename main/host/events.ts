/**
 * Events from the desk to whatever carries them to the renderer (Electron IPC or the browser
 * host's event stream). Each payload is checked against the contract before it leaves, as the
 * router checks responses: a malformed event is our bug, logged and dropped, never sent.
 */
import type { Logger } from '../api/log';
import { toDetails } from '../api/schemas';
import { events, type EventName, type EventPayload } from '../ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly logger: Logger) {}

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].safeParse(payload);
    if (!checked.success) {
      this.logger.error('ipc.bad_event', { event, issues: toDetails(checked.error).slice(0, 5) });
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event, checked.data);
      } catch (error) {
        this.logger.error('ipc.event_listener_failed', { event, error });
      }
    }
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
