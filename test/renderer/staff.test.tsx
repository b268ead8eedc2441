// @vitest-environment happy-dom
/**
 * Staff in the counter's screens (issue 29): locked, the sign-in screen replaces every screen and
 * the header's actions; one tap on a tile and the PIN sign in at its last digit (one interaction
 * and the PIN); a call refused for want of a permission opens the approval over the screen, and
 * once the manager's PIN is in the very same request goes again and answers; cancelled, it fails
 * as refused; the idle lock on a fake clock; axe on the sign-in screen and the dialog.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channels, StaffState, type AuditEntryView, type Request } from '../../main/ipc/contract';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { demoBridge } from './support/fixtures';
import { closeView, entry } from './support/money';
import { choose, renderApp, settle, type Rendered } from './support/render';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  expect(fake.violations).toEqual([]);
});

const MEMBERS = [
  { id: 'owner-1', name: '山本', role: 'owner', pinDigits: 4 },
  { id: 'manager-1', name: '佐藤', role: 'manager', pinDigits: 6 },
  { id: 'staff-1', name: '鈴木', role: 'staff', pinDigits: 4 },
] as const;

function staffState(over: Partial<StaffState> = {}): StaffState {
  return StaffState.parse({
    enabled: true,
    members: MEMBERS,
    unreadable: 0,
    signedIn: null,
    may: [],
    permissions: { staff: ['close', 'reprint'], manager: ['refund', 'close', 'reprint', 'audit'] },
    idleLockMinutes: 5,
    trainingPins: null,
    ...over,
  });
}

describe('signing in', () => {
  it('shows the sign-in screen alone while locked; a tile and the PIN sign in at its last digit', async () => {
    let state = staffState();
    fake = demoBridge({
      'staff.get': () => state,
      'staff.signIn': ({ memberId, pin }) => {
        if (memberId !== 'staff-1' || pin !== '3333')
          throw new Refusal('PIN_WRONG', 'wrong', [{ attemptsLeft: 4, waitUntil: null }]);
        state = staffState({ signedIn: MEMBERS[2], may: ['close', 'reprint'] });
        return state;
      },
    });
    const r = await renderApp(fake);
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main actions' })).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    r.user.reset();
    await r.user.tap(screen.getByRole('button', { name: /鈴木/ }));
    expect(await audit()).toEqual([]);
    // A wrong PIN: how many tries are left, and the pad is empty again.
    await r.user.type('9999', screen.getByLabelText('PIN for 鈴木'));
    expect(screen.getByRole('alert').textContent).toMatch(/4 more wrong tries/);
    r.user.reset();
    await r.user.type('3333', screen.getByLabelText('PIN for 鈴木'));
    expect(r.user.count).toBe(1);
    expect(fake.callsOf('staff.signIn').at(-1)).toEqual({
      memberId: 'staff-1',
      card: null,
      pin: '3333',
    });
    const who = screen.getByRole('group', { name: 'Staff' });
    expect(who.textContent).toContain('Staff: 鈴木 (Staff)');
    expect(screen.getByRole('navigation', { name: 'Main actions' })).toBeTruthy();
    r.unmount();
  });

  it('the header says the owner signed in; Lock shows the sign-in with training’s PINs (staff.spec’s English run, F50)', async () => {
    const pins = [{ id: 'owner-1', pin: '1111' }];
    let state = staffState({ signedIn: MEMBERS[0], may: ['staff'], trainingPins: pins });
    fake = demoBridge({
      'staff.get': () => state,
      'staff.lock': () => {
        state = staffState({ trainingPins: pins });
        return state;
      },
    });
    const r = await renderApp(fake);
    const who = screen.getByRole('group', { name: 'Staff' });
    expect(who.textContent).toContain('Staff: 山本 (Owner)');
    await r.user.tap(within(who).getByRole('button', { name: 'Lock' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Training PINs')).toBeTruthy();
    r.unmount();
  });

  it('reads a staff card from the scanner while locked, then asks for the PIN', async () => {
    fake = demoBridge({ 'staff.get': () => staffState() });
    const r = await renderApp(fake);
    // A scanner types fast and ends with Enter.
    await act(async () => {
      let at = 1_000;
      for (const key of [...'FD-ABCDEFGHJK', 'Enter'])
        window.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, timeStamp: (at += 5) } as never),
        );
    });
    await settle();
    expect(screen.getByLabelText('PIN for the card')).toBeTruthy();
    expect(fake.callsOf('search.find')).toEqual([]);
    r.unmount();
  });
});

describe('signing in lands where the member may be (decision AB81)', () => {
  const ALL = [...channels['staff.get'].response.shape.may.element.options];
  const PINS: Record<string, string> = { 'owner-1': '1111', 'staff-1': '3333' };

  /** The owner on the staff settings; staff.list asks an approval of anyone without 'staff'. */
  function overStaff() {
    let state = staffState({ signedIn: MEMBERS[0], may: ALL });
    return demoBridge({
      'staff.get': () => state,
      'staff.list': () => {
        if (!state.may.includes('staff'))
          throw new Refusal('APPROVAL_NEEDED', 'approval', [
            { permissions: ['staff'], owner: false },
          ]);
        return { members: [], unreadable: [] };
      },
      'staff.lock': () => (state = staffState()),
      'staff.signIn': ({ memberId, pin }) => {
        const member = MEMBERS.find((m) => m.id === memberId)!;
        if (PINS[member.id] !== pin) throw new Refusal('PIN_WRONG', 'wrong');
        const may = member.role === 'owner' ? ALL : (['close', 'reprint'] as const);
        return (state = staffState({ signedIn: member, may: [...may] }));
      },
    });
  }

  async function lockAndSignIn(r: Rendered, name: RegExp, pin: string) {
    await act(async () => r.app.stores.staff.getState().lock('manual'));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name }));
    await r.user.type(pin, screen.getByLabelText(/^PIN for/));
    await settle();
  }

  it('a member who may not use the screen behind the lock lands on the day view, asked nothing', async () => {
    fake = overStaff();
    const r = await renderApp(fake);
    await act(async () => r.app.stores.nav.getState().go({ name: 'staff' }));
    await settle();
    expect(fake.callsOf('staff.list')).toHaveLength(1);
    await lockAndSignIn(r, /鈴木/, '3333');
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'day' });
    expect(r.app.stores.staff.getState().approval).toBeNull();
    expect(screen.queryByText(/Approval needed/)).toBeNull();
    // The staff settings were never asked for on the member's behalf.
    expect(fake.callsOf('staff.list')).toHaveLength(1);
    r.unmount();
  });

  it('a member who may use it finds it where it was', async () => {
    fake = overStaff();
    const r = await renderApp(fake);
    await act(async () => r.app.stores.nav.getState().go({ name: 'staff' }));
    await settle();
    await lockAndSignIn(r, /山本/, '1111');
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'staff' });
    expect(screen.getByRole('heading', { level: 2, name: 'Staff' })).toBeTruthy();
    expect(fake.callsOf('staff.list')).toHaveLength(2);
    r.unmount();
  });

  it('an approval left open when the counter locks is refused, never shown to the next member', async () => {
    fake = overStaff();
    const r = await renderApp(fake);
    fake.handle('refund.record', () => {
      throw new Refusal('APPROVAL_NEEDED', 'approval', [{ permissions: ['refund'], owner: false }]);
    });
    const call = r.app.api
      .call('refund.record', {
        saleId: 'sale-1',
        reason: 'other',
        paid: { lines: [{ method: 'cash', amount: 1000 }], note: '返金' },
      })
      .catch((e: { code: string }) => e.code);
    await settle();
    expect(r.app.stores.staff.getState().approval).not.toBeNull();
    await lockAndSignIn(r, /鈴木/, '3333');
    expect(await call).toBe('APPROVAL_NEEDED');
    expect(r.app.stores.staff.getState().approval).toBeNull();
    r.unmount();
  });
});

