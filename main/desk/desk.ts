/**
 * The counter's services behind the IPC router: set-up (key, store, training), the day view,
 * search, check-in, headcount, walk-in, cancellation, the outbox and the status bar. Plain
 * TypeScript over the client and the store; the shell gives it a place for files, a secret
 * store for the API key and a key for the cache, and forwards its events to the renderer.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { z } from 'zod';
import { ReservationClient, PLAN_LIMITS, type Logger } from '../api/index';
import type { KeyStatus, Store } from '../api/client';
import type {
  EventName,
  EventPayload,
  Feature,
  KeyInfo,
  OutboxItem,
  SetupStatus,
  Status,
  StoreSummary,
} from '../ipc/contract';
import { DeskError, type Handlers } from '../ipc/router';
import { Files, OutboxError, confOpener, type KeyProvider, type OpenFile } from '../local/index';
import type { OutboxEntry } from '../local/outbox';
import { confirmCancel, previewCancel } from './cancel/cancel';
import { recordCheckIn, undoCheckIn } from './checkin/checkin';
import {
  buildDayView,
  productsOf,
  requireReservation,
  reservationViewOn,
  todayIn,
} from './day/day';
import { checkHeadcount } from './headcount/headcount';
import { ensureCatalogue, whileOnline } from './link';
import { search } from './search/search';
import { bookWalkIn, quoteWalkIn, walkInForm } from './walkin/walkin';
import { featuresFor } from './features';
import { outboxItemOf, statusOf } from './status/status';
import { Session, type SessionOptions } from './session';

/** Where the API key is kept: the shell uses Electron's safeStorage; tests keep it in memory. */
export interface SecretStore {
  read(): string | null;
  write(value: string): void;
  clear(): void;
}

/** Starts the built-in sandbox for training; injected so the desk does not depend on it. */
export type TrainingStarter = () => Promise<{
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}>;

export interface DeskOptions {
  dataDir: string;
  secrets: SecretStore;
  keyProvider: KeyProvider;
  logger: Logger;
  /** The service's address when set-up does not give one. */
  defaultServiceUrl: string | null;
  startTraining: TrainingStarter;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  openFile?: (root: string) => OpenFile;
  now?: () => number;
  /** Client tuning for the sessions (tests shorten retries). */
  client?: SessionOptions['client'];
  /** Not set up (first start, key removed): run training, so the app is usable at once. */
  trainingByDefault?: boolean;
  /**
   * How long `day.get` waits, when the cache lacks the day (right after set-up), for the
   * catalogue, the day's availability and the first sync before answering with what it has.
   */
  fillWaitMs?: number;
}

const messageOfFeature: Record<Feature, string> = {
  dayView: 'the key cannot read the day',
  checkIn: 'the key cannot read reservations',
  walkIn: 'the key cannot create reservations',
  cancel: 'the key cannot cancel reservations',
  customerSearch: 'the key cannot search customers',
};

type Training = { baseUrl: string; apiKey: string; close(): Promise<void> };

/** A promise that resolves after `ms` without keeping the process alive. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

const Settings = z.object({
  v: z.literal(1),
  mode: z.enum(['not_set_up', 'live', 'training']),
  serviceUrl: z.string().nullable(),
  storeId: z.string().nullable(),
  plan: z.enum(['standard', 'facility']).nullable(),
  key: z
    .object({
      organizationId: z.string(),
      name: z.string(),
      scopes: z.array(z.string()),
      storeLimit: z.string().nullable(),
    })
    .nullable(),
  /** The store as last listed (no customer data): the counter can start offline from the cache. */
  store: z.looseObject({ id: z.string(), name: z.string() }).nullable().default(null),
  /** The counter's language; null follows the system. */
  locale: z.enum(['ja', 'en']).nullable().default(null),
});
type Settings = z.infer<typeof Settings>;

