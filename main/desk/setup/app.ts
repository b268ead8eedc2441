/** Set-up's channels: the status, checking and saving a key, choosing a store, removing the key. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { featuresFor } from '../features';
import { storeSummary } from '../store-summary';
import { checkKey, removeKey, saveKey, selectStore } from './setup';
import { setupStatus } from './setup-status';

export function setupApp(
  ctx: DeskContext,
): HandlersOf<
  'setup.status' | 'setup.checkKey' | 'setup.saveKey' | 'setup.selectStore' | 'setup.removeKey'
> {
  return {
    'setup.status': () => setupStatus(ctx),
    'setup.checkKey': async ({ apiKey, serviceUrl }) => {
      const { key, stores } = await checkKey(ctx, apiKey, serviceUrl);
      // What the key's scopes allow; the store is chosen in the same form.
      return { key, stores: stores.map(storeSummary), features: featuresFor(key.scopes, true) };
    },
    'setup.saveKey': (request) => saveKey(ctx, request),
    'setup.selectStore': ({ storeId }) => selectStore(ctx, storeId),
    'setup.removeKey': () => removeKey(ctx),
  };
}
