/**
 * Set-up's channels: the status, checking and saving a key, choosing a store, removing the key.
 * With any key (set-up must work before one); reading is anyone's, changing the key or the store
 * the settings permission's.
 */
import { channel, type ChannelsOf } from '../channel';
import { featuresFor } from '../features';
import { storeSummary } from '../store-summary';
import { checkKey, removeKey, saveKey, selectStore, type SetupPorts } from './setup';
import { setupStatus } from './setup-status';

export function setupApp(
  ctx: SetupPorts,
): ChannelsOf<
  'setup.status' | 'setup.checkKey' | 'setup.saveKey' | 'setup.selectStore' | 'setup.removeKey'
> {
  return {
    'setup.status': channel({ scope: null, rule: 'open' }, () => setupStatus(ctx)),
    'setup.checkKey': channel({ scope: null, rule: 'open' }, async ({ apiKey, serviceUrl }) => {
      const { key, stores } = await checkKey(ctx, apiKey, serviceUrl);
      // What the key's scopes allow; the store is chosen in the same form.
      return { key, stores: stores.map(storeSummary), features: featuresFor(key.scopes, true) };
    }),
    'setup.saveKey': channel({ scope: null, rule: 'settings' }, (request) => saveKey(ctx, request)),
    'setup.selectStore': channel({ scope: null, rule: 'settings' }, ({ storeId }) =>
      selectStore(ctx, storeId),
    ),
    'setup.removeKey': channel({ scope: null, rule: 'settings' }, () => removeKey(ctx)),
  };
}
