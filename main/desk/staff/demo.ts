/**
 * Training's demo staff (issue 29): an owner, a manager and a member of staff with PINs shown on
 * the sign-in screen, so staff learn signing in, switching and asking a manager on the demo
 * store. Their hashes are made once, here, at scrypt's usual cost (a test checks each PIN opens
 * its hash): training starts without hashing anything. Training opens signed in as the owner
 * (decision S29), so it starts where it always did.
 */
import type { StaffMember } from '../../local/index';

const made = { pinDigits: 4, removed: false, updatedAt: 0, updatedBy: 'training' } as const;
const cost = { alg: 'scrypt', N: 16_384, r: 8, p: 1 } as const;

export const DEMO_STAFF: readonly (StaffMember & { demoPin: string })[] = [
  {
    id: 'demo-owner',
    name: '山本',
    role: 'owner',
    demoPin: '1111',
    pin: {
      ...cost,
      salt: '9MXlJtlUOPkHPVdHYu3tTQ==',
      hash: 'tp7lcuPM4k5PknXjb8XNuJkT1sBBQZTUjH1YSPa8UVY=',
    },
    card: 'DEMO-OWNER',
    ...made,
  },
  {
    id: 'demo-manager',
    name: '佐藤',
    role: 'manager',
    demoPin: '2222',
    pin: {
      ...cost,
      salt: 'SvXMld4zvMEQEuhGRWjuaQ==',
      hash: 'OZvGs7u9oRjjFH38OcvjxqyPmC/Z789l8e2ZFbsA1S8=',
    },
    card: 'DEMO-MANAGER',
    ...made,
  },
  {
    id: 'demo-staff',
    name: '鈴木',
    role: 'staff',
    demoPin: '3333',
    pin: {
      ...cost,
      salt: 'KI97J358P5lsTY2ohE2R9w==',
      hash: 'XgX0YO7cmG7UU9YvjTKCvwNStWsPwTwXkr7Cx7crPEU=',
    },
    card: 'DEMO-STAFF',
    ...made,
  },
];

/** The demo members as the staff list keeps them (without the PINs shown on screen). */
export function demoMembers(): StaffMember[] {
  return DEMO_STAFF.map(({ demoPin: _pin, ...member }) => member);
}

/** The demo PINs, for the sign-in screen in training. */
export function demoPins(): { id: string; pin: string }[] {
  return DEMO_STAFF.map((m) => ({ id: m.id, pin: m.demoPin }));
}

export const DEMO_OWNER_ID = 'demo-owner';
