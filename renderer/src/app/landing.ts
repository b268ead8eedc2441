/**
 * Where signing in lands (issue 42, decision AB81): signing in never asks for anything. The screen
 * behind the lock stays when the member signing in may use it; one they may not is left for the
 * day view, never an approval prompt. An approval still open when the counter locks was asked by
 * whoever was in: it is cancelled (refused), not handed to the next member.
 */
import type { Channel, Permission, StaffState } from '../../../main/ipc/contract';
import type { NavStore, Screen } from '../stores/nav';
import { isLocked, type StaffStore } from '../stores/staff';

/**
 * The screens whose opening asks a permission: the call each opens with and the permission its
 * rule asks (main/desk/staff/app.ts; test/desk/staff/rules.test.ts holds the two together). Every
 * other screen opens on calls anyone signed in may make; what needs one there is an action staff
 * choose.
 */
export const SCREEN_NEEDS: Partial<Record<Screen['name'], { opens: Channel; needs: Permission }>> =
  {
    staff: { opens: 'staff.list', needs: 'staff' },
    audit: { opens: 'audit.list', needs: 'audit' },
  };

/** Whether whoever is signed in may open `screen` without an approval. */
export function mayOpen(screen: Screen['name'], state: StaffState): boolean {
  const needs = SCREEN_NEEDS[screen]?.needs;
  return needs === undefined || !state.enabled || state.may.includes(needs);
}

/** Follow who signs in: a screen they may not use gives way to the day view first. */
export function landOnSignIn(staff: StaffStore, nav: NavStore): () => void {
  return staff.subscribe((next, prev) => {
    const state = next.state;
    if (!state) return;
    if (isLocked(state)) {
      if (next.approval) next.cancelApproval();
      return;
    }
    const now = state.signedIn?.id ?? null;
    if (now === null || now === (prev.state?.signedIn?.id ?? null)) return;
    // Before React draws the screen, so its first call is never made.
    if (!mayOpen(nav.getState().screen.name, state)) nav.getState().home();
  });
}
