/**
 * The composition root shared by the Electron shell and the browser host: the desk, the router
 * over its handlers, and the event hub, given the platform's pieces (where files go, how secrets
 * and the cache key are kept). Training starts when nothing is set up, so a new counter PC opens
 * on the demo store rather than an empty screen.
 */
import type { Logger } from '../api/log';
import type { TrainingStarter } from '../desk/context';
import { Desk } from '../desk/desk';
import { Router, type Handlers } from '../ipc/router';
import type { KeyProvider, OpenFile } from '../local/index';
import { sandboxTraining } from '../desk/training/sandbox';
import { EventHub } from './events';
import type { GuardedSecretStore } from './secrets';
import type { ShopOverrides } from './shop-flags';

export interface Platform {
  dataDir: string;
  secrets: GuardedSecretStore;
  keyProvider: KeyProvider;
  logger: Logger;
  /** The service's address when set-up does not give one. */
  defaultServiceUrl?: string | null;
  /** electron-store in the shell; conf (the default) elsewhere. */
  openFile?: (root: string) => OpenFile;
  startTraining?: TrainingStarter;
  now?: () => number;
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
}

export interface Composed {
  desk: Desk;
  router: Router;
  events: EventHub;
  /** The date the renderer last asked the day view of (what the menu's print prints). */
  lastViewedDate(): string | null;
  /** The shop overrides as given (none: {}), for the Shop to apply when it starts. */
  shop: ShopOverrides;
  /** The shop listener's bound port; null while none listens (sharing off; no Shop wired yet). */
  shopPort(): number | null;
  close(): Promise<void>;
}

export async function compose(platform: Platform, options: ComposeOptions = {}): Promise<Composed> {
  const events = new EventHub(platform.logger);
  const desk = new Desk({
    dataDir: platform.dataDir,
    secrets: platform.secrets,
    keyProvider: platform.keyProvider,
    logger: platform.logger,
    defaultServiceUrl: platform.defaultServiceUrl ?? null,
    startTraining: platform.startTraining ?? sandboxTraining(),
    emit: (event, payload) => events.emit(event, payload),
    openFile: platform.openFile,
    now: platform.now,
    trainingByDefault: options.trainingWhenNotSetUp ?? true,
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

  return {
    desk,
    router,
    events,
    lastViewedDate: () => lastViewed,
    shop: options.shop ?? {},
    shopPort: () => null,
    close: () => desk.stop(),
  };
}
