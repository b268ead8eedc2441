/**
 * The window's keys: the shortcuts (F-keys, search, back, the day before and after: shortcuts.ts
 * says which key does what) and a scanner's burst anywhere outside a field — a booking's code
 * searched, or, while locked, a staff card read (issue 29). Nothing opens behind the sign-in screen.
 */
import { useEffect } from 'react';
import { addDays } from '../format/format';
import { SEARCH_INPUT_ID } from '../screens/search/SearchBox';
import { isLocked } from '../stores/staff';
import { useApp } from './context';
import { createScanDetector, isTyping, shortcutOf } from './shortcuts';

export function useShortcuts() {
  const app = useApp();
  useEffect(() => {
    const { stores, actions } = app;
    function onKey(e: KeyboardEvent) {
      const typing = isTyping(e.target);
      const action = shortcutOf(e, typing);
      if (!action) return;
      const setUp = stores.setup.getState().status?.mode;
      if (!setUp || setUp === 'not_set_up') return;
      // Locked: nothing opens behind the sign-in screen.
      if (isLocked(stores.staff.getState().state)) return;
      const screen = stores.nav.getState().screen.name;
      switch (action) {
        case 'search': {
          const input = document.getElementById(SEARCH_INPUT_ID);
          if (input instanceof HTMLInputElement) {
            e.preventDefault();
            input.focus();
            input.select();
          }
          return;
        }
        case 'walkIn':
          e.preventDefault();
          if (stores.setup.getState().feature('walkIn').enabled) actions.startWalkIn();
          return;
        case 'outbox':
        case 'journal':
        case 'close':
          e.preventDefault();
          stores.nav.getState().go({ name: action });
          return;
        case 'today':
          e.preventDefault();
          actions.openDay(null);
          return;
        case 'back':
          if (e.target instanceof HTMLElement && e.target.id === SEARCH_INPUT_ID) {
            stores.search.getState().clear();
            e.target.blur();
          }
          if (screen !== 'day') {
            e.preventDefault();
            stores.nav.getState().back();
          }
          return;
        case 'prevDay':
        case 'nextDay': {
          const date = stores.day.getState().date;
          if (screen !== 'day' || !date) return;
          e.preventDefault();
          actions.openDay(addDays(date, action === 'prevDay' ? -1 : 1));
          return;
        }
      }
    }
    // A scan outside the search field: caught before the focused control sees its Enter.
    const scanner = createScanDetector();
    function onScanKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const scanned = scanner.key(e.key, e.timeStamp);
      if (!scanned) return;
      const setUp = stores.setup.getState().status?.mode;
      if (!setUp || setUp === 'not_set_up') return;
      e.preventDefault();
      e.stopPropagation();
      // Locked: a scan is a staff card (issue 29), the PIN follows.
      if (isLocked(stores.staff.getState().state)) {
        stores.staff.getState().readCard(scanned);
        return;
      }
      stores.search.getState().setText(scanned);
      void stores.search.getState().submit();
    }
    window.addEventListener('keydown', onScanKey, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onScanKey, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [app]);
}
