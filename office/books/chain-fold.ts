/**
 * The chain's day rows kept folded (decision AB80): every half minute, each organisation's moves
 * appended by its batches are added into its chain totals, one organisation at a time, so that a
 * reader adds few unfolded rows. Reading never waits for it: unfolded moves are read as well.
 */
import { z } from 'zod';
import { Int, row, rows, type Db } from '../db/db';

export const FOLD_EVERY_MS = 30_000;

/** Folds one organisation's moves: how many were moved (-1: a fold of it was under way). */
export async function foldChain(db: Db, orgId: string): Promise<number> {
  const folded = await db.transaction((tx) =>
    row(tx, z.object({ moved: Int }), 'SELECT office_fold_chain($1) AS moved', [orgId]),
  );
  return folded?.moved ?? 0;
}

/** Folds every organisation's; one that fails is reported and the others still folded. */
export async function foldChains(db: Db, onError: (orgId: string, error: unknown) => void) {
  const orgs = await rows(
    db,
    z.object({ org_id: z.string() }),
    'SELECT DISTINCT org_id FROM chain_day_moves',
  );
  for (const { org_id } of orgs) {
    try {
      await foldChain(db, org_id);
    } catch (error) {
      onError(org_id, error);
    }
  }
}

/** Runs the fold on a timer until stopped; `stop` waits for a fold under way. */
export function keepChainsFolded(db: Db, onError: (orgId: string, error: unknown) => void) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    // A fold that outlasts the interval is left to finish, not queued behind.
    running ??= foldChains(db, onError)
      .catch((e: unknown) => onError('*', e))
      .finally(() => (running = null));
  }, FOLD_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
