/**
 * Set-up without the keyboard (`--api-key-file F --store ID`): the host starts already working on
 * the store, through the same `setup.saveKey` channel staff use, so the key is checked the same
 * way. A counter that resumed on that store and plan (its key given before the desk resumed) is
 * left as it is: it may be offline, working from its cache.
 */
import type { Composed } from './compose';

export interface UnattendedSetup {
  apiKey: string;
  storeId: string;
  plan: 'standard' | 'facility';
}

export async function setUpFromFlags(composed: Composed, setup: UnattendedSetup): Promise<void> {
  const now = composed.desk.setupStatus();
  const resumed =
    now.mode === 'live' &&
    now.store?.id === setup.storeId &&
    now.plan === setup.plan &&
    (await composed.router.handle('status.get', {})).ok;
  if (resumed) return;
  const saved = await composed.router.handle('setup.saveKey', {
    apiKey: setup.apiKey,
    serviceUrl: null,
    storeId: setup.storeId,
    plan: setup.plan,
  });
  // The desk's errors name what went wrong, never the key.
  if (!saved.ok)
    throw new Error(
      `set-up with --api-key-file failed: ${saved.error.code}: ${saved.error.message}`,
    );
}
