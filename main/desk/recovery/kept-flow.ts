/**
 * Where staff are, as the renderer last said: the screen, what is in progress there, the walk-in
 * as entered so far. Kept in the main process's memory only (it holds a customer's name and
 * contact: never written to disk, decision V6), so a window reloaded after a renderer crash or
 * hang brings staff back to it. It also says what holds an update back.
 */
import type { KeptFlow } from '../../ipc/contract';

export class FlowKeeper {
  private flow: KeptFlow | null = null;

  /** Returns whether what is in progress changed (the update's holds follow it). */
  keep(flow: KeptFlow): boolean {
    const before = this.flow?.activity ?? null;
    // On the day view with nothing in progress there is nothing to come back to.
    this.flow = flow.screen.name === 'day' && flow.activity === null ? null : flow;
    return (this.flow?.activity ?? null) !== before;
  }

  get current(): KeptFlow | null {
    return this.flow;
  }

  get activity(): KeptFlow['activity'] {
    return this.flow?.activity ?? null;
  }

  /** Forgotten with the session it belonged to (another store, the key removed). */
  clear(): void {
    this.flow = null;
  }
}
