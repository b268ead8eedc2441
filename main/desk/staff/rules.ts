/**
 * What a channel asks of whoever calls it (issue 29, decision S23): its rule, declared beside its
 * handler in the feature's app.ts (`channel()` in ../channel.ts, decision AA51) — `open` (anyone,
 * locked or not: reading, signing in), `who` (someone signed in: what leaves a record of who did
 * it), a permission, `owner`, or a function of the request (and of what the counter holds). The
 * guard (gate.ts) and a manager's approval (staff-desk.ts) read it with `needsOf`. What each role
 * may do is main/common/staff.ts's one table of roles.
 */
import type { z } from 'zod';
import type { Permission } from '../../common/staff';
import type { Channel, channels } from '../../ipc/contract';
import type { DeskSession } from '../desk-session';

/** What a call needs beyond someone signed in: permissions, or the owner. */
export interface Needs {
  permissions: Permission[];
  owner?: boolean;
}

/** What a rule may look at: the session (a receipt printed before, a member's role). */
export interface RuleLook {
  session: DeskSession | null;
}

type RequestOf<C extends Channel> = z.output<(typeof channels)[C]['request']>;

/** A channel's rule: a constant, or what its request (and what the counter holds) asks. */
export type Rule<C extends Channel> =
  | 'open'
  | 'who'
  | 'owner'
  | Permission
  | ((request: RequestOf<C>, look: RuleLook) => Needs | 'open');

/** What a rule asks of this request: `open`, or someone signed in with these permissions. */
export function needsOf<C extends Channel>(
  rule: Rule<C>,
  request: RequestOf<C>,
  look: RuleLook,
): Needs | 'open' {
  if (rule === 'open') return 'open';
  if (rule === 'who') return { permissions: [] };
  if (rule === 'owner') return { permissions: [], owner: true };
  if (typeof rule === 'function') return rule(request, look);
  return { permissions: [rule] };
}

/** Each channel's rule, as the composition reads it from the features' declarations. */
export type RuleOf = <C extends Channel>(channel: C) => Rule<C>;
