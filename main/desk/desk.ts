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
import type { Store } from '../api/client';
import type {
  EventName,
  EventPayload,
  OutboxItem,
  SetupStatus,
  Status,
  StoreSummary,
} from '../ipc/contract';
import { DeskError, type Handlers } from '../ipc/router';
import { Files, confOpener, type KeyProvider, type OpenFile } from '../store/index';
import type { OutboxEntry } from '../store/outbox';
import {
  bookWalkIn,
  checkHeadcount,
  confirmCancel,
  previewCancel,
  quoteWalkIn,
  recordCheckIn,
  remember,
  search,
  undoCheckIn,
  walkInForm,
} from './counter';
import { buildDayView, findReservation, todayIn } from './day';
import { featuresFor } from './features';
import { Session } from './session';
import { toReservationView } from './views';

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
});
type Settings = z.infer<typeof Settings>;

const NOT_SET_UP: Settings = {
  v: 1,
  mode: 'not_set_up',
  serviceUrl: null,
  storeId: null,
  plan: null,
  key: null,
};

function summary(store: Store): StoreSummary {
  return {
    id: store.id,
    name: store.name,
    timeZone: typeof store.timeZone === 'string' ? store.timeZone : 'Asia/Tokyo',
    currency: typeof store.currency === 'string' ? store.currency : 'JPY',
    acceptsOnSite: Array.isArray(store.paymentMethods) && store.paymentMethods.includes('on_site'),
  };
}

