/** One answer of the office for a page: loading, the data or the error, and loading it again. */
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

interface Result<T> {
  load: () => Promise<T>;
  round: number;
  data: T | null;
  error: unknown;
}

/** `load` changes when what is asked changes (a useCallback of its inputs): then it is asked again. */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setResult({ load, round, data, error: null }),
      (error: unknown) => current && setResult({ load, round, data: null, error }),
    );
    return () => {
      current = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // An answer to an earlier question is not shown as this one's.
  const fresh = result !== null && result.load === load && result.round === round;
  return {
    data: fresh ? result.data : null,
    error: fresh ? result.error : null,
    loading: !fresh,
    reload,
  };
}