describe('a manager’s approval in place', () => {
  const request: Request<'refund.record'> = {
    saleId: 'sale-1',
    reason: 'other',
    paid: { lines: [{ method: 'cash', amount: 1000 }], note: '返金' },
  };

  function refunds() {
    let approved = false;
    return demoBridge({
      'staff.get': () => staffState({ signedIn: MEMBERS[2] }),
      'staff.approve': ({ approverId, pin }) => {
        if (approverId !== 'manager-1' || pin !== '135790')
          throw new Refusal('PIN_WRONG', 'wrong', [{ attemptsLeft: 4, waitUntil: null }]);
        approved = true;
        return { approvedBy: MEMBERS[1] };
      },
      'refund.record': () => {
        if (!approved)
          throw new Refusal('APPROVAL_NEEDED', 'approval', [
            { permissions: ['refund'], owner: false },
          ]);
        return entry({ id: 'refund-1', kind: 'refund', amount: -1000 });
      },
    });
  }

  it('asks, and sends the very same request again once approved', async () => {
    fake = refunds();
    const r = await renderApp(fake);
    let answered: unknown = null;
    const call = r.app.api.call('refund.record', request).then((v) => (answered = v));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Approval needed' });
    expect(dialog.textContent).toContain('Refunds needs approval by a manager or an owner');
    // Who may approve: the manager and the owner, never the member signed in.
    expect(within(dialog).queryByRole('button', { name: /鈴木/ })).toBeNull();
    await r.user.tap(within(dialog).getByRole('button', { name: /佐藤/ }));
    expect(await audit()).toEqual([]);
    await r.user.type('135790', within(dialog).getByLabelText('PIN for 佐藤'));
    await call;
    expect(answered).toMatchObject({ id: 'refund-1' });
    expect(fake.callsOf('staff.approve')).toEqual([
      { channel: 'refund.record', request, approverId: 'manager-1', pin: '135790' },
    ]);
    const parsed = channels['refund.record'].request.parse(request);
    expect(fake.callsOf('refund.record')).toEqual([parsed, parsed]);
    expect(screen.queryByRole('dialog')).toBeNull();
    r.unmount();
  });

  it('fails as refused when staff cancel it', async () => {
    fake = refunds();
    const r = await renderApp(fake);
    const call = r.app.api.call('refund.record', request).catch((e: { code: string }) => e.code);
    await settle();
    await r.user.tap(screen.getByRole('button', { name: 'Cancel' }));
    expect(await call).toBe('APPROVAL_NEEDED');
    expect(fake.callsOf('refund.record')).toHaveLength(1);
    r.unmount();
  });
});

