/** Typed events from the store to whoever listens (the IPC layer forwards them to the renderer). */
import { EventEmitter } from 'node:events';

export class TypedEmitter<Events extends Record<string, unknown>> {
  private readonly emitter = new EventEmitter();

  on<K extends keyof Events & string>(
    event: K,
    listener: (payload: Events[K]) => void,
  ): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  /** Whether anyone listens: a payload costly to build is built only then. */
  listened(event: keyof Events & string): boolean {
    return this.emitter.listenerCount(event) > 0;
  }

  emit<K extends keyof Events & string>(event: K, payload: Events[K]): void {
    this.emitter.emit(event, payload);
  }
}