const NOT_SET_UP: Settings = {
  v: 1,
  mode: 'not_set_up',
  serviceUrl: null,
  storeId: null,
  plan: null,
  key: null,
  store: null,
  locale: null,
};

function keyInfo(ping: KeyStatus): KeyInfo {
  return {
    organizationId: ping.organizationId,
    name: ping.name,
    scopes: ping.scopes.map(String),
    storeLimit: ping.teamId,
  };
}

function summary(store: Store): StoreSummary {
  return {
    id: store.id,
    name: store.name,
    timeZone: typeof store.timeZone === 'string' ? store.timeZone : 'Asia/Tokyo',
    currency: typeof store.currency === 'string' ? store.currency : 'JPY',
    acceptsOnSite: Array.isArray(store.paymentMethods) && store.paymentMethods.includes('on_site'),
  };
}

/** Outbox refusals (an entry in the wrong state, an unknown id) are the renderer's to show. */
function outboxCall<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutboxError) {
      const unknown = error.message.startsWith('no outbox entry');
      throw new DeskError(
        unknown ? 'OUTBOX_ENTRY_NOT_FOUND' : 'OUTBOX_REFUSED',
        unknown ? 'no such walk-in in the outbox' : error.message,
      );
    }
    throw error;
  }
}

export class Desk {
  private readonly settingsFiles: Files;
  private settings: Settings;
  private session: Session | null = null;
  private stores: Store[] = [];
  private training: Training | null = null;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  /** The date the day view shows: sync updates are announced for it. */
  private viewingDate: string | null = null;
  /** What a day view waits for when the cache lacks it, per date. */
  private readonly filling = new Map<string, Promise<void>>();
  /** E-mails of customers found by search (for a repeat discount by customer id); memory only. */
  private readonly customerEmails = new Map<string, string>();

  constructor(private readonly options: DeskOptions) {
    this.now = options.now ?? Date.now;
    const root = path.join(options.dataDir, 'settings');
    this.settingsFiles = new Files(
      root,
      options.openFile?.(root) ?? confOpener(root),
      options.logger,
    );
    this.settings = this.settingsFiles.read('', 'settings', Settings) ?? { ...NOT_SET_UP };
  }

  /** Resume where the counter left off: the saved key and store, or training anew. */
  async start(): Promise<void> {
    try {
      if (this.settings.mode === 'live') await this.openLive();
      else if (this.settings.mode === 'training' || this.options.trainingByDefault)
        await this.startTraining();
    } catch (error) {
      // Offline at start-up and nothing known of the store: set-up shows what is missing.
      this.options.logger.warn('desk.start_deferred', { error });
    }
  }

  async stop(): Promise<void> {
    this.closeSession();
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    await this.stopTraining();
  }

  // --- set-up ----------------------------------------------------------------------------------

  private saveSettings(next: Settings): void {
    this.settings = next;
    this.settingsFiles.write('', 'settings', next);
  }

  private serviceUrl(given: string | null): string {
    const url = given ?? this.settings.serviceUrl ?? this.options.defaultServiceUrl;
    if (!url) throw new DeskError('NO_SERVICE_URL', 'the service address is not configured');
    // The key goes with every request: never in clear over a network, only to this machine.
    const { protocol, hostname } = new URL(url);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
    if (protocol !== 'https:' && !(protocol === 'http:' && loopback))
      throw new DeskError('INSECURE_SERVICE_URL', 'the service address must use https');
    return url;
  }

  setupStatus(): SetupStatus {
    const s = this.settings;
    const listed = this.stores.find((x) => x.id === s.storeId);
    const known = listed ?? (s.store?.id === s.storeId ? (s.store as Store | null) : null);
    const store = this.session ? summary(this.session.store) : known ? summary(known) : null;
    return {
      mode: s.mode,
      key: s.key,
      plan: s.plan,
      store,
      features: featuresFor(s.key?.scopes ?? null, s.storeId !== null),
    };
  }