export class Desk {
  private readonly settingsFiles: Files;
  private settings: Settings;
  private session: Session | null = null;
  private stores: Store[] = [];
  private training: { baseUrl: string; apiKey: string; close(): Promise<void> } | null = null;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;

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
      else if (this.settings.mode === 'training') await this.startTraining();
    } catch (error) {
      // Offline at start-up: the session opens from the cache once the stores are known.
      this.options.logger.warn('desk.start_deferred', { error });
    }
  }

  async stop(): Promise<void> {
    this.session?.close();
    this.session = null;
    if (this.statusTimer) clearTimeout(this.statusTimer);
    await this.training?.close();
    this.training = null;
  }

  // --- set-up ----------------------------------------------------------------------------------

  private saveSettings(next: Settings): void {
    this.settings = next;
    this.settingsFiles.write('', 'settings', next);
  }

  private serviceUrl(given: string | null): string {
    const url = given ?? this.settings.serviceUrl ?? this.options.defaultServiceUrl;
    if (!url) throw new DeskError('NO_SERVICE_URL', 'the service address is not configured');
    return url;
  }

  setupStatus(): SetupStatus {
    const s = this.settings;
    const store = this.session
      ? summary(this.session.store)
      : (this.stores.find((x) => x.id === s.storeId) &&
          summary(this.stores.find((x) => x.id === s.storeId)!)) ||
        null;
    return {
      mode: s.mode,
      key: s.key,
      plan: s.plan,
      store,
      features: featuresFor(s.key?.scopes ?? null, s.storeId !== null),
    };
  }

  private announceSetup(): SetupStatus {
    const status = this.setupStatus();
    this.options.emit('setup.changed', status);
    this.queueStatus();
    return status;
  }

  /** Validate a pasted key with ping and list its stores; nothing is saved. */
  async checkKey(apiKey: string, serviceUrl: string | null) {
    const client = new ReservationClient({
      baseUrl: this.serviceUrl(serviceUrl),
      apiKey,
      logger: this.options.logger,
    });
    try {
      const ping = await client.ping({ lane: 'write', deadlineMs: 15_000 });
      const stores = await client.stores({ lane: 'write', deadlineMs: 15_000 });
      const key = {
        organizationId: ping.organizationId,
        name: ping.name,
        scopes: ping.scopes.map(String),
        storeLimit: ping.teamId,
      };
      return {
        key,
        stores: stores.map(summary),
        features: featuresFor(key.scopes, false),
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
    await this.closeSession();
    this.options.secrets.write(apiKey);
    this.stores = checked.raw;
    this.saveSettings({
      v: 1,
      mode: 'live',
      serviceUrl: this.serviceUrl(serviceUrl),
      storeId,
      plan,
      key: checked.key,
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
    await this.closeSession();
    this.saveSettings({ ...this.settings, storeId });
    const url = this.settings.mode === 'training' ? this.training!.baseUrl : this.serviceUrl(null);
    const key =
      this.settings.mode === 'training'
        ? this.training!.apiKey
        : (this.options.secrets.read() ?? '');
    this.openSession(url, () => key, store, this.settings.plan ?? 'standard', this.settings.mode);
    return this.announceSetup();
  }

  async removeKey(): Promise<SetupStatus> {
    await this.closeSession();
    this.options.secrets.clear();
    this.stores = [];
    this.saveSettings({ ...NOT_SET_UP });
    return this.announceSetup();
  }

  /** Training: the built-in sandbox on a random loopback port, a fresh key, the demo store. */
  async startTraining(): Promise<SetupStatus> {
    await this.closeSession();
    this.training = await this.options.startTraining();
    const trainingDir = path.join(this.options.dataDir, 'training');
    // Every training starts from the demo as it is today.
    rmSync(trainingDir, { recursive: true, force: true });
    const client = new ReservationClient({
      baseUrl: this.training.baseUrl,
      apiKey: this.training.apiKey,
      logger: this.options.logger,
    });
    const ping = await client.ping({ lane: 'write' });
    this.stores = await client.stores({ lane: 'write' });
    client.close();
    const store =
      this.stores.find(
        (s) => s.id === this.settings.storeId && this.settings.mode === 'training',
      ) ?? this.stores[0];
    if (!store) throw new DeskError('NO_STORE', 'the training service has no store');
    this.saveSettings({
      v: 1,
      mode: 'training',
      serviceUrl: null,
      storeId: store.id,
      plan: 'facility',
      key: {
        organizationId: ping.organizationId,
        name: ping.name,
        scopes: ping.scopes.map(String),
        storeLimit: ping.teamId,
      },
    });
    const apiKey = this.training.apiKey;
    this.openSession(this.training.baseUrl, () => apiKey, store, 'facility', 'training');
    return this.announceSetup();
  }

  private async openLive(): Promise<void> {
    const key = this.options.secrets.read();
    if (!key || !this.settings.storeId) return;
    const client = new ReservationClient({
      baseUrl: this.serviceUrl(null),
      apiKey: key,
      logger: this.options.logger,
    });
    try {
      this.stores = await client.stores({ lane: 'write', deadlineMs: 10_000 });
    } finally {
      client.close();
    }
    const store = this.stores.find((s) => s.id === this.settings.storeId);
    if (store)
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
      onSyncProgress: (p) => {
        this.queueStatus();
        if (p.done || p.records > 0) this.options.emit('day.changed', { dates: [] });
      },
      onChange: () => this.queueStatus(),
    });
    session.local.cache.saveStores(this.stores);
    session.outbox.on('change', (entries) => {
      this.options.emit('outbox.changed', { items: entries.map((e) => this.outboxItem(e)) });
      this.queueStatus();
    });
    this.session = session;
    session.start();
  }

  private async closeSession(): Promise<void> {
    this.session?.close();
    this.session = null;
    if (this.training && this.settings.mode !== 'training') {
      await this.training.close();
      this.training = null;
    }
  }

  private requireSession(): Session {
    if (!this.session) throw new DeskError('NOT_SET_UP', 'no store is connected');
    return this.session;
  }

  // --- status ----------------------------------------------------------------------------------

  status(): Status {
    const s = this.session;
    const g = s?.governor.state();
    const entries = s?.outbox.list() ?? [];
    const progress = s?.lastProgress ?? null;
    return {
      link: s?.connectivity.state.link ?? 'offline',
      linkSince: s?.connectivity.state.since ?? this.now(),
      syncedAt: s ? s.local.cache.syncState(s.storeId).lastSyncedAt : null,
      sync: progress && {
        phase: progress.phase,
        pages: progress.pages,
        records: progress.records,
        estimatedMsLeft: progress.estimatedMsLeft,
        done: progress.done,
      },
      outbox: {
        waiting: entries.filter((e) => e.state === 'queued' || e.state === 'sending').length,
        needsAttention: entries.filter((e) => e.state === 'refused' || e.state === 'needs_review')
          .length,
      },
      rate: {
        limit: g?.limit.requests ?? 0,
        effectiveLimit: g?.effectiveLimit ?? 0,
        queued: g ? g.queued.write + g.queued.read + g.queued.background : 0,
        recent429s: g?.recent429s ?? 0,
      },
      training: this.settings.mode === 'training',
    };
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
    const item = e.request.items[0]!;
    const c = e.request.customer;
    const product = this.session?.local.cache
      .catalogue(e.storeId)
      ?.products.find((p) => p.id === item.productId);
    return {
      id: e.id,
      state: e.state,
      createdAt: e.createdAt,
      attempts: e.attempts,
      customerName: [c?.lastName, c?.firstName].filter(Boolean).join(' '),
      productName: product?.name ?? item.productId,
      date: item.date,
      startTime: item.startTime,
      adults: item.adultCount,
      children: item.childCount,
      reservationNumber: e.booked?.reservationNumber ?? null,
      refusal: e.refused ? { code: e.refused.code, message: e.refused.reason } : null,
      lastError: e.lastError,
    };
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
      'day.get': ({ date }) => {
        const s = this.requireSession();
        const day = date ?? todayIn(s.timeZone, this.now());
        s.scheduler.setViewing({
          date: day,
          productIds: (s.local.cache.catalogue(s.storeId)?.products ?? []).map((p) => p.id),
        });
        return buildDayView(s, day, this.now());
      },
      'day.refresh': async ({ date }) => {
        const s = this.requireSession();
        await s.scheduler.pollNow();
        const products = (s.local.cache.catalogue(s.storeId)?.products ?? []).map((p) => p.id);
        await s.scheduler.refreshAvailability(date, products).catch(() => undefined);
        this.options.emit('day.changed', { dates: [date] });
        return { ok: s.connectivity.state.link !== 'offline' };
      },
      'search.find': ({ text, date }) => search(this.requireSession(), text, date, this.now()),
      'reservation.get': ({ reservationId, date }) => {
        const s = this.requireSession();
        const r = findReservation(s, reservationId, date);
        if (!r)
          throw new DeskError(
            'RESERVATION_NOT_CACHED',
            'this reservation is not in the day’s data',
          );
        const products = new Map(
          (s.local.cache.catalogue(s.storeId)?.products ?? []).map((p) => [p.id, p]),
        );
        const index = Math.max(
          0,
          r.items.findIndex((i) => i.date === date),
        );
        return toReservationView(
          r,
          products,
          s.local.cache.checkInsOn(s.storeId, date).get(r.id),
          s.currency,
          index,
        );
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
      'walkin.quote': (request) => quoteWalkIn(this.requireSession(), request),
      'walkin.book': async (request) => {
        const outcome = await bookWalkIn(this.requireSession(), request);
        this.options.emit('day.changed', { dates: [request.date] });
        return outcome;
      },
      'customers.find': async ({ email }) => {
        const s = this.requireSession();
        const found = await s.client.searchCustomers(s.storeId, email, { lane: 'read' });
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
      'cancel.preview': (request) => previewCancel(this.requireSession(), request),
      'cancel.confirm': async (request) => {
        const { result, dates } = await confirmCancel(this.requireSession(), request);
        this.options.emit('day.changed', { dates });
        return result;
      },
      'outbox.list': () => ({
        items: (this.session?.outbox.list() ?? []).map((e) => this.outboxItem(e)),
      }),
      'outbox.retry': ({ id }) => {
        const s = this.requireSession();
        const entry = s.outbox.retry(id);
        void s.outbox.replay().catch(() => undefined);
        return this.outboxItem(entry);
      },
      'outbox.discard': ({ id, confirm }) =>
        this.outboxItem(this.requireSession().outbox.discard(id, confirm)),
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

  /** Put reservations into the session's cache (used by the outbox's booking callback). */
  remember(reservations: Parameters<typeof remember>[1]): string[] {
    return remember(this.requireSession(), reservations);
  }
}
