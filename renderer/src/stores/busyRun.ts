/**
 * The actions of a store that does one thing at a time (set-up, the installed app): each marks
 * the store busy with what it does and clears the last error, keeps a failure as the store's
 * `error` (the action answers null), and frees the store after.
 */
import { asCallError, type CallError } from '../api/api';

/** What such a store holds: what it is doing, and its last failure. */
export interface BusyState<B extends string> {
  busy: B | null;
  error: CallError | null;
}

type SetBusy<B extends string> = (patch: Partial<BusyState<B>>) => void;

/**
 * Runs `work` with the store marked `busy`; null when it failed (its error kept) or, with
 * `oneAtATime`, when the store was busy already (nothing run).
 */
export function busyRunner<B extends string>(
  set: SetBusy<B>,
  get: () => BusyState<B>,
  { oneAtATime }: { oneAtATime: boolean },
) {
  return async function run<T>(busy: B, work: () => Promise<T>): Promise<T | null> {
    if (oneAtATime && get().busy) return null;
    set({ busy, error: null });
    try {
      return await work();
    } catch (error) {
      set({ error: asCallError(error) });
      return null;
    } finally {
      set({ busy: null });
    }
  };
}

/** A load that marks nothing busy: its failure kept as the store's error. */
export async function loadKeepingError<B extends string>(
  set: SetBusy<B>,
  load: () => Promise<void>,
): Promise<void> {
  try {
    await load();
  } catch (error) {
    set({ error: asCallError(error) });
  }
}
