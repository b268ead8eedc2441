/**
 * Today's figures, asked again every 2 s without reloading the page. The next ask waits for the
 * answer before (a slow office is never asked twice at once); a failure keeps the last figures on
 * screen, says so, and the poll goes on. A hidden tab does not ask.
 */
import { useEffect, useState } from 'react';
import type { LiveAnswer } from '../../../../protocol/web';
import type { Client } from '../../api/client';

export const POLL_MS = 2000;

export function useLive(client: Client, pollMs = POLL_MS) {
  const [answer, setAnswer] = useState<LiveAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const next = await client.live();
          if (stopped) return;
          setAnswer(next);
          setError(null);
        } catch (failure) {
          if (stopped) return;
          setError(failure);
        }
      }
      if (!stopped) timer = setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, pollMs]);
  return { answer, error };
}
