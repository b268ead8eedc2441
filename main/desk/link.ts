/**
 * The link to the service, as a counter action sees it: whether it is up, and running a call
 * staff wait for so that a lost link is said at once instead of after every retry.
 */
import { NetworkError } from '../api/errors';
import { DeskError } from '../ipc/errors';
import type { DeskSession } from './desk-session';

export function online(session: DeskSession): boolean {
  return session.connectivity.state.link !== 'offline';
}

/**
 * Run a call staff wait for, giving up as soon as the link is found offline: the counter is told
 * at once instead of after every retry. Returns what `run` returns; an abort becomes OFFLINE.
 */
export async function whileOnline<T>(
  session: DeskSession,
  run: (signal: AbortSignal) => Promise<T>,
  offlineMessage: string,
): Promise<T> {
  if (!online(session)) throw new DeskError('OFFLINE', offlineMessage);
  const controller = new AbortController();
  let stop = () => {};
  // Work shared with the background (a sync pass) may not stop with our signal: do not wait for it.
  const lost = new Promise<never>((_, reject) => {
    stop = session.connectivity.on('change', ({ link }) => {
      if (link !== 'offline') return;
      controller.abort();
      reject(new DeskError('OFFLINE', offlineMessage));
    });
  });
  const running = run(controller.signal);
  running.catch(() => undefined);
  lost.catch(() => undefined);
  try {
    return await Promise.race([running, lost]);
  } catch (error) {
    if (controller.signal.aborted || (error instanceof NetworkError && !online(session)))
      throw new DeskError('OFFLINE', offlineMessage);
    throw error;
  } finally {
    stop();
  }
}

/** The catalogue, fetched when the cache has none yet (right after set-up). */
export async function ensureCatalogue(session: DeskSession, signal?: AbortSignal): Promise<void> {
  const { cache } = session.local;
  if (cache.catalogue() || !online(session)) return;
  const products = await session.client.products(session.storeId, { lane: 'read', signal });
  cache.saveCatalogue(products, session.store);
}