  /** Refuse what the key's scopes do not allow, before anything is sent or queued. */
  private requireFeature(feature: Feature): void {
    const state = featuresFor(this.settings.key?.scopes ?? null, this.settings.storeId !== null)[
      feature
    ];
    if (!state.enabled)
      throw new DeskError('FEATURE_UNAVAILABLE', messageOfFeature[feature], [
        { feature, reason: state.reason, scope: state.scope },
      ]);
  }

  private announceSetup(): SetupStatus {
    const status = this.setupStatus();
    this.options.emit('setup.changed', status);
    this.queueStatus();
    return status;
  }

  /** A client for set-up: few retries, so a wrong address or a dead key is said quickly. */
  private setupClient(baseUrl: string, apiKey: string): ReservationClient {
    return new ReservationClient({
      baseUrl,
      apiKey,
      logger: this.options.logger,
      retry: { ...this.options.client?.retry, maxAttempts: 2 },
    });
  }

  /** Validate a pasted key with ping and list its stores; nothing is saved. */
  async checkKey(apiKey: string, serviceUrl: string | null) {
    const client = this.setupClient(this.serviceUrl(serviceUrl), apiKey);
    try {
      const ping = await client.ping({ lane: 'write', deadlineMs: 15_000 });
      const stores = await client.stores({ lane: 'write', deadlineMs: 15_000 });
      const key = keyInfo(ping);
      return {
        key,
        stores: stores.map(summary),
        // What the key's scopes allow; the store is chosen in the same form.
        features: featuresFor(key.scopes, true),
        raw: stores,
      };
    } finally {
      client.close();
    }
  }

  async saveKey(
    apiKey: string,
    serviceUrl: string | null,
    storeId: string,
    plan: 'standard' | 'facility',
  ): Promise<SetupStatus> {
    const checked = await this.checkKey(apiKey, serviceUrl);
    const store = checked.raw.find((s) => s.id === storeId);
    if (!store) throw new DeskError('STORE_NOT_AVAILABLE', 'this key cannot use that store');
    // Keep the key first: if it cannot be kept safely, the counter keeps its working session.
    this.options.secrets.write(apiKey);
    this.closeSession();
    await this.stopTraining();
    this.stores = checked.raw;
    this.saveSettings({
      ...this.settings,
      v: 1,
      mode: 'live',
      serviceUrl: this.serviceUrl(serviceUrl),
      storeId,
      plan,
      key: checked.key,
      store,
    });
    this.openSession(
      this.serviceUrl(null),
      () => this.options.secrets.read() ?? '',
      store,
      plan,
      'live',
    );
    return this.announceSetup();
  }

  async selectStore(storeId: string): Promise<SetupStatus> {
    if (this.settings.mode === 'not_set_up')
      throw new DeskError('NOT_SET_UP', 'set up a key first');
    const store = this.stores.find((s) => s.id === storeId);
    if (!store) throw new DeskError('STORE_NOT_AVAILABLE', 'this key cannot use that store');
    const training = this.settings.mode === 'training' ? this.training : null;
    if (this.settings.mode === 'training' && !training)
      throw new DeskError('NOT_SET_UP', 'training is not running');
    this.closeSession();
    this.saveSettings({ ...this.settings, storeId, store });
    const url = training ? training.baseUrl : this.serviceUrl(null);
    const key = training ? () => training.apiKey : () => this.options.secrets.read() ?? '';
    this.openSession(url, key, store, this.settings.plan ?? 'standard', this.settings.mode);
    return this.announceSetup();
  }

  async removeKey(): Promise<SetupStatus> {
    this.closeSession();
    await this.stopTraining();
    this.options.secrets.clear();
    this.stores = [];
    this.customerEmails.clear();
    // The key goes; the counter's language stays.
    this.saveSettings({ ...NOT_SET_UP, locale: this.settings.locale });
    if (this.options.trainingByDefault) {
      try {
        return await this.startTraining();
      } catch (error) {
        this.options.logger.warn('desk.training_failed', { error });
      }
    }
    return this.announceSetup();
  }

