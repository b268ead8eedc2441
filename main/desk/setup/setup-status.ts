/** What set-up shows: the mode, the key as checked, the plan, the store, what the key allows. */
import type { KeyStatus, Store } from '../../api/client';
import type { KeyInfo, SetupStatus } from '../../ipc/contract';
import { featuresFor } from '../features';
import type { DeskPorts } from '../ports';
import type { Settings } from '../settings';
import { storeSummary } from '../store-summary';

export function keyInfo(ping: KeyStatus): KeyInfo {
  return {
    organizationId: ping.organizationId,
    name: ping.name,
    scopes: ping.scopes.map(String),
    storeLimit: ping.teamId,
  };
}

/** What the saved key's scopes allow at the saved store. */
export function featuresOf(settings: Settings): SetupStatus['features'] {
  return featuresFor(settings.key?.scopes ?? null, settings.storeId !== null);
}

export function setupStatus({
  settings,
  sessions,
}: Pick<DeskPorts, 'settings' | 'sessions'>): SetupStatus {
  const s = settings.current;
  const listed = sessions.stores.find((x) => x.id === s.storeId);
  const known = listed ?? (s.store?.id === s.storeId ? (s.store as Store | null) : null);
  const session = sessions.current;
  const store = session ? session.store : known;
  return {
    mode: s.mode,
    key: s.key,
    plan: s.plan,
    store: store ? storeSummary(store) : null,
    features: featuresOf(s),
  };
}

/** Tell the renderer set-up changed (and the status with it); returns what it was told. */
export function announceSetup(ctx: Pick<DeskPorts, 'settings' | 'sessions' | 'emit'>): SetupStatus {
  const status = setupStatus(ctx);
  ctx.emit('setup.changed', status);
  ctx.sessions.queueStatus();
  return status;
}
