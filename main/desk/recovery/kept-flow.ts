/**
 * Where staff are, as the renderer last said: the screen, what is in progress there, the walk-in
 * as entered so far. Kept in the main process's memory only (it holds a customer's name and
 * contact: never written to disk, decision V6), so a window reloaded after a renderer crash or
 * hang brings staff back to it. It also says what holds an update back.
 *
 * A walk-in is over once the desk has booked its draft (decision X2): the desk says so itself
 * (`end`), and a report of that draft arriving later (the renderer reports 200 ms late) is kept
 * as done, so a reloaded window comes back to the walk-in's outcome, never to its Book (V13).
 */
import type { KeptFlow } from '../../ipc/contract';
import type { FlowPort } from '../ports';

/** Drafts remembered as booked: more than a window's late reports can still name. */
const ENDED_KEPT = 50;

export class FlowKeeper implements FlowPort {
  private flow: KeptFlow | null = null;
  private readonly ended: string[] = [];

  /** Returns whether what is in progress changed (the update's holds follow it). */
  keep(flow: KeptFlow): boolean {
    // On the day view with nothing in progress there is nothing to come back to.
    if (flow.screen.name === 'day' && flow.activity === null) return this.set(null);
    const over = flow.walkIn !== null && this.ended.includes(flow.walkIn.draftId);
    return this.set(over ? done(flow) : flow);
  }

  /**
   * The desk booked this walk-in draft: its flow is over, kept at its outcome. Returns as `keep`
   * does.
   */
  end(draftId: string): boolean {
    if (!this.ended.includes(draftId)) {
      this.ended.push(draftId);
      if (this.ended.length > ENDED_KEPT) this.ended.shift();
    }
    return this.flow?.walkIn?.draftId === draftId ? this.set(done(this.flow)) : false;
  }

  private set(flow: KeptFlow | null): boolean {
    const before = this.flow?.activity ?? null;
    this.flow = flow;
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
    this.ended.length = 0;
  }
}

/** A walk-in's flow once its draft is booked: at its outcome, holding nothing back. */
function done(flow: KeptFlow): KeptFlow {
  return { ...flow, activity: null, walkIn: flow.walkIn && { ...flow.walkIn, step: 'done' } };
}