  /** Training: the built-in sandbox on a random loopback port, a fresh key, the demo store. */
  async startTraining(): Promise<SetupStatus> {
    const training = await this.options.startTraining();
    let ping: KeyStatus;
    let stores: Store[];
    const client = new ReservationClient({
      baseUrl: training.baseUrl,
      apiKey: training.apiKey,
      logger: this.options.logger,
    });
    try {
      ping = await client.ping({ lane: 'write' });
      stores = await client.stores({ lane: 'write' });
    } catch (error) {
      await training.close().catch(() => undefined);
      throw error;
    } finally {
      client.close();
    }
    // Only now the running session (and any earlier training) ends.
    this.closeSession();
    await this.stopTraining();
    this.training = training;
    this.stores = stores;
    // Every training starts from the demo as it is today.
    rmSync(path.join(this.options.dataDir, 'training'), { recursive: true, force: true });
    const store =
      this.stores.find(
        (s) => s.id === this.settings.storeId && this.settings.mode === 'training',
      ) ?? this.stores[0];
    if (!store) {
      await this.stopTraining();
      throw new DeskError('NO_STORE', 'the training service has no store');
    }
    this.saveSettings({
      ...this.settings,
      v: 1,
      mode: 'training',
      serviceUrl: null,
      storeId: store.id,
      plan: 'facility',
      key: keyInfo(ping),
      store,
    });
    const apiKey = training.apiKey;
    this.openSession(training.baseUrl, () => apiKey, store, 'facility', 'training');
    return this.announceSetup();
  }

  private async stopTraining(): Promise<void> {
    const training = this.training;
    this.training = null;
    await training?.close().catch((error: unknown) => {
      this.options.logger.warn('desk.training_close_failed', { error });
    });
  }

  /**
   * The saved key and store. The store's listing is asked for first; when the service cannot be
   * reached the store as last listed is used, so the counter works from the cache offline.
   */
  private async openLive(): Promise<void> {
    const key = this.options.secrets.read();
    if (!key || !this.settings.storeId) return;
    const client = this.setupClient(this.serviceUrl(null), key);
    let store = this.settings.store as Store | null;
    try {
      // The key's scopes may have changed in the service's admin screen since set-up.
      const ping = await client.ping({ lane: 'write', deadlineMs: 8_000 });
      this.stores = await client.stores({ lane: 'write', deadlineMs: 8_000 });
      store = this.stores.find((s) => s.id === this.settings.storeId) ?? null;
      this.saveSettings({
        ...this.settings,
        key: keyInfo(ping),
        store: store ?? this.settings.store,
      });
    } catch (error) {
      if (!store || store.id !== this.settings.storeId) throw error;
      this.options.logger.info('desk.start_offline', { error });
      this.stores = [store];
    } finally {
      client.close();
    }
    if (!store) {
      this.options.logger.warn('desk.store_gone', { storeId: this.settings.storeId });
      return;
    }
    this.openSession(
      this.serviceUrl(null),
      () => this.options.secrets.read() ?? '',
      store,
      this.settings.plan ?? 'standard',
      'live',
    );
  }

  private openSession(
    serviceUrl: string,
    apiKey: () => string,
    store: Store,
    plan: 'standard' | 'facility',
    mode: 'live' | 'training',
  ): void {
    const session = new Session({
      serviceUrl,
      apiKey,
      storeId: store.id,
      store,
      plan: PLAN_LIMITS[plan],
      dataDir: path.join(this.options.dataDir, mode),
      organizationId: this.settings.key?.organizationId ?? 'org',
      keyProvider: this.options.keyProvider,
      openFile: this.options.openFile,
      logger: this.options.logger,
      now: this.options.now,
      client: this.options.client,
      onSyncProgress: (p) => {
        this.queueStatus();
        if (p.done || p.records > 0)
          this.options.emit('day.changed', {
            dates: this.viewingDate ? [this.viewingDate] : [],
          });
      },
      onChange: () => this.queueStatus(),
      onReservations: (dates) => {
        if (this.session === session) this.options.emit('day.changed', { dates });
      },
    });
    session.local.cache.saveStores(this.stores);
    session.outbox.on('change', (entries) => {
      this.options.emit('outbox.changed', { items: entries.map((e) => this.outboxItem(e)) });
      this.queueStatus();
    });
    this.session = session;
    this.viewingDate = null;
    session.start();
  }