describe('the idle lock', () => {
  it('locks after the shop’s idle time without a touch; a touch starts it again', async () => {
    // Timers the test moves (the page's own waits still run, at the real pace).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fake = demoBridge({
      'staff.get': () => staffState({ signedIn: MEMBERS[0], idleLockMinutes: 1 }),
      'staff.lock': () => staffState(),
    });
    const r = await renderApp(fake, { tickMs: 3_600_000 });
    await act(async () => void vi.advanceTimersByTime(50_000));
    window.dispatchEvent(new Event('pointerdown'));
    await act(async () => void vi.advanceTimersByTime(50_000));
    expect(fake.callsOf('staff.lock')).toEqual([]);
    await act(async () => void vi.advanceTimersByTime(10_001));
    expect(fake.callsOf('staff.lock')).toEqual([{ reason: 'idle' }]);
    vi.useRealTimers();
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
    r.unmount();
  });
});

describe('the staff settings', () => {
  it('saves the owner’s table and the idle lock, and says so', async () => {
    let state = staffState({ signedIn: MEMBERS[0], may: ['staff', 'settings', 'audit'] });
    const before = state.permissions;
    fake = demoBridge({
      'staff.get': () => state,
      'staff.list': () => ({ members: [], unreadable: [] }),
      'staff.policy': ({ permissions, idleLockMinutes }) => {
        state = staffState({ ...state, permissions, idleLockMinutes });
        fake.emit('staff.changed', state);
        return state;
      },
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Staff' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Staff' })).toBeTruthy();
    await r.user.tap(screen.getByRole('checkbox', { name: 'Staff: Refunds' }));
    await choose('Lock the counter after no use for', '1');
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('staff.policy')).toEqual([
      {
        permissions: { ...before, staff: ['close', 'reprint', 'refund'] },
        idleLockMinutes: 1,
      },
    ]);
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Staff: Refunds' }).checked).toBe(
      true,
    );
    r.unmount();
  });
});

