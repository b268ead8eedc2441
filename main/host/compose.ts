/**
 * The composition root shared by the Electron shell and the browser host: the desk, the router
 * over its handlers, and the event hub, given the platform's pieces (where files go, how secrets
 * and the cache key are kept). Training starts when nothing is set up, so a new counter PC opens
 * on the demo store rather than an empty screen.
 */
import type { Logger } from '../api/log';
import { clockWith } from '../common/clock';
import type { TrainingStarter } from '../desk/ports';
import { Desk } from '../desk/desk';
import { Router, type Handlers } from '../ipc/router';
import type { KeyProvider, OpenFile } from '../local/index';
import { EventHub } from './events';
import type { GuardedSecretStore } from './secrets';
import { SettingsFile } from '../desk/settings';
import { meshShopOpener } from '../desk/shop/open-shop';
import type { ShopOverrides } from './shop-flags';
import { InstalledApp, type InstalledPlatform } from '../installed/installed-app';
import { InstalledSettingsFile } from '../installed/installed-settings';

export interface Platform {
  dataDir: string;
  secrets: GuardedSecretStore;
  /** The head office's device credential (issue 40): kept as the API key is; none: memory only. */
  officeSecrets?: GuardedSecretStore;
  keyProvider: KeyProvider;
  logger: Logger;
  /** The service's address when set-up does not give one. */
  defaultServiceUrl?: string | null;
  /** electron-store in the shell; conf (the default) elsewhere. */
  openFile?: (root: string) => OpenFile;
  startTraining?: TrainingStarter;
  now?: () => number;
  /**
   * The installed app's pieces (issue 14): the desktop shell gives its updater, log files and
   * counter mode; left out (the browser host), none of them, with the settings kept all the same.
   */
  installed?: Partial<InstalledPlatform>;
}

export interface ComposeOptions {
  /** Run training whenever nothing is set up (default true): at start and after removeKey. */
  trainingWhenNotSetUp?: boolean;
  /**
   * Handlers the platform provides itself (the shell prints); given the desk they work on. They
   * stand behind the same feature checks as the desk's own.
   */
  overrides?: (desk: Desk) => Partial<Handlers>;
  /** Shop settings given by the platform (the host's flags), over the counter's saved ones. */
  shop?: ShopOverrides;
  /**
   * Where the shop's listener binds and whether it uses mDNS: the desktop app listens on the
   * shop's LAN and discovers (`{ listenHost: '0.0.0.0', discovery: true }`); the default is
   * loopback without discovery (the browser host, tests: several counters on one machine).
   */
  shopNetwork?: { listenHost: string; discovery: boolean };
}

export interface Composed {
  desk: Desk;
  router: Router;
  events: EventHub;
  /** The date the renderer last asked the day view of (what the menu's print prints). */
  lastViewedDate(): string | null;
  /** The shop overrides as given (none: {}), for the Shop to apply when it starts. */
  shop: ShopOverrides;
  /** The shop listener's bound port; null while none listens (sharing off, not set up, training). */
  shopPort(): number | null;
  /** Updates, counter mode, logs, the support bundle. */
  installed: InstalledApp;
  /**
   * Build today's day view and check its answer while the page loads (its script is parsed then,
   * and the main process is idle), so the page's first `day.get` is answered at once (decision
   * G12). Call once the page has been served; nothing is asked of the service.
   */
  prepareFirstView(): void;
  close(): Promise<void>;
}

