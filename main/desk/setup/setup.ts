/**
 * Set-up: a pasted key checked against the service, saved with the store it may use; another
 * store chosen; the key removed; and, at start, the counter resumed where it left off.
 */
import { ReservationClient } from '../../api/index';
import type { Store } from '../../api/client';
import type { KeyInfo, SetupStatus } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { DeskPorts } from '../ports';
import { NOT_SET_UP } from '../settings';
import { startTraining } from '../training/training';
import { assertApiKeyShape } from './key-shape';
import { storeSummary } from '../store-summary';
import { announceSetup, keyInfo } from './setup-status';

/** What set-up works with: the key, the store and the session opened on them. */
export type SetupPorts = Pick<
  DeskPorts,
  | 'settings'
  | 'sessions'
  | 'secrets'
  | 'training'
  | 'logger'
  | 'emit'
  | 'client'
  | 'defaultServiceUrl'
  | 'trainingByDefault'
>;

/** The service's address to use: the one given, the saved one, or the default. */
function serviceUrl(ctx: SetupPorts, given: string | null): string {
  const url = given ?? ctx.settings.current.serviceUrl ?? ctx.defaultServiceUrl;
  if (!url) throw new DeskError('NO_SERVICE_URL', 'the service address is not configured');
  // The key goes with every request: never in clear over a network, only to this machine.
  const { protocol, hostname } = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  if (protocol !== 'https:' && !(protocol === 'http:' && loopback))
    throw new DeskError('INSECURE_SERVICE_URL', 'the service address must use https');
  return url;
}

/** A client for set-up: few retries, so a wrong address or a dead key is said quickly. */
function setupClient(ctx: SetupPorts, baseUrl: string, apiKey: string): ReservationClient {
  return new ReservationClient({
    baseUrl,
    apiKey,
    logger: ctx.logger,
    retry: { ...ctx.client?.retry, maxAttempts: 2 },
    // The service's clock, before any session: a PC whose date is wrong opens its today (H7).
    onAttempt: (outcome) => {
      if (outcome.ok) ctx.sessions.time.noteService(outcome.date, outcome.ms);
    },
  });
}

/** The saved key, read again at each request: a key replaced in set-up is used at once. */
const savedKey = (ctx: Pick<DeskPorts, 'secrets'>) => () => ctx.secrets.read() ?? '';

/** Validate a pasted key with ping and list its stores; nothing is saved. */
export async function checkKey(
  ctx: SetupPorts,
  apiKey: string,
  url: string | null,
): Promise<{ key: KeyInfo; stores: Store[] }> {
  // Said as what it is, not as a broken connection: nothing is sent.
  assertApiKeyShape(apiKey);
  const client = setupClient(ctx, serviceUrl(ctx, url), apiKey);
  try {
    const ping = await client.ping({ lane: 'write', deadlineMs: 15_000 });
    const stores = await client.stores({ lane: 'write', deadlineMs: 15_000 });
    return { key: keyInfo(ping), stores };
  } finally {
    client.close();
  }
}

export async function saveKey(
  ctx: SetupPorts,
  request: {
    apiKey: string;
    serviceUrl: string | null;
    storeId: string;
    plan: 'standard' | 'facility';
  },
): Promise<SetupStatus> {
  const checked = await checkKey(ctx, request.apiKey, request.serviceUrl);
  const store = checked.stores.find((s) => s.id === request.storeId);
  if (!store) throw new DeskError('STORE_NOT_AVAILABLE', 'this key cannot use that store');
  // Keep the key first: if it cannot be kept safely, the counter keeps its working session.
  ctx.secrets.write(request.apiKey);
  ctx.sessions.close();
  await ctx.training.stop();
  ctx.sessions.stores = checked.stores;
  ctx.settings.update({
    mode: 'live',
    serviceUrl: serviceUrl(ctx, request.serviceUrl),
    storeId: store.id,
    plan: request.plan,
    key: checked.key,
    store,
  });
  ctx.sessions.open({
    serviceUrl: serviceUrl(ctx, null),
    apiKey: savedKey(ctx),
    store,
    plan: request.plan,
    mode: 'live',
  });
  return announceSetup(ctx);
}

export async function selectStore(ctx: SetupPorts, storeId: string): Promise<SetupStatus> {
  const { mode, plan } = ctx.settings.current;
  if (mode === 'not_set_up') throw new DeskError('NOT_SET_UP', 'set up a key first');
  let store = ctx.sessions.stores.find((s) => s.id === storeId);
  const key = ctx.secrets.read();
  if (!store && mode === 'live' && key) {
    // Resumed on its store alone (the listing comes behind the start): ask for it now.
    const client = setupClient(ctx, serviceUrl(ctx, null), key);
    try {
      ctx.sessions.stores = await client.stores({ lane: 'write', deadlineMs: 15_000 });
    } finally {
      client.close();
    }
    store = ctx.sessions.stores.find((s) => s.id === storeId);
  }
  if (!store) throw new DeskError('STORE_NOT_AVAILABLE', 'this key cannot use that store');
  const training = mode === 'training' ? ctx.training.current : null;
  if (mode === 'training' && !training)
    throw new DeskError('NOT_SET_UP', 'training is not running');
  ctx.sessions.close();
  ctx.settings.update({ storeId, store });
  ctx.sessions.open({
    serviceUrl: training ? training.baseUrl : serviceUrl(ctx, null),
    apiKey: training ? () => training.apiKey : savedKey(ctx),
    store,
    plan: plan ?? 'standard',
    mode,
  });
  return announceSetup(ctx);
}

