/**
 * The installed app as set-up and the status bar show it (issue 14): the update's status and
 * what holds it back, the settings (updates, counter mode, log level), the support bundle. Each
 * change is sent at once and applied by the main process; its pushes (`installed.changed`) keep
 * the status current while a download runs.
 */
import { createStore } from 'zustand/vanilla';
import type { InstalledView, Request, UpdateHold } from '../../../main/ipc/contract';
import type { Api, CallError } from '../api/api';
import { busyRunner, loadKeepingError } from './busyRun';

export type InstalledChange = Request<'installed.configure'>;

export interface InstalledState {
  view: InstalledView | null;
  busy: 'saving' | 'checking' | 'installing' | 'bundle' | null;
  error: CallError | null;
  /** "Restart now" was refused: what held it back then. */
  held: UpdateHold[] | null;
  /** The support bundle just made: where it was saved (desktop app) or its name (downloaded). */
  bundle: { fileName: string; savedTo: string | null } | null;
  load(): Promise<void>;
  configure(change: InstalledChange): Promise<boolean>;
  checkNow(): Promise<void>;
  installNow(): Promise<void>;
  /** Make the support bundle; `download` saves it where the main process did not. */
  makeBundle(download: (fileName: string, blob: Blob) => void): Promise<void>;
}

export function createInstalledStore(api: Api) {
  const store = createStore<InstalledState>()((set, get) => {
    const run = busyRunner(set, get, { oneAtATime: true });
    return {
      view: null,
      busy: null,
      error: null,
      held: null,
      bundle: null,
      load: () =>
        loadKeepingError(set, async () => set({ view: await api.call('installed.get', {}) })),
      async configure(change) {
        const view = await run('saving', () => api.call('installed.configure', change));
        if (view) set({ view });
        return view !== null;
      },
      async checkNow() {
        const updates = await run('checking', () => api.call('updates.check', {}));
        const view = get().view;
        if (updates && view) set({ view: { ...view, updates } });
      },
      async installNow() {
        const answer = await run('installing', () => api.call('updates.install', {}));
        if (answer) set({ held: answer.installing ? null : answer.holds });
      },
      async makeBundle(download) {
        const answer = await run('bundle', () => api.call('support.bundle', {}));
        if (!answer) return;
        if (answer.content !== null)
          download(answer.fileName, new Blob([answer.content], { type: 'application/json' }));
        set({ bundle: { fileName: answer.fileName, savedTo: answer.savedTo } });
      },
    };
  });
  api.on('installed.changed', (view) => {
    // Nothing holds the update any more: the refusal shown is stale.
    const held = view.updates.holds.length === 0 ? null : store.getState().held;
    store.setState({ view, held });
  });
  return store;
}

export type InstalledStore = ReturnType<typeof createInstalledStore>;
