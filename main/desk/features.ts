/**
 * What the key's scopes allow at the counter, and why not when they do not (decisions 31 and A7
 * in docs/decisions.md). Which feature a channel belongs to is declared beside its handler, in its
 * feature's app.ts (`channel()`, decision AA51).
 */
import { DeskError } from '../ipc/errors';
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

const messageOfFeature: Record<Feature, string> = {
  dayView: 'the key cannot read the day',
  checkIn: 'the key cannot read reservations',
  walkIn: 'the key cannot create reservations',
  cancel: 'the key cannot cancel reservations',
  customerSearch: 'the key cannot search customers',
};

/** The refusal of a feature the key does not allow, or null when it does. */
export function featureRefusal(feature: Feature, state: FeatureState): DeskError | null {
  if (state.enabled) return null;
  return new DeskError('FEATURE_UNAVAILABLE', messageOfFeature[feature], [
    { feature, reason: state.reason, scope: state.scope },
  ]);
}