  private closeSession(): void {
    this.session?.close();
    this.session = null;
    this.filling.clear();
  }

  private requireSession(): Session {
    if (!this.session) throw new DeskError('NOT_SET_UP', 'no store is connected');
    return this.session;
  }

  // --- the day ---------------------------------------------------------------------------------

  /**
   * What a day view needs and the cache lacks — the catalogue, the day's availability, the first
   * sync — fetched now, waited for a short while. Later the scheduler keeps it fresh behind.
   */
  private async fillDay(s: Session, date: string): Promise<void> {
    if (s.connectivity.state.link === 'offline') return;
    const { cache } = s.local;
    const products = () => [...productsOf(s).keys()];
    const lacking =
      !cache.catalogue() ||
      cache.syncState().watermark === null ||
      products().some((id) => !cache.availabilityOn(date).has(id));
    if (!lacking) return;
    let pending = this.filling.get(date);
    if (!pending) {
      pending = (async () => {
        const sync = s.sync.syncStore().catch(() => undefined);
        await ensureCatalogue(s);
        const have = cache.availabilityOn(date);
        const missing = products().filter((id) => !have.has(id));
        await Promise.allSettled([
          missing.length ? s.scheduler.refreshAvailability(date, missing) : null,
          sync,
        ]);
      })()
        .catch((error: unknown) => this.options.logger.info('desk.fill_failed', { error }))
        .finally(() => {
          if (this.filling.get(date) === pending) this.filling.delete(date);
        });
      this.filling.set(date, pending);
    }
    const done = await Promise.race([pending.then(() => true), pause(this.fillWaitMs())]);
    if (!done) {
      // Answered with what there was: say so again when the rest has come.
      void pending.then(() => {
        if (this.session === s) this.options.emit('day.changed', { dates: [date] });
      });
    }
  }

  private fillWaitMs(): number {
    return this.options.fillWaitMs ?? 5_000;
  }

  // --- status ----------------------------------------------------------------------------------

  status(): Status {
    return statusOf(this.session, this.settings.mode === 'training', this.now());
  }

