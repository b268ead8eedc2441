/**
 * The update's state machine: what electron-updater reports (and what the app itself does with a
 * ready update) folded into the status set-up and the status bar show. Pure: the service feeds it
 * events and keeps the result.
 */
import type { UpdateStatus } from '../ipc/contract';

export type UpdateEvent =
  | { type: 'checking' }
  | { type: 'up_to_date'; at: number }
  | { type: 'available'; version: string; at: number }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'failed'; error: NonNullable<UpdateStatus['error']>; at: number }
  | { type: 'installing' }
  /** The install did not happen after all (the app did not quit): the update is ready again. */
  | { type: 'install_abandoned' };

export function initialUpdateStatus(
  currentVersion: string,
  unavailable: UpdateStatus['unavailable'],
): UpdateStatus {
  return {
    phase: unavailable ? 'unavailable' : 'idle',
    unavailable,
    currentVersion,
    version: null,
    percent: null,
    checkedAt: null,
    error: null,
    holds: [],
  };
}

/** The next status. Unavailable stays so; a ready update is never lost to a later check. */
export function nextUpdateStatus(state: UpdateStatus, event: UpdateEvent): UpdateStatus {
  if (state.phase === 'unavailable') return state;
  const ready = state.phase === 'ready' || state.phase === 'installing';
  switch (event.type) {
    case 'checking':
      // A background check while an update waits keeps it waiting (and shown as ready).
      return ready || state.phase === 'downloading' ? state : { ...state, phase: 'checking' };
    case 'up_to_date':
      if (ready) return { ...state, checkedAt: event.at };
      return {
        ...state,
        phase: 'up_to_date',
        version: null,
        percent: null,
        checkedAt: event.at,
        error: null,
      };
    case 'available':
      if (ready && state.version === event.version) return { ...state, checkedAt: event.at };
      return {
        ...state,
        phase: 'downloading',
        version: event.version,
        percent: 0,
        checkedAt: event.at,
        error: null,
      };
    case 'progress':
      if (state.phase !== 'downloading') return state;
      return { ...state, percent: Math.max(0, Math.min(100, Math.round(event.percent))) };
    case 'downloaded':
      return { ...state, phase: 'ready', version: event.version, percent: 100, error: null };
    case 'failed':
      // A failed check with an update already downloaded: it is still ready.
      if (ready) return { ...state, phase: 'ready', error: event.error };
      return {
        ...state,
        phase: 'error',
        percent: null,
        error: event.error,
        checkedAt: state.checkedAt,
      };
    case 'installing':
      return state.phase === 'ready' ? { ...state, phase: 'installing' } : state;
    case 'install_abandoned':
      return state.phase === 'installing' ? { ...state, phase: 'ready' } : state;
  }
}

/** A failure as staff are told it: never the raw message (it may carry an address or a path). */
export function updateErrorKind(error: unknown): NonNullable<UpdateStatus['error']> {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${(error as Error)?.message ?? error}`;
  if (/sha512|checksum|signature|signed|publisher|code ?sign/i.test(text)) return 'signature';
  if (
    /ERR_(NETWORK|INTERNET|NAME|CONNECTION|ADDRESS|TIMED_OUT)|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|net::|socket|HttpError|status ?code|\b(4|5)\d\d\b/i.test(
      text,
    )
  )
    return 'network';
  return 'other';
}
