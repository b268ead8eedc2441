/**
 * The one place the counter's features come together: each feature's handlers combined into the
 * router's `Handlers` (every channel exactly once), each behind the feature its channel belongs
 * to (`FEATURE_OF`) and behind what it asks of the member signed in (`staff/gate.ts`), checked
 * here and nowhere else.
 */
import { channels, type Channel, type Feature } from '../ipc/contract';
import type { Handlers } from '../ipc/router';
import { cancelApp } from './cancel/app';
import { changeApp } from './change/app';
import { checkInApp } from './checkin/app';
import { closeApp, refundsOwedCount } from './close/app';
import type { DeskContext } from './context';
import { dayApp } from './day/app';
import { FEATURE_OF, featureRefusal } from './features';
import { headcountApp } from './headcount/app';
import { hardwareApp } from './printer/app';
import { installedApp } from './installed/app';
import { manifestApp } from './manifest/app';
import { itemsApp } from './items/app';
import { onsiteApp } from './onsite/app';
import { outboxApp } from './outbox/app';
import { prefsApp } from './prefs/app';
import { receiptApp } from './receipt/app';
import { recoveryApp } from './recovery/app';
import { salesApp } from './sales/app';
import { searchApp } from './search/app';
import { setupApp } from './setup/app';
import { shopApp } from './shop/app';
import { staffApp } from './staff/app';
import { guardStaff } from './staff/gate';
import { featuresOf } from './setup/setup-status';
import { statusApp } from './status/app';
import { trainingApp } from './training/app';
import { walkInApp } from './walkin/app';

type Part = Partial<Handlers>;

/** Channels handled by more than one part. */
type Repeated<P extends readonly Part[], Seen = never> = P extends readonly [
  infer First,
  ...infer Rest extends readonly Part[],
]
  ? (keyof First & Seen) | Repeated<Rest, Seen | keyof First>
  : never;

/** Channels some part handles: `keyof` of each part (of their union it is only the common ones). */
type Handled<T> = T extends unknown ? keyof T : never;

/** Channels no part handles. */
type Unhandled<P extends readonly Part[]> = Exclude<Channel, Handled<P[number]>>;

/** The parts as given when each channel is handled exactly once; otherwise what is wrong. */
type ExactlyOnce<P extends readonly Part[]> = [Repeated<P>] extends [never]
  ? [Unhandled<P>] extends [never]
    ? P
    : { unhandled: Unhandled<P> }
  : { handledTwice: Repeated<P> };

/**
 * One handler per channel from the features' parts. A channel handled twice or not at all is a
 * type error where the parts are listed, and (for parts typed loosely) an error at start.
 */
export function combine<const P extends readonly Part[]>(...parts: P & ExactlyOnce<P>): Handlers;
export function combine(...parts: readonly Part[]): Handlers {
  const combined: Part = {};
  for (const part of parts) {
    for (const channel of Object.keys(part) as Channel[]) {
      if (channel in combined) throw new Error(`the channel ${channel} is handled twice`);
      Object.assign(combined, { [channel]: part[channel] });
    }
  }
  const unhandled = (Object.keys(channels) as Channel[]).filter((c) => !(c in combined));
  if (unhandled.length) throw new Error(`no handler for ${unhandled.join(', ')}`);
  return combined as Handlers;
}

/** The handlers, each refusing (via `refuse`) a call its channel's feature does not allow. */
function guardFeatures(handlers: Handlers, refuse: (feature: Feature) => void): Handlers {
  const guarded: Part = {};
  for (const channel of Object.keys(handlers) as Channel[]) {
    const feature = FEATURE_OF[channel];
    const handler = handlers[channel] as (request: unknown) => unknown;
    Object.assign(guarded, {
      [channel]:
        feature === null
          ? handler
          : (request: unknown) => {
              refuse(feature);
              return handler(request);
            },
    });
  }
  return guarded as Handlers;
}

/**
 * Refuse what the key's scopes do not allow, before anything is sent or queued. Without a
 * session the handler answers for itself (not set up, or its empty answer).
 */
function refuseUnlessAllowed(ctx: DeskContext): (feature: Feature) => void {
  return (feature) => {
    if (!ctx.sessions.current) return;
    const refusal = featureRefusal(feature, featuresOf(ctx.settings.current)[feature]);
    if (refusal) throw refusal;
  };
}

/** Every channel's handler, the platform's own (the shell prints) in place of the desk's. */
export function deskHandlers(ctx: DeskContext, overrides: Partial<Handlers> = {}): Handlers {
  const sales = salesApp(ctx);
  const handlers = combine(
    setupApp(ctx),
    trainingApp(ctx),
    statusApp(ctx),
    prefsApp(ctx),
    shopApp(ctx),
    dayApp(ctx),
    searchApp(ctx),
    checkInApp(ctx),
    onsiteApp(ctx),
    headcountApp(ctx),
    walkInApp(ctx),
    cancelApp(ctx),
    changeApp(ctx),
    outboxApp(ctx),
    manifestApp(ctx),
    sales,
    receiptApp(ctx),
    closeApp(ctx, refundsOwedCount(sales)),
    installedApp(ctx),
    recoveryApp(ctx),
    staffApp(ctx),
    hardwareApp(ctx),
    itemsApp(ctx),
  );
  // The key's scopes first (nothing to approve for what the key cannot do), then who may.
  return guardFeatures(guardStaff({ ...handlers, ...overrides }, ctx), refuseUnlessAllowed(ctx));
}
