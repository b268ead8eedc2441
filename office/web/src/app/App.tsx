/**
 * The owner's page: asks the office who is signed in, shows sign-in when nobody is (or when any
 * answer says the session ended), else the header, the pages the role may use and the one the
 * address names. Never a blank page: a failure to reach the office is said with a retry.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Me } from '../../../protocol/web';
import { ApiError, createClient } from '../api/client';
import { ErrorNote } from '../components/ErrorNote';
import { setShopTimeZone } from '../format';
import { LangProvider, storeLang, storedLang, useWords, type Lang } from '../i18n';
import { Accounts } from '../pages/Accounts';
import { Exports } from '../pages/Exports';
import { Record } from '../pages/record/Record';
import { Search, type SearchState } from '../pages/search/Search';
import { SignIn } from '../pages/SignIn';
import { Today } from '../pages/today/Today';
import { Users } from '../pages/Users';
import { SessionContext } from './context';
import { Header } from './Header';
import { Nav } from './Nav';
import { mayOpen } from './roles';
import { pathOf, useRoute, type Route } from './router';

/** The period's charts (Chart.js, most of the page's weight) load when first opened. */
const Period = lazy(() => import('../pages/period/Period').then((m) => ({ default: m.Period })));
/** So do the lists' forms (with the counter's own schemas of each list). */
const Lists = lazy(() => import('../pages/lists/Lists').then((m) => ({ default: m.Lists })));

type Status =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'failed'; error: unknown }
  | { state: 'signed-in'; me: Me };

export interface AppProps {
  /** The office's fetch (tests pass a fake); the browser's by default. */
  fetch?: typeof fetch;
  /** Live page's poll, ms (2 s). */
  pollMs?: number;
}

export function App({ fetch, pollMs }: AppProps) {
  const [lang, setLang] = useState<Lang>(storedLang);
  const [status, setStatusNow] = useState<Status>({ state: 'checking' });
  // The page writes times in the stores' zone, which the office says once someone signs in.
  const setStatus = useCallback((next: Status) => {
    if (next.state === 'signed-in') setShopTimeZone(next.me.timeZone);
    setStatusNow(next);
  }, []);
  const client = useMemo(
    () => createClient({ fetch, onUnauthorised: () => setStatus({ state: 'signed-out' }) }),
    [fetch, setStatus],
  );

  const ask = useCallback(() => {
    client.me().then(
      (me) => setStatus({ state: 'signed-in', me }),
      (error: unknown) =>
        setStatus(
          error instanceof ApiError && error.kind === 'unauthorised'
            ? { state: 'signed-out' }
            : { state: 'failed', error },
        ),
    );
  }, [client, setStatus]);
  useEffect(ask, [ask]);
  const check = () => {
    setStatus({ state: 'checking' });
    ask();
  };

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const chooseLang = (next: Lang) => {
    storeLang(next);
    setLang(next);
  };

  const signOut = () => {
    // Signed out in the page whatever the office answers: its session ends with the cookie's life.
    client.signOut().catch(() => undefined);
    setStatus({ state: 'signed-out' });
  };

  const me = status.state === 'signed-in' ? status.me : null;
  return (
    <LangProvider lang={lang}>
      <Header me={me} lang={lang} onLang={chooseLang} onSignOut={signOut} />
      {status.state === 'checking' && <Checking />}
      {status.state === 'failed' && (
        <main>
          <ErrorNote error={status.error} onRetry={check} />
        </main>
      )}
      {status.state === 'signed-out' && (
        <SignIn
          client={client}
          onSignedIn={(signedIn) => setStatus({ state: 'signed-in', me: signedIn })}
        />
      )}
      {me && (
        <SessionContext.Provider value={{ client, me }}>
          <SignedIn me={me} pollMs={pollMs} />
        </SessionContext.Provider>
      )}
    </LangProvider>
  );
}

function Loading() {
  const words = useWords();
  return <p className="loading">{words.common.loading}</p>;
}

function Checking() {
  return (
    <main aria-busy="true">
      <Loading />
    </main>
  );
}

function SignedIn({ me, pollMs }: { me: Me; pollMs?: number }) {
  const route = useRoute();
  // The search's form and results outlive a visit to a record, so "back" finds them.
  const [search, setSearch] = useState<SearchState | null>(null);
  const allowed: Route =
    route.page === 'record' || mayOpen(me.role, route.page) ? route : { page: 'today' };
  // Moved to another page without a reload: the focus goes to it, as a new page's load would.
  const main = useRef<HTMLElement>(null);
  const where = pathOf(allowed);
  const first = useRef(where);
  useEffect(() => {
    if (where === first.current) return;
    first.current = '';
    main.current?.focus();
  }, [where]);
  return (
    <>
      <Nav role={me.role} current={allowed.page} />
      <main id="main" ref={main} tabIndex={-1}>
        {allowed.page === 'today' && <Today pollMs={pollMs} />}
        {allowed.page === 'period' && (
          <Suspense fallback={<Loading />}>
            <Period />
          </Suspense>
        )}
        {allowed.page === 'search' && <Search state={search} onState={setSearch} />}
        {allowed.page === 'record' && <Record recordKey={allowed.key} />}
        {allowed.page === 'exports' && <Exports />}
        {allowed.page === 'lists' && (
          <Suspense fallback={<Loading />}>
            <Lists />
          </Suspense>
        )}
        {allowed.page === 'accounts' && <Accounts />}
        {allowed.page === 'users' && <Users />}
      </main>
    </>
  );
}
