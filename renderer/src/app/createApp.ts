/**
 * The app: the typed api over a bridge, the stores, i18n, and the intents that span stores
 * (open a reservation, start a walk-in, cancel). The bridge is injected: `window.frontDesk` in
 * Electron, the loopback bridge in the browser host, a fake in tests.
 *
 * Over 300 lines: the one place the stores are made and wired to each other and to the bridge's
 * events; each store's own logic lives in stores/, each intent here is a few lines.
 */
import type { i18n as I18n } from 'i18next';
import type { Bridge } from '../../../main/ipc/bridge';
import type { PartyLine, ReservationView } from '../../../main/ipc/contract';
import { createApi, type Api } from '../api/api';
import { localNow, warmFormat, type Lang } from '../format/format';
import { LANGS, createI18n, langOf, loadMessages, pickLanguage, showLanguage } from '../i18n';
import { createCancelStore } from '../stores/cancel';
import { createChangeStore, followChanges, type ChangePreset } from '../stores/change';
import { createCloseStore } from '../stores/close';
import { createDayStore } from '../stores/day';
import { createInstalledStore } from '../stores/installed';
import { createJournalStore } from '../stores/journal';
import { createMoneyStore } from '../stores/money';
import { followGuestDisplay } from '../stores/guestDisplay';
import { createNavStore } from '../stores/nav';
import { createPrinterStore } from '../stores/printer';
import { createOnSiteStore } from '../stores/onsite';
import { createReservationStore } from '../stores/reservation';
import { createSearchStore } from '../stores/search';
import { createSetupStore } from '../stores/setup';
import { createShopStore } from '../stores/shop';
import { createStaffStore } from '../stores/staff';
import { landOnSignIn } from './landing';
import { createStatusStore } from '../stores/status';
import { createWalkInStore } from '../stores/walkin';
import { createItemsStore } from '../stores/items';
import type { WalkInStart } from '../stores/walkinState';
import { loadLater } from './later';
import { afterPaint } from './paint';
import { browserPlatform, type Platform } from './platform';
import { followFlow, restoreFlow, watchStaff } from './recovery';
import type { Stores } from './stores';

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
  const startLang = options.lang ?? pickLanguage(platform.languages());
  const i18n: I18n = createI18n(startLang);
  // A counter in English fetches its words first (the start's script holds Japanese alone); one
  // not fetched leaves the window in Japanese, which it then shows.
  const ready: Promise<void> = showLanguage(i18n, startLang).catch(() => undefined);
  /** Staff switched language in this session: a late answer of prefs.get must not undo it. */
  let languageChosen = false;

  const nav = createNavStore();
  const setup = createSetupStore(api);
  const status = createStatusStore(api, platform.now);
  const day = createDayStore(api);
  const reservation = createReservationStore(api);
  const onsite = createOnSiteStore(api);
  const cancel = createCancelStore(api);
  const change = createChangeStore(api, {
    recheckMs: options.recheckMs,
    locale: () => langOf(i18n),
  });
  const shop = createShopStore(api);
  const money = createMoneyStore(api);
  const printer = createPrinterStore(api);
  const journal = createJournalStore(api);
  const close = createCloseStore(api, options.recheckMs);
  const installed = createInstalledStore(api);
  const staffStore = createStaffStore(api);
  const items = createItemsStore(api, {
    discountReasons: () => money.getState().discountReasons,
  });

  /** The store's today, even before the first day view has come. */
  function today(): string | null {
    const d = day.getState();
    if (d.today) return d.today;
    const tz = setup.getState().status?.store?.timeZone;
    return tz ? localNow(platform.now(), tz).date : null;
  }

  const actions = {
    /** A party from a list line (its details fetched) or in full (shown at once). */
    openReservation(r: PartyLine | ReservationView) {
      void reservation.getState().open(r.id, r.date, 'answers' in r ? r : undefined);
      nav.getState().go({ name: 'reservation', reservationId: r.id, date: r.date });
    },
    openManifest(productId: string, startTime: string) {
      nav.getState().go({ name: 'manifest', productId, startTime });
    },
    openDay(date: string | null) {
      // The date first: the day view never shows (or reports as watched) the previous one.
      const opening = day.getState().open(date);
      nav.getState().home();
      void opening;
    },
    startWalkIn(start?: WalkInStart) {
      walkIn.getState().start(start);
      // The counter items' tiles for its tender (issue 30), as they stand now; the reasons for
      // a discount likewise (a manager at another counter may have changed them: I13).
      void items.getState().load();
      void money.getState().loadDiscountReasons();
      nav.getState().go({ name: 'walkin' });
    },
    startCancel(r: ReservationView) {
      cancel.getState().open(r, r.date);
      nav.getState().go({ name: 'cancel', reservationId: r.id, date: r.date });
    },
    /** Change a booking's time or headcount (the new booking first, then the old one cancelled). */
    startChange(r: ReservationView, preset?: ChangePreset) {
      void change.getState().open(r, preset);
      nav.getState().go({ name: 'change', reservationId: r.id, date: r.date });
    },
    /** Switch the UI language; the main process keeps the choice for the next start. */
    setLanguage(lang: Lang) {
      languageChosen = true;
      // Instant once its words are here (fetched behind the first paint); one not fetched: the
      // window stays as it is, and the next press asks again.
      showLanguage(i18n, lang).catch(() => undefined);
      api.call('prefs.set', { locale: lang }).catch(() => {
        // Not kept: the switch still holds for this session.
      });
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
    autoReceipt: () => {
      // As `printsAtOnce`: not while the settings are not known (AA5).
      const { settings } = money.getState();
      // Its language is the guest's at the tender, else the store's (decision AB82).
      return settings?.printAutomatically ? { layout: settings.receiptLayout } : null;
    },
    discountReasons: () => money.getState().discountReasons,
    recheckMs: options.recheckMs,
  });
  // What the guest's display shows follows the walk-in (issue 31).
  const guest = followGuestDisplay(api, walkIn);

  let timer: ReturnType<typeof setInterval> | null = null;
  const unsubscribe: (() => void)[] = [];

  /**
   * The language kept by the main process; none kept: the system's (already chosen). The day's
   * layout kept with it (G16).
   */
  async function loadLanguage(): Promise<void> {
    try {
      const { locale, dayLayout } = await api.call('prefs.get', {});
      if (dayLayout) day.getState().keptLayout(dayLayout);
      // Even when already shown: a start language still on its way gives way to the kept one.
      if (locale && !languageChosen) await showLanguage(i18n, locale);
    } catch {
      // No preference to be had: the system's language stays.
    }
  }

  // Background refresh is fast only while a day is watched: tell the main process which date
  // the day view shows, and null when it is not shown. `told` is what it was last told.
  let told: string | null = null;
  function followWatch(): void {
    const set = setup.getState().status;
    const onDay = set !== null && set.mode !== 'not_set_up' && nav.getState().screen.name === 'day';
    const shown = onDay ? day.getState().date : null;
    // On the day view without a date: today is being asked for; its date follows at once.
    if (shown === told || (onDay && shown === null)) return;
    told = shown;
    api.call('day.watch', { date: shown }).catch(() => {
      // Best effort: polling goes on at the slow pace.
    });
  }

  const app = {
    api,
    i18n,
    /** The start language's words are here: render after this, so no key or other language shows. */
    ready,
    platform,
    stores: {
      nav,
      setup,
      status,
      day,
      reservation,
      onsite,
      search,
      walkIn,
      cancel,
      change,
      shop,
      money,
      journal,
      close,
      installed,
      printer,
      guestDisplay: guest.store,
      staff: staffStore,
      items,
    } satisfies Stores,
    actions,
    /** Load what the main process knows, and follow its events. */
    async start() {
      // From here on a screen staff open is theirs: the restore below never replaces it.
      const staff = watchStaff(app.stores);
      // A new store or a new key: every cached view belongs to the old one.
      unsubscribe.push(
        setup.subscribe((next, prev) => {
          const was = prev.status;
          const now = next.status;
          if (!now || (was && was.mode === now.mode && was.store?.id === now.store?.id)) return;
          if (was === null) return;
          // A new session knows of no watched day yet.
          told = null;
          day.getState().clear();
          nav.getState().home();
          if (now.mode !== 'not_set_up') void day.getState().open(null);
          void status.getState().load();
          // Another store has its own staff; nobody is signed in there yet.
          void staffStore.getState().load();
        }),
        // Signing in lands where the member may be, never on an approval (decision AB81).
        landOnSignIn(staffStore, nav),
        nav.subscribe(followWatch),
        day.subscribe(followWatch),
        setup.subscribe(followWatch),
        followChanges(api, change),
      );
      timer = setInterval(() => status.getState().tick(), options.tickMs ?? 15_000);
      // All at once: a counter PC is set up on almost every start, so the day is asked for
      // beside the set-up status rather than after it (one round trip less before it shows).
      // First on the wire what the first view waits for besides its data — the set-up (what the
      // window shows at all), who is signed in (the lock), the language and layout kept, the
      // desk's clock (what "now" is on the day) — then the day: the host answers in the order
      // calls come, so the day's data no longer reaches a page that cannot show it yet. The
      // rest goes out once the day is painted, so that no answer lands between the day's data
      // and its paint (decision G27).
      const started = Promise.all([
        // While the day is on its way, build the formatters it will be shown with.
        Promise.all([setup.getState().load(), loadLanguage()]).then(() => {
          const store = setup.getState().status?.store;
          if (store) warmFormat(langOf(i18n), store.timeZone, store.currency, platform.now());
        }),
        // Who is signed in (issue 29): the lock screen, or who the header names.
        staffStore.getState().load(),
        status.getState().load(),
        day
          .getState()
          .open(null)
          .then(afterPaint)
          .then(() =>
            Promise.all([
              // The refunds owed, loud from the start: the journal they come from is read
              // behind the day view (decision G6).
              money.getState().loadOwed(),
              // The printer's state for the status bar and the tender; the desk warms the
              // printer's encoders behind it, off the way to the first paint (decision M21).
              printer.getState().load(),
              // The money settings (quick cash, QR brands).
              money.getState().loadSettings(),
              // The update's status for the status bar; counter mode and logs for set-up.
              installed.getState().load(),
              // Changes still to cancel, loud from the start.
              change.getState().loadList(),
            ]),
          ),
      ]);
      // The requests are on their way: use the wait to build the formatters of the most likely
      // store (a Japanese one). The first time-zone formatter costs tens of milliseconds, which
      // would otherwise fall between the day's data arriving and the day being painted.
      warmFormat(langOf(i18n), 'Asia/Tokyo', 'JPY', platform.now());
      await started;
      // The screens the window did not start with, and the other languages' words, fetched now
      // the day is painted: opening one, or switching, then waits for nothing.
      const screens = Promise.all([
        loadLater(),
        ...LANGS.filter((l) => l !== langOf(i18n)).map((l) =>
          loadMessages(l).catch(() => undefined),
        ),
      ]);
      const set = setup.getState().status;
      if (!set || set.mode === 'not_set_up') day.getState().clear();
      // A window reloaded after a crash: back where staff were. Then where they are is told as
      // it changes (never before: the first report would overwrite what was kept).
      await restoreFlow(api, app.stores, actions, staff.opened).finally(staff.stop);
      unsubscribe.push(followFlow(api, app.stores));
      await screens;
    },
    stop() {
      if (timer) clearInterval(timer);
      guest.stop();
      for (const off of unsubscribe.splice(0)) off();
      api.dispose();
    },
  };
  return app;
}

export type FrontDeskApp = ReturnType<typeof createApp>;
export type Actions = FrontDeskApp['actions'];