export async function compose(platform: Platform, options: ComposeOptions = {}): Promise<Composed> {
  const events = new EventHub(platform.logger);
  const shop = options.shop ?? {};
  applyShopOverrides(platform, shop);
  let shopPort: number | null = null;
  const given = platform.installed ?? {};
  // Built before the desk (its channels need it); what it needs of the desk is asked later.
  const installed = new InstalledApp(
    {
      settings:
        given.settings ??
        new InstalledSettingsFile(platform.dataDir, platform.logger, platform.openFile),
      app: given.app ?? { name: 'Front Desk', version: '0.0.0', versions: {} },
      updater: given.updater ?? null,
      unavailable: given.unavailable ?? 'not_installed',
      logs: given.logs,
      counterMode: given.counterMode,
      crashDumps: given.crashDumps,
      idleSeconds: given.idleSeconds,
      saveBundle: given.saveBundle,
      updateTimings: given.updateTimings,
    },
    {
      activity: () => desk.activity(),
      timeZone: () => desk.setupStatus().store?.timeZone ?? null,
      emit: (view) => events.emit('installed.changed', view),
      logger: platform.logger,
      clock: platform.now && clockWith(platform.now),
    },
  );
  const desk: Desk = new Desk({
    dataDir: platform.dataDir,
    secrets: platform.secrets,
    officeSecrets: platform.officeSecrets,
    keyProvider: platform.keyProvider,
    logger: platform.logger,
    defaultServiceUrl: platform.defaultServiceUrl ?? null,
    startTraining: platform.startTraining ?? lazyTraining,
    emit: (event, payload) => events.emit(event, payload),
    openFile: platform.openFile,
    now: platform.now,
    trainingByDefault: options.trainingWhenNotSetUp ?? true,
    installed,
    openShop: meshShopOpener({
      listenHost: options.shopNetwork?.listenHost ?? '127.0.0.1',
      discovery: shop.discovery ?? options.shopNetwork?.discovery ?? false,
      port: shop.port,
      onListening: (port) => (shopPort = port),
    }),
  });

  let lastViewed: string | null = null;
  const base = desk.handlers(options.overrides?.(desk));
  const handlers: Handlers = {
    ...base,
    // Refuse before the desk closes the current session, not after: a key that cannot be kept
    // safely must not cost the counter its working store.
    'setup.saveKey': (request) => {
      const problem = platform.secrets.problem();
      if (problem) throw problem;
      return base['setup.saveKey'](request);
    },
    'day.get': async (request) => {
      const day = await base['day.get'](request);
      lastViewed = day.date;
      return day;
    },
  };
  const router = new Router(handlers, platform.logger);

  // Training fails softly (logged by the desk): the set-up screen still works.
  await desk.start();
  installed.start();
  // Walk-ins sent or queued change what holds an update back (shown in set-up, the quit flag).
  events.subscribe((event) => {
    if (event === 'outbox.changed') installed.activityChanged();
  });

  return {
    desk,
    router,
    events,
    lastViewedDate: () => lastViewed,
    shop,
    shopPort: () => shopPort,
    installed,
    prepareFirstView: () => {
      try {
        const view = desk.todayView();
        if (view) router.prepare('day.get', view);
      } catch (error) {
        // Only a head start: the page's own call builds the view and says what went wrong.
        platform.logger.info('host.prepare_failed', { error });
      }
    },
    close: async () => {
      installed.stop();
      await desk.stop();
    },
  };
}

/**
 * Training's sandbox (Fastify, the simulated service, the demo scenario), loaded when training
 * starts: a counter set up on a live store never needs it, so it stays off the start-up path
 * (decision G11).
 */
const lazyTraining: TrainingStarter = async () =>
  (await import('../desk/training/sandbox')).sandboxTraining()();

/**
 * The flags' name, sharing and peers become the counter's settings (what set-up then shows and
 * changes), before the desk reads them; the port and discovery are the wire's alone.
 */
function applyShopOverrides(platform: Platform, shop: ShopOverrides): void {
  const { counterName, sharing, peers } = shop;
  if (counterName === undefined && sharing === undefined && peers === undefined) return;
  const settings = new SettingsFile(platform.dataDir, platform.logger, platform.openFile);
  const saved = settings.current.shop;
  settings.update({
    shop: {
      ...saved,
      counterName: counterName ?? saved.counterName,
      sharing: sharing ?? saved.sharing,
      peers: peers ?? saved.peers,
    },
  });
}