export async function removeKey(ctx: SetupPorts): Promise<SetupStatus> {
  ctx.sessions.close();
  await ctx.training.stop();
  ctx.secrets.clear();
  ctx.sessions.forgetKey();
  // The key goes; the counter's language and its place in the shop (name, peers) stay.
  const { locale, shop } = ctx.settings.current;
  ctx.settings.save({ ...NOT_SET_UP, locale, shop });
  if (ctx.trainingByDefault) {
    try {
      return await startTraining(ctx);
    } catch (error) {
      ctx.logger.warn('desk.training_failed', { error });
    }
  }
  return announceSetup(ctx);
}

/**
 * The saved key and store. A store listed before opens at once, from the cache (decision G6): the
 * day view does not wait for the service, nor, offline, for its deadline; the key and its stores
 * are asked for behind it (`recheck`). A store never listed is asked for first.
 */
async function openLive(ctx: SetupPorts): Promise<void> {
  const { settings, sessions } = ctx;
  const key = ctx.secrets.read();
  const { storeId } = settings.current;
  if (!key || !storeId) return;
  const saved = settings.current.store as Store | null;
  if (saved?.id === storeId) {
    sessions.stores = [saved];
    openOn(ctx, saved, () => void recheck(ctx, key, storeId));
    return;
  }
  const client = setupClient(ctx, serviceUrl(ctx, null), key);
  let store: Store | null;
  try {
    const ping = await client.ping({ lane: 'write', deadlineMs: 8_000 });
    sessions.stores = await client.stores({ lane: 'write', deadlineMs: 8_000 });
    store = sessions.stores.find((s) => s.id === storeId) ?? null;
    settings.update({ key: keyInfo(ping), store: store ?? settings.current.store });
  } finally {
    client.close();
  }
  if (!store) {
    ctx.logger.warn('desk.store_gone', { storeId });
    return;
  }
  openOn(ctx, store);
}

/**
 * `resumed` (at start-up, with what to do behind it): the session's background work, and this,
 * wait for the first day view.
 */
function openOn(ctx: SetupPorts, store: Store, resumed?: () => void): void {
  ctx.sessions.open(
    {
      serviceUrl: serviceUrl(ctx, null),
      apiKey: savedKey(ctx),
      store,
      plan: ctx.settings.current.plan ?? 'standard',
      mode: 'live',
    },
    { resumed: resumed !== undefined, thenAlso: resumed },
  );
}

/**
 * Behind a resumed session: the key's scopes may have changed in the service's admin screen, the
 * store may be gone or described anew. The settings take what the service says; a store gone
 * ends the session, a store whose zone, currency or payment changed opens it again. Unreachable:
 * the counter goes on from its cache. Nothing is done if staff changed set-up meanwhile.
 */
async function recheck(ctx: SetupPorts, key: string, storeId: string): Promise<void> {
  const { settings, sessions } = ctx;
  const opened = sessions.current;
  const client = setupClient(ctx, serviceUrl(ctx, null), key);
  ctx.logger.debug('desk.recheck', { storeId });
  try {
    const ping = await client.ping({ lane: 'write', deadlineMs: 8_000 });
    const stores = await client.stores({ lane: 'write', deadlineMs: 8_000 });
    const changed =
      sessions.current !== opened ||
      ctx.secrets.read() !== key ||
      settings.current.storeId !== storeId;
    if (changed) {
      ctx.logger.info('desk.recheck_skipped', { storeId, why: 'setup_changed' });
      return;
    }
    const store = stores.find((s) => s.id === storeId) ?? null;
    sessions.stores = stores;
    settings.update({ key: keyInfo(ping), store: store ?? settings.current.store });
    if (!store) {
      ctx.logger.warn('desk.store_gone', { storeId });
      sessions.close();
    } else if (
      opened &&
      JSON.stringify(storeSummary(store)) !== JSON.stringify(storeSummary(opened.store))
    ) {
      sessions.close();
      openOn(ctx, store);
    }
    announceSetup(ctx);
  } catch (error) {
    ctx.logger.info('desk.start_offline', { error });
  } finally {
    client.close();
  }
}

/** Resume where the counter left off: the saved key and store, or training anew. */
export async function resume(ctx: SetupPorts): Promise<void> {
  const { mode } = ctx.settings.current;
  try {
    if (mode === 'live') await openLive(ctx);
    else if (mode === 'training' || ctx.trainingByDefault) await startTraining(ctx);
  } catch (error) {
    // Offline at start-up and nothing known of the store: set-up shows what is missing.
    ctx.logger.warn('desk.start_deferred', { error });
  }
}
