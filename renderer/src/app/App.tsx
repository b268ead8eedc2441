/**
 * The window: header (store, quick search, main actions with their keys, language), the screen,
 * and the status bar that is always there. Until a key is set up, the set-up screen is all.
 */
import { Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { langOf } from '../i18n';
import { ChangeBanner } from '../screens/change/ChangeBanner';
import { DayScreen } from '../screens/day/DayScreen';
import { SearchBox } from '../screens/search/SearchBox';
import { SearchScreen } from '../screens/search/SearchScreen';
import { DamageBanner } from '../screens/status/DamageBanner';
import { StatusBar, TrainingBanner } from '../screens/status/StatusBar';
import { WalkInScreen } from '../screens/walkin/WalkInScreen';
import { AfterCloseBanner } from '../screens/money/AfterCloseBanner';
import { RefundBanner } from '../screens/money/RefundBanner';
import { AppContext, useApp, useSlice } from './context';
import type { FrontDeskApp } from './createApp';
import { KEYS } from './shortcuts';
import { useShortcuts } from './useShortcuts';
import { Kbd } from '../components/Kbd';
import { ScreenBoundary } from '../components/ScreenBoundary';
import { featureOffId, FeaturesOff } from '../components/FeatureList';
import { ApprovalDialog } from '../screens/staff/ApprovalDialog';
import { SignInScreen } from '../screens/staff/SignInScreen';
import { WhoIsIn } from '../screens/staff/WhoIsIn';
import { isLocked } from '../stores/staff';
import { useIdleLock } from './idleLock';
import { later } from './later';
import '../screens/staff/staff.css';

/**
 * Screens not needed for the day's first paint come in their own chunks (later.tsx): set-up (with
 * the printer's and the invoice's), the journal, refunds, the close, staff settings, the audit, a
 * slot's manifest, a cancel, a change and the list of changes, the outbox, and a reservation with
 * its payment (fetched right behind the first paint, before staff can pick one: G18). The day,
 * search, the walk-in and signing in stay in the start.
 */
const ReservationScreen = later(() =>
  import('../screens/reservation/ReservationScreen').then((m) => m.ReservationScreen),
);
const ManifestScreen = later(() =>
  import('../screens/manifest/ManifestScreen').then((m) => m.ManifestScreen),
);
const CancelScreen = later(() =>
  import('../screens/cancel/CancelScreen').then((m) => m.CancelScreen),
);
const ChangeScreen = later(() =>
  import('../screens/change/ChangeScreen').then((m) => m.ChangeScreen),
);
const ChangesScreen = later(() =>
  import('../screens/change/ChangesScreen').then((m) => m.ChangesScreen),
);
const OutboxScreen = later(() =>
  import('../screens/status/OutboxScreen').then((m) => m.OutboxScreen),
);
const SetupScreen = later(() => import('../screens/setup/SetupScreen').then((m) => m.SetupScreen));
const JournalScreen = later(() =>
  import('../screens/money/JournalScreen').then((m) => m.JournalScreen),
);
const ItemsScreen = later(() => import('../screens/items/ItemsScreen').then((m) => m.ItemsScreen));
const RefundsScreen = later(() =>
  import('../screens/money/RefundsScreen').then((m) => m.RefundsScreen),
);
const CloseScreen = later(() => import('../screens/close/CloseScreen').then((m) => m.CloseScreen));
const StaffScreen = later(() => import('../screens/staff/StaffScreen').then((m) => m.StaffScreen));
const AuditScreen = later(() => import('../screens/staff/AuditScreen').then((m) => m.AuditScreen));

export function Root({ app }: { app: FrontDeskApp }) {
  return (
    <AppContext.Provider value={app}>
      <I18nextProvider i18n={app.i18n}>
        <App />
      </I18nextProvider>
    </AppContext.Provider>
  );
}

function App() {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const setup = useSlice(stores.setup, (s) => s.status);
  const screen = useSlice(stores.nav, (s) => s.screen);
  const locked = useSlice(stores.staff, (s) => isLocked(s.state));
  useShortcuts();
  useIdleLock();

  useEffect(() => {
    document.documentElement.lang = langOf(i18n);
    document.title = t('app.name');
  }, [i18n, i18n.language, t]);

  const setUp = setup !== null && setup.mode !== 'not_set_up';
  return (
    <div className="app">
      <header className="top">
        <TrainingBanner />
        <div className="top-row">
          <h1 className="brand">{t('app.name')}</h1>
          {setup?.store && <span className="store-name">{setup.store.name}</span>}
          {setUp && !locked && <SearchBox />}
          {setUp && !locked && <MainNav />}
          {setUp && <WhoIsIn />}
          <LanguageSwitch />
        </div>
        {setUp && <DamageBanner />}
        {setUp && <RefundBanner />}
        {setUp && <AfterCloseBanner />}
        {setUp && <ChangeBanner />}
      </header>
      <main id="main" className="main">
        <ScreenBoundary screen={screen} home={() => stores.nav.getState().home()}>
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            {setup === null ? (
              <p role="status">{t('common.loading')}</p>
            ) : !setUp ? (
              <SetupScreen />
            ) : locked ? (
              <SignInScreen />
            ) : (
              <ScreenView screen={screen} />
            )}
          </Suspense>
        </ScreenBoundary>
      </main>
      <StatusBar />
      <ApprovalDialog />
    </div>
  );
}

function ScreenView({
  screen,
}: {
  screen: ReturnType<FrontDeskApp['stores']['nav']['getState']>['screen'];
}) {
  switch (screen.name) {
    case 'day':
      return <DayScreen />;
    case 'manifest':
      return <ManifestScreen productId={screen.productId} startTime={screen.startTime} />;
    case 'reservation':
      return <ReservationScreen />;
    case 'walkin':
      return <WalkInScreen />;
    case 'cancel':
      return <CancelScreen />;
    case 'change':
      return <ChangeScreen />;
    case 'changes':
      return <ChangesScreen />;
    case 'outbox':
      return <OutboxScreen />;
    case 'setup':
      return <SetupScreen />;
    case 'search':
      return <SearchScreen />;
    case 'journal':
      return <JournalScreen />;
    case 'refunds':
      return <RefundsScreen />;
    case 'close':
      return <CloseScreen />;
    case 'staff':
      return <StaffScreen />;
    case 'audit':
      return <AuditScreen />;
    case 'items':
      return <ItemsScreen />;
  }
}

function MainNav() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const walkIn = useSlice(stores.setup, (s) => s.feature('walkIn'));
  const features = useSlice(stores.setup, (s) => s.status?.features);
  const mayAudit = useSlice(
    stores.staff,
    (s) => !!s.state?.enabled && !!s.state.may.includes('audit'),
  );
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <button type="button" onClick={() => actions.openDay(null)} aria-keyshortcuts={KEYS.today}>
        {t('nav.today')} <Kbd keys={KEYS.today} />
      </button>
      <button
        type="button"
        className="primary"
        disabled={!walkIn.enabled}
        aria-describedby={walkIn.enabled ? undefined : featureOffId('walkIn')}
        onClick={() => actions.startWalkIn()}
        aria-keyshortcuts={KEYS.walkIn}
      >
        {t('nav.walkIn')} <Kbd keys={KEYS.walkIn} />
      </button>
      {features && <FeaturesOff features={features} />}
      {/* Counter items sold alone (issue 30): no booking, so not behind the walk-in's scope. */}
      <button type="button" onClick={() => stores.nav.getState().go({ name: 'items' })}>
        {t('nav.items')}
      </button>
      <button
        type="button"
        onClick={() => stores.nav.getState().go({ name: 'journal' })}
        aria-keyshortcuts={KEYS.journal}
      >
        {t('nav.journal')} <Kbd keys={KEYS.journal} />
      </button>
      <button
        type="button"
        onClick={() => stores.nav.getState().go({ name: 'close' })}
        aria-keyshortcuts={KEYS.close}
      >
        {t('nav.close')} <Kbd keys={KEYS.close} />
      </button>
      <button type="button" onClick={() => stores.nav.getState().go({ name: 'setup' })}>
        {t('nav.setup')}
      </button>
      <button type="button" onClick={() => stores.nav.getState().go({ name: 'staff' })}>
        {t('staff.who.settings')}
      </button>
      {mayAudit && (
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'audit' })}>
          {t('staff.who.audit')}
        </button>
      )}
    </nav>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { actions } = useApp();
  const other = langOf(i18n) === 'ja' ? 'en' : 'ja';
  return (
    <button
      type="button"
      className="lang"
      onClick={() => actions.setLanguage(other)}
      aria-label={t('language.switchTo', { language: t(`language.${other}`) })}
    >
      <span lang={other}>{t(`language.${other}`)}</span>
    </button>
  );
}
