/** The staff channels (issue 29): who is signed in, signing in and out, approvals, the list, the audit. */
import { DateTime } from 'luxon';
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { auditCsv, auditEntries } from './audit';

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

export function staffApp(ctx: DeskContext): HandlersOf<StaffChannels> {
  const { staff, members } = ctx;
  return {
    'staff.get': () => staff.state(),
    'staff.signIn': (request) => staff.signIn(request),
    'staff.signOut': () => staff.signOut(),
    'staff.lock': ({ reason }) => staff.lock(reason),
    'staff.approve': (request) => staff.approve(request),
    'staff.list': () => members.list(),
    'staff.save': (request) => members.save(request),
    'staff.remove': (request) => members.remove(request),
    'staff.policy': (request) => members.policy(request),
    'staff.claimOwner': (request) => members.claimOwner(request),
    'audit.list': ({ from, to }) => {
      checkRange(from, to);
      return { entries: auditEntries(staff.requireSession(), from, to) };
    },
    'audit.csv': ({ from, to, locale }) => {
      checkRange(from, to);
      return auditCsv(staff.requireSession(), { from, to }, locale);
    },
  };
}
