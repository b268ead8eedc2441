/** What the key's scopes allow at the counter, and why not when they do not. */
import type { Feature, SetupStatus } from '../ipc/contract';

type FeatureState = SetupStatus['features'][Feature];

/** Scopes each feature needs (decision 31). */
const NEEDS: Record<Feature, string[]> = {
  dayView: ['reservations:read', 'products:read'],
  checkIn: ['reservations:read'],
  walkIn: ['reservations:write', 'products:read'],
  cancel: ['reservations:write', 'reservations:read'],
  customerSearch: ['customers:read'],
};

export function featuresFor(
  scopes: string[] | null,
  storeSelected: boolean,
): Record<Feature, FeatureState> {
  const out = {} as Record<Feature, FeatureState>;
  for (const feature of Object.keys(NEEDS) as Feature[]) {
    if (scopes === null) out[feature] = { enabled: false, reason: 'not_set_up', scope: null };
    else {
      const missing = NEEDS[feature].find((s) => !scopes.includes(s)) ?? null;
      if (missing) out[feature] = { enabled: false, reason: 'missing_scope', scope: missing };
      else if (!storeSelected) out[feature] = { enabled: false, reason: 'no_store', scope: null };
      else out[feature] = { enabled: true, reason: null, scope: null };
    }
  }
  return out;
}
