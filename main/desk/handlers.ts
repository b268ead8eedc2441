/**
 * The one place the counter's features come together: each feature's channels, declared with
 * their handlers in its app.ts (`channel()`: the feature the key's scopes must allow, what it asks
 * of whoever calls it — decision AA51), combined here into the router's `Handlers`: every channel
 * exactly once, every one declared (a type error where the parts are listed, and an error at
 * start), each behind its scope (`guardFeatures`) and its rule (`staff/gate.ts`), checked here and
 * nowhere else.
 */
import { channels, type Channel, type Feature } from '../ipc/contract';
import type { Handlers } from '../ipc/router';
import { cancelApp } from './cancel/app';
import type { Declaration, Declared } from './channel';
import { changeApp } from './change/app';
import { checkInApp } from './checkin/app';
import { closeApp, refundsOwedCount } from './close/app';
import { dayApp } from './day/app';
import { featureRefusal } from './features';
import { headcountApp } from './headcount/app';
import { hardwareApp } from './printer/app';
import { installedApp } from './installed/app';
import { manifestApp } from './manifest/app';
import { itemsApp } from './items/app';
import { officeApp } from './office/app';
import { officeListsApp } from './office/lists-app';
import { onsiteApp } from './onsite/app';
import { outboxApp } from './outbox/app';
import type { DeskPorts } from './ports';
import { prefsApp } from './prefs/app';
import { receiptApp } from './receipt/app';
import { recoveryApp } from './recovery/app';
import { salesApp } from './sales/app';
import { searchApp } from './search/app';
import { setupApp } from './setup/app';
import { shopApp } from './shop/app';
import { staffApp } from './staff/app';
import { guardStaff } from './staff/gate';
import type { RuleOf } from './staff/rules';
import { featuresOf } from './setup/setup-status';
import { statusApp } from './status/app';
import { trainingApp } from './training/app';
import { walkInApp } from './walkin/app';

/** Every channel, declared and handled. */
export type DeskChannels = { [C in Channel]: Declared<C> };

/** Every channel's declaration: its scope and its rule. */
export type Declarations = { [C in Channel]: Declaration<C> };

/** What one feature gives: some channels, declared and handled. */
type Part = Partial<DeskChannels>;

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
 * Every channel from the features' parts. A channel handled twice or not at all is a type error
 * where the parts are listed, and (for parts typed loosely) an error at start; so is one that does
 * not declare its scope and its rule.
 */
export function combine<const P extends readonly Part[]>(
  ...parts: P & ExactlyOnce<P>
): DeskChannels;
export function combine(...parts: readonly Part[]): DeskChannels {
  const combined: Part = {};
  for (const part of parts) {
    for (const channel of Object.keys(part) as Channel[]) {
      if (channel in combined) throw new Error(`the channel ${channel} is handled twice`);
      const declared = part[channel] as Partial<Declared<Channel>> | undefined;
      if (typeof declared?.handle !== 'function')
        throw new Error(`the channel ${channel} has no handler`);
      if (declared.scope === undefined) throw new Error(`the channel ${channel} declares no scope`);
      if (declared.rule === undefined) throw new Error(`the channel ${channel} declares no rule`);
      Object.assign(combined, { [channel]: declared });
    }
  }
  const unhandled = (Object.keys(channels) as Channel[]).filter((c) => !(c in combined));
  if (unhandled.length) throw new Error(`no handler for ${unhandled.join(', ')}`);
  return combined as DeskChannels;
}

/** Each channel's scope and rule, without its handler. */
export function declarationsOf(declared: DeskChannels): Declarations {
  const out: Partial<Record<Channel, Declaration<Channel>>> = {};
  for (const channel of Object.keys(declared) as Channel[]) {
    const { scope, rule } = declared[channel] as Declared<Channel>;
    out[channel] = { scope, rule };
  }
  return out as Declarations;
}

/** The handlers, each refusing (via `refuse`) a call its channel's scope does not allow. */
function guardFeatures(
  handlers: Handlers,
  declared: DeskChannels,
  refuse: (feature: Feature) => void,
): Handlers {
  const guarded: Partial<Handlers> = {};
  for (const channel of Object.keys(handlers) as Channel[]) {
    const feature = declared[channel].scope;
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
function refuseUnlessAllowed(ctx: Pick<DeskPorts, 'sessions' | 'settings'>) {
  return (feature: Feature): void => {
    if (!ctx.sessions.current) return;
    const refusal = featureRefusal(feature, featuresOf(ctx.settings.current)[feature]);
    if (refusal) throw refusal;
  };
}

/** Every channel as its feature declares and handles it, before the guards. */
export function deskChannels(ctx: DeskPorts): DeskChannels {
  const sales = salesApp(ctx);
  // A manager's approval asks what the refused channel's rule asks (read once all are combined).
  const ruleOf: RuleOf = (channel) => declared[channel].rule;
  const declared: DeskChannels = combine(
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
    officeApp(ctx),
    officeListsApp(ctx),
    manifestApp(ctx),
    sales,
    receiptApp(ctx),
    closeApp(ctx, refundsOwedCount(sales)),
    installedApp(ctx),
    recoveryApp(ctx),
    staffApp(ctx, ruleOf),
    hardwareApp(ctx),
    itemsApp(ctx),
  );
  return declared;
}

/**
 * Every channel's handler behind its guards, the platform's own (the shell prints) in place of the
 * desk's: the key's scopes first (nothing to approve for what the key cannot do), then who may.
 */
export function deskHandlers(ctx: DeskPorts, overrides: Partial<Handlers> = {}): Handlers {
  const declared = deskChannels(ctx);
  const handlers = {} as Record<Channel, unknown>;
  for (const channel of Object.keys(declared) as Channel[])
    handlers[channel] = overrides[channel] ?? declared[channel].handle;
  const ruleOf: RuleOf = (channel) => declared[channel].rule;
  return guardFeatures(
    guardStaff(handlers as Handlers, ruleOf, ctx),
    declared,
    refuseUnlessAllowed(ctx),
  );
}
