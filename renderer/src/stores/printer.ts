/**
 * The receipt printer as the status bar, the tender and set-up show it (issue 31): its state and
 * the receipts it keeps (pushed as `printer.changed` within a second of a change), set-up's
 * choices, the printers found (the OS's, and the LAN's asked what they are: issue 42, with the
 * search's progress pushed as `printer.discovery`), a test print, the drawer opened by hand with a
 * reason.
 */
import { createStore } from 'zustand/vanilla';
import {
  PrinterState,
  type DiscoveryProgress,
  type FoundPrinter,
  type PrintAnswer,
  type PrinterSettings,
  type PrinterStatus,
  type ThermalPrinter,
} from '../../../main/ipc/contract';
import type { Api, CallError } from '../api/api';
import { busyRunner, loadKeepingError } from './busyRun';

export interface PrinterStoreState {
  status: PrinterStatus | null;
  settings: PrinterSettings | null;
  found: FoundPrinter[] | null;
  /** The LAN's receipt printers of the last search (null: none made yet). */
  lan: FoundPrinter[] | null;
  /** How the LAN search under way is going (null: none is). */
  discovery: DiscoveryProgress | null;
  /** The last test print's or manual open's answer. */
  answer: { what: 'test' | 'drawer'; answer: PrintAnswer } | null;
  busy: 'saving' | 'finding' | 'testing' | 'drawer' | 'retrying' | null;
  error: CallError | null;
  load(): Promise<void>;
  configure(next: PrinterSettings): Promise<boolean>;
  /** The OS's printers and the LAN's announced ones, side by side. */
  find(): Promise<void>;
  /** The LAN's printers in a typed range (and the announced ones). */
  discover(range: string): Promise<void>;
  /** Stop the LAN search under way: what it found so far is listed. */
  stopDiscovery(): Promise<void>;
  test(printer: ThermalPrinter, locale: 'ja' | 'en'): Promise<void>;
  retry(): Promise<void>;
  openDrawer(reason: string): Promise<boolean>;
}

/** A print's reason as a printer state staff read (any other: unknown). */
export const printerStateOf = (reason: string | null): PrinterState =>
  PrinterState.options.includes(reason as PrinterState) ? (reason as PrinterState) : 'unknown';

/** Whether a receipt printer is set up and cannot print now (the tender says so first). */
export function printerTrouble(status: PrinterStatus | null): boolean {
  return status !== null && ['paper_out', 'cover_open', 'offline'].includes(status.state);
}

export function createPrinterStore(api: Api) {
  const store = createStore<PrinterStoreState>()((set, get) => {
    const run = busyRunner(set, get, { oneAtATime: true });
    return {
      status: null,
      settings: null,
      found: null,
      lan: null,
      discovery: null,
      answer: null,
      busy: null,
      error: null,
      load: () =>
        loadKeepingError(set, async () => {
          const [status, settings] = await Promise.all([
            api.call('printer.status', {}),
            api.call('printer.settings', {}),
          ]);
          set({ status, settings });
        }),
      async configure(next) {
        const settings = await run('saving', () => api.call('printer.configure', next));
        if (settings) set({ settings });
        return settings !== null;
      },
      async find() {
        const lan = await run('finding', async () => {
          // The OS's list stands even when the LAN's search fails.
          const listening = api
            .call('printer.discover', { range: null, port: 9100 })
            .catch(() => null);
          // The OS's list is shown at once; the LAN's takes its few seconds of listening.
          set({ found: (await api.call('printer.find', {})).printers });
          return listening;
        });
        set({ discovery: null });
        if (lan) set({ lan: lan.printers });
      },
      async discover(range) {
        const lan = await run('finding', () => api.call('printer.discover', { range, port: 9100 }));
        set({ discovery: null });
        if (lan) set({ lan: lan.printers });
      },
      async stopDiscovery() {
        // Not a turn of its own: it ends the search that holds the store busy.
        await api.call('printer.stopDiscovery', {}).catch(() => null);
      },
      async test(printer, locale) {
        set({ answer: null });
        const answer = await run('testing', () => api.call('printer.test', { printer, locale }));
        if (answer) set({ answer: { what: 'test', answer } });
      },
      async retry() {
        const status = await run('retrying', () => api.call('printer.retry', {}));
        if (status) set({ status });
      },
      async openDrawer(reason) {
        set({ answer: null });
        const answer = await run('drawer', () => api.call('drawer.open', { reason }));
        if (answer) set({ answer: { what: 'drawer', answer } });
        return answer?.ok ?? false;
      },
    };
  });
  api.on('printer.changed', (status) => store.setState({ status }));
  api.on('printer.discovery', (discovery) =>
    store.setState({ discovery: discovery.phase === 'done' ? null : discovery }),
  );
  return store;
}

export type PrinterStore = ReturnType<typeof createPrinterStore>;