  /** Status changes come in bursts (every request moves the governor): send at most 4 a second. */
  private queueStatus(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      this.options.emit('status.changed', this.status());
    }, 250);
  }

  private outboxItem(e: OutboxEntry): OutboxItem {
    return outboxItemOf(e, this.session);
  }

  // --- handlers ----------------------------------------------------------------------------------

  handlers(): Handlers {
    return {
      'setup.status': () => this.setupStatus(),
      'setup.checkKey': async ({ apiKey, serviceUrl }) => {
        const { key, stores, features } = await this.checkKey(apiKey, serviceUrl);
        return { key, stores, features };
      },
      'setup.saveKey': ({ apiKey, serviceUrl, storeId, plan }) =>
        this.saveKey(apiKey, serviceUrl, storeId, plan),
      'setup.selectStore': ({ storeId }) => this.selectStore(storeId),
      'setup.removeKey': () => this.removeKey(),
      'setup.startTraining': () => this.startTraining(),
      'status.get': () => this.status(),
      'day.get': async ({ date }) => {
        const s = this.requireSession();
        const day = date ?? todayIn(s.timeZone, this.now());
        this.viewingDate = day;
        await this.fillDay(s, day);
        s.scheduler.setViewing({ date: day, productIds: [...productsOf(s).keys()] });
        return buildDayView(s, day, this.now());
      },
      'day.refresh': async ({ date }) => {
        const s = this.requireSession();
        const fresh = await whileOnline(
          s,
          async (signal) => {
            await Promise.all([
              s.sync.syncStore(signal),
              ensureCatalogue(s, signal).then(() =>
                s.scheduler.refreshAvailability(date, [...productsOf(s).keys()]),
              ),
            ]);
            return true;
          },
          'offline',
        ).catch(() => false);
        this.options.emit('day.changed', { dates: [date] });
        return { ok: fresh };
      },
      'search.find': ({ text, date }) => search(this.requireSession(), text, date, this.now()),
      'reservation.get': ({ reservationId, date }) => {
        const s = this.requireSession();
        return reservationViewOn(s, requireReservation(s, reservationId, date), date);
      },
      'checkin.record': (request) => {
        const result = recordCheckIn(this.requireSession(), request, this.now());
        this.options.emit('day.changed', { dates: [request.date] });
        return result;
      },
      'checkin.undo': (request) => {
        const result = undoCheckIn(this.requireSession(), request, this.now());
        this.options.emit('day.changed', { dates: [request.date] });
        return result;
      },
      'headcount.check': (request) => checkHeadcount(this.requireSession(), request, this.now()),
      'walkin.form': ({ productId }) => walkInForm(this.requireSession(), productId),
      'walkin.quote': (request) =>
        quoteWalkIn(this.requireSession(), request, (id) => this.customerEmails.get(id) ?? null),
      'walkin.book': (request) => {
        const s = this.requireSession();
        this.requireFeature('walkIn');
        // A booking lands in the cache through the session, which announces its date.
        return bookWalkIn(s, request);
      },
      'customers.find': async ({ email }) => {
        const s = this.requireSession();
        this.requireFeature('customerSearch');
        const found = await whileOnline(
          s,
          (signal) => s.client.searchCustomers(s.storeId, email, { lane: 'read', signal }),
          'customer search needs the service and the link is down',
        );
        for (const c of found) this.customerEmails.set(c.id, c.email);
        return {
          customers: found.map((c) => ({
            id: c.id,
            name: [c.lastName, c.firstName].filter(Boolean).join(' '),
            email: c.email,
            phone: c.phone ?? null,
            visits: typeof c.reservationCount === 'number' ? c.reservationCount : 0,
          })),
        };
      },
      'cancel.preview': (request) => {
        const s = this.requireSession();
        this.requireFeature('cancel');
        return previewCancel(s, request);
      },
      'cancel.confirm': async (request) => {
        const s = this.requireSession();
        this.requireFeature('cancel');
        return (await confirmCancel(s, request)).result;
      },
      'outbox.list': () => ({
        items: (this.session?.outbox.list() ?? []).map((e) => this.outboxItem(e)),
      }),
      'outbox.retry': ({ id }) => {
        const s = this.requireSession();
        const entry = outboxCall(() => s.outbox.retry(id));
        if (s.connectivity.state.link !== 'offline') void s.outbox.replay().catch(() => undefined);
        return this.outboxItem(entry);
      },
      'outbox.discard': ({ id, confirm }) => {
        const s = this.requireSession();
        return this.outboxItem(outboxCall(() => s.outbox.discard(id, confirm)));
      },
      'day.watch': ({ date }) => {
        const s = this.session;
        if (!s) return { ok: false };
        s.scheduler.setViewing(
          date === null ? null : { date, productIds: [...productsOf(s).keys()] },
        );
        return { ok: true };
      },
      'prefs.get': () => ({ locale: this.settings.locale }),
      'prefs.set': ({ locale }) => {
        this.saveSettings({ ...this.settings, locale });
        return { locale };
      },
      'manifest.print': () => {
        // Printing is the shell's; the desk has nothing to print on by itself.
        throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
      },
    };
  }

  /** For the shell's print: the day view the manifest is made from. */
  dayView(date: string) {
    const s = this.requireSession();
    return buildDayView(s, date, this.now());
  }
}
