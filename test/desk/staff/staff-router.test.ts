/**
 * Staff through the router on a live store (issue 29): until an owner is set up nothing is asked;
 * the owner is whoever holds the key; a member of staff is refused every channel whose rule is a
 * permission they lack (APPROVAL_NEEDED, naming it) and nobody signed in is refused whatever
 * leaves a record (STAFF_SIGN_IN_NEEDED); a manager's PIN lets that very request through once,
 * and the record and the audit say who did it and who approved it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '../../../main/ipc/contract';
import { VALID as PAYLOADS } from '../../ipc/payloads';
import { LATER, TODAY, refusal, setUp, startHarness, type Harness } from '../support';
import { count } from '../close/records';
import { PINS, quickHasher, sellCash, signIn, staffStore, type Staffed } from './support';

describe('staff at the counter, through the router', () => {
  let h: Harness;
  let key: string;
  let ids: Staffed;

  beforeAll(async () => {
    h = await startHarness({ desk: { pinHasher: quickHasher() } });
    await setUp(h);
    key = h.sb.key('org-facility');
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  it('asks nothing until an owner is set up; records then say no one', async () => {
    expect(await h.call('staff.get', {})).toMatchObject({ enabled: false, signedIn: null });
    const { outcome } = await sellCash(h, '前田');
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === outcome.saleId,
    );
    expect(entry?.staff).toBeUndefined();
    // Nothing to add a member to before the owner.
    expect(
      (
        await refusal(h, 'staff.save', {
          id: null,
          name: '誰か',
          role: 'staff',
          pin: '1111',
          newCard: false,
        })
      ).code,
    ).toBe('STAFF_NOT_SET_UP');
  });

  it('makes whoever holds the key the owner, and no one else', async () => {
    const wrong = await refusal(h, 'staff.claimOwner', {
      apiKey: h.sb.key('read-only'),
      name: '偽物',
      pin: '9999',
    });
    expect(wrong.code).toBe('API_KEY_MISMATCH');
    ids = await staffStore(h, key);
    const state = await h.call('staff.get', {});
    expect(state).toMatchObject({ enabled: true, signedIn: { id: ids.owner, role: 'owner' } });
    expect(state.members.map((m) => m.role)).toEqual(['owner', 'manager', 'staff']);
  });

  it('refuses whatever leaves a record while nobody is signed in', async () => {
    await h.call('staff.signOut', {});
    const refused = await refusal(h, 'walkin.book', PAYLOADS['walkin.book']);
    expect(refused.code).toBe('STAFF_SIGN_IN_NEEDED');
    // Reading goes on (behind the lock screen).
    expect((await h.call('journal.day', { date: null })).entries.length).toBeGreaterThan(0);
  });

  it('refuses a member of staff every channel whose rule is a permission they lack', async () => {
    await signIn(h, ids.owner, PINS.owner);
    // Staff may do nothing beyond the basics here.
    await h.call('staff.policy', {
      permissions: {
        staff: [],
        manager: ['refund', 'correct', 'waiveFee', 'close', 'reprint', 'audit'],
      },
      idleLockMinutes: 5,
    });
    await signIn(h, ids.staff, PINS.staff);
    const declared = h.desk.declarations();
    const permissionChannels = (Object.keys(declared) as Channel[]).filter(
      (c) =>
        typeof declared[c].rule === 'string' &&
        !['open', 'who'].includes(declared[c].rule as string),
    );
    expect(permissionChannels).toEqual(
      expect.arrayContaining([
        'refund.record',
        'journal.correct',
        'close.commit',
        'money.configure',
        'shop.configure',
        'setup.saveKey',
        'staff.policy',
        'audit.list',
      ]),
    );
    for (const channel of permissionChannels) {
      const refused = await refusal(h, channel, PAYLOADS[channel]);
      expect(refused.code, channel).toBe('APPROVAL_NEEDED');
      const rule = declared[channel].rule as string;
      expect(refused.details[0], channel).toEqual(
        rule === 'owner' ? { permissions: [], owner: true } : { permissions: [rule], owner: false },
      );
    }
  });

  it('stamps a check-in with who made it', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const day = await h.call('day.get', { date: null });
    const party = (await h.call('day.parties', { date: day.date, slot: null })).reservations.find(
      (r) => r.active && !r.checkIn,
    )!;
    const made = await h.call('checkin.record', {
      reservationId: party.id,
      date: party.date,
      state: 'arrived',
      adults: party.adults,
      children: party.children,
    });
    expect(made.reservation.checkIn).toMatchObject({ staffName: 'アルバイト' });
  });

  it('lets a refund through with a manager’s PIN, once, and says who approved it', async () => {
    await signIn(h, ids.owner, PINS.owner);
    const { outcome, total } = await sellCash(h, '返金花子');
    await signIn(h, ids.staff, PINS.staff);
    const request = {
      saleId: outcome.saleId!,
      reason: 'other' as const,
      paid: { lines: [{ method: 'cash' as const, amount: 100, received: null }], note: '一部返金' },
    };
    expect((await refusal(h, 'refund.record', request)).details).toEqual([
      { permissions: ['refund'], owner: false },
    ]);
    // Staff cannot approve; a wrong manager PIN is counted and refused.
    expect(
      (
        await refusal(h, 'staff.approve', {
          channel: 'refund.record',
          request,
          approverId: ids.staff,
          pin: PINS.staff,
        })
      ).code,
    ).toBe('APPROVER_NOT_ALLOWED');
    const wrong = await refusal(h, 'staff.approve', {
      channel: 'refund.record',
      request,
      approverId: ids.manager,
      pin: '0000',
    });
    expect(wrong).toMatchObject({ code: 'PIN_WRONG', details: [{ attemptsLeft: 4 }] });
    const approved = await h.call('staff.approve', {
      channel: 'refund.record',
      request,
      approverId: ids.manager,
      pin: PINS.manager,
    });
    expect(approved.approvedBy).toMatchObject({ id: ids.manager, name: '店長' });
    // The approval is for that request alone: another amount is still refused.
    const other = {
      ...request,
      paid: { ...request.paid, lines: [{ ...request.paid.lines[0]!, amount: 50 }] },
    };
    expect((await refusal(h, 'refund.record', other)).code).toBe('APPROVAL_NEEDED');
    const refund = await h.call('refund.record', request);
    expect(refund).toMatchObject({
      kind: 'refund',
      amount: -100,
      staff: { id: ids.staff, name: 'アルバイト' },
      approvedBy: { id: ids.manager, name: '店長' },
    });
    // The slip says who paid it back (レジ担当), not who approved it.
    const slip = await h.call('receipt.get', { entryId: refund.id, locale: 'ja' });
    expect(slip.html).toContain('レジ担当');
    expect(slip.html).toContain('アルバイト');
    expect(slip.html).not.toContain('店長');
    // In English too (staff.spec's English run, decision F74): the cashier by name.
    const english = await h.call('receipt.get', { entryId: refund.id, locale: 'en' });
    expect(english.html).toMatch(/Cashier(<[^>]+>|\s)*アルバイト/);
    expect(english.html).not.toContain('店長');
    // Used once: the same request again needs another approval.
    expect((await refusal(h, 'refund.record', request)).code).toBe('APPROVAL_NEEDED');
    expect(total).toBeGreaterThan(100);

    await signIn(h, ids.manager, PINS.manager);
    const audit = (await h.call('audit.list', { from: TODAY, to: TODAY })).entries;
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'pin_failed',
          subjectName: '店長',
          staffName: 'アルバイト',
          detail: 'approval',
        }),
        expect.objectContaining({
          kind: 'approval',
          staffName: 'アルバイト',
          approvedByName: '店長',
          action: 'refund',
          ref: 'refund.record',
        }),
        expect.objectContaining({
          kind: 'action',
          action: 'refund.record',
          staffName: 'アルバイト',
          approvedByName: '店長',
          ref: refund.id,
        }),
      ]),
    );
  });

  it('asks for waiving the fee and for the refund paid with a cancel, and stamps both', async () => {
    await signIn(h, ids.owner, PINS.owner);
    const { outcome, total } = await sellCash(h, '天候');
    await signIn(h, ids.staff, PINS.staff);
    const request = {
      reservationId: outcome.reservation!.id,
      date: LATER,
      reason: 'weather' as const,
      sendCancellationEmail: false,
      refund: { lines: [{ method: 'cash' as const, amount: total, received: null }], note: null },
    };
    const refused = await refusal(h, 'cancel.confirm', request);
    expect(refused).toMatchObject({
      code: 'APPROVAL_NEEDED',
      details: [{ permissions: ['waiveFee', 'refund'], owner: false }],
    });
    await h.call('staff.approve', {
      channel: 'cancel.confirm',
      request,
      approverId: ids.manager,
      pin: PINS.manager,
    });
    const done = await h.call('cancel.confirm', request);
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === done.refundEntryId,
    );
    expect(entry).toMatchObject({
      staff: { id: ids.staff },
      approvedBy: { id: ids.manager },
    });
  });

  it('corrections and the close: refused, approved, stamped; the close shows the day by staff', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const sale = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.kind === 'sale' && e.staff,
    )!;
    const correction = {
      entryId: sale.id,
      tender: [{ method: 'cash' as const, amount: -100 }],
      note: '打ち間違い',
    };
    expect((await refusal(h, 'journal.correct', correction)).code).toBe('APPROVAL_NEEDED');
    await h.call('staff.approve', {
      channel: 'journal.correct',
      request: correction,
      approverId: ids.owner,
      pin: PINS.owner,
    });
    expect(await h.call('journal.correct', correction)).toMatchObject({
      staff: { id: ids.staff },
      approvedBy: { id: ids.owner },
    });

    const preview = await h.call('close.preview', { date: null, openingFloat: 0, counted: null });
    const commit = {
      date: preview.businessDate,
      openingFloat: 0,
      counted: count({ '1': preview.expectedCash }),
      note: null,
    };
    expect((await refusal(h, 'close.commit', commit)).code).toBe('APPROVAL_NEEDED');
    await h.call('staff.approve', {
      channel: 'close.commit',
      request: commit,
      approverId: ids.manager,
      pin: PINS.manager,
    });
    const closed = await h.call('close.commit', commit);
    expect(closed.closedBy).toEqual({ id: ids.staff, name: 'アルバイト' });
    const rows = new Map(closed.byStaff.map((r) => [r.staffId, r]));
    // The sale before anyone was set up; the owner's sales; the staff's refund and correction.
    expect(rows.get(null)).toMatchObject({ count: 1 });
    expect(rows.get(ids.owner)).toMatchObject({ name: 'オーナー', count: 2 });
    expect(rows.get(ids.staff)).toMatchObject({ name: 'アルバイト', count: 0, corrections: -100 });
    expect(rows.get(ids.staff)!.refunds).toBeGreaterThan(100);
    const report = await h.call('close.report', { date: closed.businessDate, locale: 'ja' });
    expect(report.html).toContain('担当者別');
    expect(report.html).toContain('締め担当: アルバイト');
    const sum = closed.byStaff.reduce((s, r) => s + r.cash, 0);
    expect(sum).toBe(closed.expectedCash - closed.openingFloat);
  });

  it('lets each money and settings channel through with an approval, and records it', async () => {
    // Staff who may do nothing beyond the basics; the day is closed (the close above).
    await signIn(h, ids.staff, PINS.staff);
    const channels = [
      'refund.record',
      'journal.correct',
      'close.commit',
      'money.configure',
      'installed.configure',
      'updates.install',
      'staff.list',
      'audit.list',
      'audit.csv',
    ] as const;
    for (const channel of channels) {
      await h.call('staff.approve', {
        channel,
        request: PAYLOADS[channel],
        approverId: ids.owner,
        pin: PINS.owner,
      });
      // Through the guard: whatever the handler answers (a sale not found, no installed app),
      // never the refusal for want of a permission.
      const result = await h.raw(channel, PAYLOADS[channel]);
      if (!result.ok)
        expect(['APPROVAL_NEEDED', 'STAFF_SIGN_IN_NEEDED'], channel).not.toContain(
          result.error.code,
        );
      // Spent by a call that went through; given back by one its handler refused (S24).
      const again = await h.raw(channel, PAYLOADS[channel]);
      if (result.ok) expect(again.ok || again.error.code, channel).toBe('APPROVAL_NEEDED');
      else expect(again.ok ? 'ok' : again.error.code, channel).toBe(result.error.code);
    }
    await signIn(h, ids.owner, PINS.owner);
    const approvals = (await h.call('audit.list', { from: TODAY, to: TODAY })).entries.filter(
      (e) =>
        e.kind === 'approval' && e.staffName === 'アルバイト' && e.approvedByName === 'オーナー',
    );
    expect(approvals.map((e) => e.ref)).toEqual(expect.arrayContaining([...channels]));
    // The CSV says what was approved in words; the codes follow for support.
    const { csv } = await h.call('audit.csv', { from: TODAY, to: TODAY, locale: 'ja' });
    const rows = csv.split('\r\n').map((line) => line.split(','));
    const header = rows[0]!;
    const [action, detail] = [header.indexOf('操作'), header.indexOf('詳細')];
    const approved = rows.find((r) => r.includes('audit.csv') && r.includes('承認'))!;
    expect(approved[action]).toBe('操作記録の閲覧');
    expect(approved[detail]).toBe('audit');
    await signIn(h, ids.staff, PINS.staff);
  });
});
