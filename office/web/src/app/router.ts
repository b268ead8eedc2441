/**
 * The page's routes, under /app/ (the office serves index.html there, office/http/web-page.ts):
 * real links the browser can open in a new tab, moved between with the History API, no reload.
 */
import { useEffect, useState } from 'react';
import type { PageName } from './roles';

export type Route = { page: PageName } | { page: 'record'; key: string };

export function routeOf(pathname: string): Route {
  const record = /^\/app\/records\/([^/]+)$/.exec(pathname);
  if (record) {
    try {
      return { page: 'record', key: decodeURIComponent(record[1]!) };
    } catch {
      return { page: 'today' };
    }
  }
  const name = /^\/app\/([a-z]+)\/?$/.exec(pathname)?.[1];
  switch (name) {
    case 'period':
    case 'search':
    case 'exports':
    case 'lists':
    case 'accounts':
    case 'users':
      return { page: name };
    default:
      return { page: 'today' };
  }
}

export function pathOf(route: Route): string {
  return route.page === 'record'
    ? `/app/records/${encodeURIComponent(route.key)}`
    : `/app/${route.page}`;
}

export function navigate(path: string): void {
  if (window.location.pathname === path) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The route the address bar shows, following links and the back button. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(window.location.pathname));
  useEffect(() => {
    const follow = () => setRoute(routeOf(window.location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  return route;
}