describe('the audit', () => {
  it('says in words what was done and approved, never the channel’s code', async () => {
    const row = (
      over: Pick<AuditEntryView, 'id' | 'kind' | 'action'> & Partial<AuditEntryView>,
    ) => ({
      at: Date.UTC(2026, 4, 14, 2, 0),
      businessDate: '2026-05-14',
      counterName: '受付1',
      staffName: '鈴木',
      approvedByName: '佐藤',
      subjectName: null,
      ref: null,
      detail: null,
      problem: null,
      ...over,
    });
    fake = demoBridge({
      'staff.get': () => staffState({ signedIn: MEMBERS[1], may: ['refund', 'audit'] }),
      'audit.list': () => ({
        entries: [
          row({ id: 'a1', kind: 'approval', action: 'refund,waiveFee', ref: 'cancel.confirm' }),
          row({ id: 'a2', kind: 'action', action: 'cancel.confirm', detail: 'refund,waiveFee' }),
          row({ id: 'a3', kind: 'action', action: 'change.confirm', approvedByName: null }),
        ],
      }),
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Audit' }));
    const table = await screen.findByRole('table');
    const actions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.querySelectorAll('td')[4]!.textContent);
    expect(actions).toEqual([
      'Refunds, Cancelling without a fee',
      'Refunds, Cancelling without a fee',
      'Changing a booking',
    ]);
    expect(table.textContent).not.toMatch(/\.confirm|waiveFee/);
    r.unmount();
  });
});

describe('staff in English (staff.spec’s English run, decision F74)', () => {
  it('the close’s table by staff; the audit’s heading and a sign-in by its kind', async () => {
    fake = demoBridge({
      'staff.get': () => staffState({ signedIn: MEMBERS[1], may: ['close', 'audit'] }),
      'close.preview': () =>
        closeView({
          byStaff: [
            {
              staffId: 'staff-1',
              name: '鈴木',
              sales: 11000,
              count: 1,
              refunds: 0,
              corrections: 0,
              cash: 11000,
            },
          ],
        }),
      'audit.list': () => ({
        entries: [
          {
            id: 'a1',
            at: Date.UTC(2026, 4, 14, 2, 0),
            businessDate: '2026-05-14',
            counterName: '受付1',
            staffName: '鈴木',
            approvedByName: null,
            subjectName: null,
            kind: 'sign_in',
            action: null,
            ref: null,
            detail: null,
            problem: null,
          },
        ],
      }),
    });
    const r = await renderApp(fake);
    await r.user.press('F7');
    const byStaff = await screen.findByRole('table', { name: 'By staff' });
    expect(within(byStaff).getByRole('row', { name: /鈴木/ }).textContent).toBe(
      '鈴木¥11,0001¥0¥0¥11,000',
    );
    await r.user.tap(screen.getByRole('button', { name: 'Audit' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit' })).toBeTruthy();
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Signed in/ });
    expect(row.textContent).toContain('鈴木');
    r.unmount();
  });
});
