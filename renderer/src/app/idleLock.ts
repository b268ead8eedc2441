/**
 * The idle lock (issue 29): with someone signed in and the shop's idle time set, the counter
 * locks itself when no key, tap or wheel has come for that long (the renderer is where staff's
 * touches are seen; the main process then signs them out and the sign-in screen shows).
 */
import { useEffect } from 'react';
import { useApp, useSlice } from './context';

const TOUCHES = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function useIdleLock(): void {
  const { stores } = useApp();
  const minutes = useSlice(stores.staff, (s) =>
    s.state?.enabled && s.state.signedIn ? s.state.idleLockMinutes : null,
  );
  const who = useSlice(stores.staff, (s) => s.state?.signedIn?.id ?? null);
  useEffect(() => {
    if (!minutes || !who) return;
    const ms = minutes * 60_000;
    const lock = () => void stores.staff.getState().lock('idle');
    let timer = setTimeout(lock, ms);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(lock, ms);
    };
    for (const event of TOUCHES)
      window.addEventListener(event, touched, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of TOUCHES) window.removeEventListener(event, touched, { capture: true });
    };
  }, [minutes, who, stores]);
}
