/**
 * The staff channels (issue 29): who is signed in, signing in and out, approvals, the list, the
 * audit. The counter's own people, whatever the key. Signing in and out, and an approval, check a
 * PIN of their own; the owner's claim, the key: they are open. The list is the staff permission's,
 * the policy the owner's, the audit the audit permission's.
 */
import { DateTime } from 'luxon';
import type { StaffRole } from '../../common/staff';
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { auditCsv, auditEntries } from './audit';
import type { Needs, RuleLook, RuleOf } from './rules';
import { staffBook } from './book';
import { refuseIfManaged, refuseStaffChange } from '../office/office-lists';

type StaffChannels =
  | 'staff.get'
  | 'staff.signIn'
  | 'staff.signOut'
  | 'staff.lock'
  | 'staff.approve'
  | 'staff.list'
  | 'staff.save'
  | 'staff.remove'
  | 'staff.policy'
  | 'staff.claimOwner'
  | 'audit.list'
  | 'audit.csv';

/** The most days one look at the audit covers (a year and a day, as the journal's export). */
const AUDIT_MAX_DAYS = 366;

function checkRange(from: string, to: string): void {
  const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
  if (days < 0 || days >= AUDIT_MAX_DAYS)
    throw new DeskError('INVALID_INPUT', `a range of 1 to ${AUDIT_MAX_DAYS} days`, [
      {
        field: 'to',
        code: days < 0 ? 'too_small' : 'too_big',
        reason: 'on or after from, within a year',
      },
    ]);
}

/** A member who is (or is made) an owner is the owner's to change. */
function staffChange(id: string | null, role: StaffRole | null, look: RuleLook): Needs {
  const was = id ? look.session?.part(staffBook).get(id) : null;
  const owner = role === 'owner' || was?.role === 'owner';
  return { permissions: ['staff'], owner };
}

/** `ruleOf`: each channel's rule, for a manager's approval of a call that was refused. */
export function staffApp(
  ctx: Pick<DeskPorts, 'staff' | 'members'>,
  ruleOf: RuleOf,
): ChannelsOf<StaffChannels> {
  const { staff, members } = ctx;
  return {
    'staff.get': channel({ scope: null, rule: 'open' }, () => staff.state()),
    'staff.signIn': channel({ scope: null, rule: 'open' }, (request) => staff.signIn(request)),
    'staff.signOut': channel({ scope: null, rule: 'open' }, () => staff.signOut()),
    'staff.lock': channel({ scope: null, rule: 'open' }, ({ reason }) => staff.lock(reason)),
    'staff.approve': channel({ scope: null, rule: 'open' }, (request) =>
      staff.approve(request, ruleOf),
    ),
    'staff.list': channel({ scope: null, rule: 'staff' }, () => members.list()),
    'staff.save': channel(
      {
        scope: null,
        rule: (request, look) => {
          // Refused before an approval is asked where the office manages the staff (decision AB75).
          if (look.session) refuseStaffChange(look.session, request);
          return staffChange(request.id, request.role, look);
        },
      },
      (request) => {
        refuseStaffChange(staff.requireSession(), request);
        return members.save(request);
      },
    ),
    'staff.remove': channel(
      {
        scope: null,
        rule: (request, look) => {
          if (look.session) refuseIfManaged(look.session, 'staff');
          return staffChange(request.id, null, look);
        },
      },
      (request) => {
        refuseIfManaged(staff.requireSession(), 'staff');
        return members.remove(request);
      },
    ),
    'staff.policy': channel({ scope: null, rule: 'owner' }, (request) => members.policy(request)),
    'staff.claimOwner': channel({ scope: null, rule: 'open' }, (request) =>
      members.claimOwner(request),
    ),
    'audit.list': channel({ scope: null, rule: 'audit' }, ({ from, to }) => {
      checkRange(from, to);
      return { entries: auditEntries(staff.requireSession(), from, to) };
    }),
    'audit.csv': channel({ scope: null, rule: 'audit' }, ({ from, to, locale }) => {
      checkRange(from, to);
      return auditCsv(staff.requireSession(), { from, to }, locale);
    }),
  };
}
