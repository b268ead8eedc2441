/**
 * A channel as its feature declares it, beside its handler in the feature's app.ts (decision
 * AA51): the feature whose scopes the key must allow (`scope`, decisions 31 and A7; null: any key)
 * and what it asks of whoever calls it (`rule`, staff/rules.ts, decision S23). handlers.ts
 * combines every feature's channels (each exactly once, each declared) and the guards read the
 * declarations; nothing else lists the channels.
 */
import type { Channel, Feature } from '../ipc/contract';
import type { Handler } from '../ipc/router';
import type { Rule } from './staff/rules';

export interface Declaration<C extends Channel> {
  /** The feature the key's scopes must allow, or null: any key (the counter's own business). */
  scope: Feature | null;
  /** What the call asks of whoever makes it. */
  rule: Rule<C>;
}

export interface Declared<C extends Channel> extends Declaration<C> {
  handle: Handler<C>;
}

/** Some channels, as one feature declares and handles them. */
export type ChannelsOf<C extends Channel> = { [K in C]: Declared<K> };

/** A channel's handler with its scope and rule, written together. */
export function channel<C extends Channel>(
  declaration: Declaration<C>,
  handle: Handler<C>,
): Declared<C> {
  return { scope: declaration.scope, rule: declaration.rule, handle };
}
