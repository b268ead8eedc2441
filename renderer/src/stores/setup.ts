/**
 * Set-up: what the main process says about the key and the store, and the check of a pasted key.
 * The key itself is passed through to the main process and never kept here.
 */
import { createStore } from 'zustand/vanilla';
import type { Feature, Response, SetupStatus } from '../../../main/ipc/contract';
import type { Api, CallError } from '../api/api';
import { busyRunner, loadKeepingError } from './busyRun';

export type KeyCheck = Response<'setup.checkKey'>;
export type Plan = 'standard' | 'facility';

export interface SetupState {
  status: SetupStatus | null;
  /** The last successful check of a pasted key: what ping said and the stores it may use. */
  check: KeyCheck | null;
  busy: 'checking' | 'saving' | 'training' | 'removing' | null;
  error: CallError | null;
  load(): Promise<void>;
  checkKey(apiKey: string, serviceUrl: string | null): Promise<boolean>;
  save(apiKey: string, serviceUrl: string | null, storeId: string, plan: Plan): Promise<boolean>;
  startTraining(): Promise<boolean>;
  removeKey(): Promise<boolean>;
  /** Whether a feature may be used, and why not. */
  feature(feature: Feature): SetupStatus['features'][Feature];
}

const NOT_LOADED = { enabled: false, reason: 'not_set_up', scope: null } as const;

export function createSetupStore(api: Api) {
  const store = createStore<SetupState>()((set, get) => {
    const run = busyRunner(set, get, { oneAtATime: false });
    return {
      status: null,
      check: null,
      busy: null,
      error: null,
      load: () =>
        loadKeepingError(set, async () => set({ status: await api.call('setup.status', {}) })),
      async checkKey(apiKey, serviceUrl) {
        set({ check: null });
        const check = await run('checking', () =>
          api.call('setup.checkKey', { apiKey, serviceUrl }),
        );
        if (check) set({ check });
        return check !== null;
      },
      async save(apiKey, serviceUrl, storeId, plan) {
        const status = await run('saving', () =>
          api.call('setup.saveKey', { apiKey, serviceUrl, storeId, plan }),
        );
        if (status) set({ status, check: null });
        return status !== null;
      },
      async startTraining() {
        const status = await run('training', () => api.call('setup.startTraining', {}));
        if (status) set({ status, check: null });
        return status !== null;
      },
      async removeKey() {
        const status = await run('removing', () => api.call('setup.removeKey', {}));
        if (status) set({ status, check: null });
        return status !== null;
      },
      feature(feature) {
        return get().status?.features[feature] ?? NOT_LOADED;
      },
    };
  });
  api.on('setup.changed', (status) => store.setState({ status }));
  return store;
}

export type SetupStore = ReturnType<typeof createSetupStore>;
