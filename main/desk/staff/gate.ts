/**
 * The guard every call passes (issue 29, decision S23): what its channel's rule asks of the
 * caller (declared beside its handler, staff/rules.ts) checked against who is signed in — refused
 * with a code staff are told in words (STAFF_SIGN_IN_NEEDED, APPROVAL_NEEDED with what is
 * missing), or let through as made by them (acting.ts: the records it writes are stamped) and,
 * where money, settings, a cancellation or a change moved, audited. Until the store has staff,
 * every call goes through as before.
 */
import type { Channel } from '../../ipc/contract';
import type { Handlers } from '../../ipc/router';
import type { DeskPorts } from '../ports';
import { runAs } from './acting';
import { needsOf, type RuleOf } from './rules';

export function guardStaff(
  handlers: Handlers,
  ruleOf: RuleOf,
  ctx: Pick<DeskPorts, 'sessions' | 'staff'>,
): Handlers {
  const guarded: Partial<Handlers> = {};
  for (const channel of Object.keys(handlers) as Channel[]) {
    const handler = handlers[channel] as (request: unknown) => unknown;
    const rule = ruleOf(channel);
    if (rule === 'open') {
      Object.assign(guarded, { [channel]: handler });
      continue;
    }
    Object.assign(guarded, {
      [channel]: async (request: unknown) => {
        const needs = needsOf(rule, request as never, { session: ctx.sessions.current });
        if (needs === 'open') return handler(request);
        const authorized = ctx.staff.authorize(channel, request, needs);
        if (!authorized) return handler(request);
        const { who, grant } = authorized;
        let result: unknown;
        try {
          result = await runAs(who, () => handler(request));
        } catch (error) {
          // Refused after all (a refund over what is left): the approval is not spent.
          if (grant) ctx.staff.giveBack(grant);
          throw error;
        }
        ctx.staff.recordAction(channel, who, needs, result);
        return result;
      },
    });
  }
  return guarded as Handlers;
}
