/**
 * The app: the typed api over a bridge, the stores, i18n, and the intents that span stores
 * (open a reservation, start a walk-in, cancel). The bridge is injected: `window.frontDesk` in
 * Electron, the loopback bridge in the browser host, a fake in tests.
 */
import type { i18n as I18n } from 'i18next';
import type { Bridge } from '../../../main/ipc/bridge';
import type { ReservationView } from '../../../main/ipc/contract';
import { createApi, type Api } from '../api/api';
import { localNow, type Lang } from '../format/format';
import { createI18n, langOf, pickLanguage } from '../i18n';
import { createCancelStore } from '../stores/cancel';
import { createDayStore } from '../stores/day';
import { createNavStore } from '../stores/nav';
import { createReservationStore } from '../stores/reservation';
import { createSearchStore } from '../stores/search';
import { createSetupStore } from '../stores/setup';
import { createStatusStore } from '../stores/status';
import { createWalkInStore, type WalkInStart } from '../stores/walkin';
import { browserPlatform, type Platform } from './platform';

export interface AppOptions extends Partial<Platform> {
  /** The UI language; by default the first of the user's languages we speak. */
  lang?: Lang;
  /** Typing pause before a search (ms). */
  searchDebounceMs?: number;
  /** How often ages in the status bar are brought up to date (ms). */
  tickMs?: number;
  /** Pause after a headcount change before fitting slots are asked again (ms). */
  recheckMs?: number;
}

export function createApp(bridge: Bridge, options: AppOptions = {}) {
  const platform: Platform = { ...browserPlatform, ...options };
  const api: Api = createApi(bridge);
  const i18n: I18n = createI18n(options.lang ?? pickLanguage(platform.languages()));

  const nav = createNavStore();
  const setup = createSetupStore(api);
  const status = createStatusStore(api, platform.now);
  const day = createDayStore(api);
  const reservation = createReservationStore(api);
  const cancel = createCancelStore(api);

  /** The store's today, even before the first day view has come. */
  function today(): string | null {
    const d = day.getState();
    if (d.today) return d.today;
    const tz = setup.getState().status?.store?.timeZone;
    return tz ? localNow(platform.now(), tz).date : null;
  }

  const actions = {
    openReservation(r: ReservationView) {
      void reservation.getState().open(r.id, r.date, r);
      nav.getState().go({ name: 'reservation', reservationId: r.id, date: r.date });
    },
    openManifest(productId: string, startTime: string) {
      nav.getState().go({ name: 'manifest', productId, startTime });
    },
    openDay(date: string | null) {
      nav.getState().home();
      void day.getState().open(date);
    },
    startWalkIn(start?: WalkInStart) {
      walkIn.getState().start(start);
      nav.getState().go({ name: 'walkin' });
    },
    startCancel(r: ReservationView, rebook: boolean) {
      cancel.getState().open(r, r.date, rebook);
      nav.getState().go({ name: 'cancel', reservationId: r.id, date: r.date });
    },
    setLanguage(lang: Lang) {
      void i18n.changeLanguage(lang);
    },
  };

  const search = createSearchStore(api, {
    date: () => day.getState().date,
    open: (r) => actions.openReservation(r),
    showResults: () => nav.getState().go({ name: 'search' }),
    debounceMs: options.searchDebounceMs,
  });
  const walkIn = createWalkInStore(api, {
    date: today,
    locale: () => langOf(i18n),
    recheckMs: options.recheckMs,
  });

  let timer: ReturnType<typeof setInterval> | null = null;
  let unwatch: (() => void) | null = null;

  return {
    api,
    i18n,
    platform,
    stores: { nav, setup, status, day, reservation, search, walkIn, cancel },
    actions,
    /** Load what the main process knows, and follow its events. */
    async start() {
      // A new store or a new key: every cached view belongs to the old one.
      unwatch = setup.subscribe((next, prev) => {
        const was = prev.status;
        const now = next.status;
        if (!now || (was && was.mode === now.mode && was.store?.id === now.store?.id)) return;
        if (was === null) return;
        day.getState().clear();
        nav.getState().home();
        if (now.mode !== 'not_set_up') void day.getState().open(null);
        void status.getState().load();
      });
      timer = setInterval(() => status.getState().tick(), options.tickMs ?? 15_000);
      await setup.getState().load();
      const set = setup.getState().status;
      await Promise.all([
        status.getState().load(),
        set && set.mode !== 'not_set_up' ? day.getState().open(null) : Promise.resolve(),
      ]);
    },
    stop() {
      if (timer) clearInterval(timer);
      unwatch?.();
      api.dispose();
    },
  };
}

export type FrontDeskApp = ReturnType<typeof createApp>;
export type Actions = FrontDeskApp['actions'];
export type Stores = FrontDeskApp['stores'];
