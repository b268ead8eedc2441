/**
 * Staff at the drawer and at a booking paid on site (issues 29, 27, 31), through the router: the
 * drawer opened by hand asks the drawer permission (a manager's PIN lets it through) and its
 * record names who opened it and who approved; a collection is stamped like a sale — its drawer
 * open, its receipt's レジ担当, its row in the close by staff — and a discount given with it asks
 * the discount permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOpenByHand } from '../../../main/desk/printer/drawer';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { waitFor } from '../../support/wait';
import { bookedOnSite, paidInCash } from '../onsite/support';
import { setUpPrinter } from '../printer/support';
import { refusal, setUp, startHarness, TODAY, type Harness } from '../support';
import { PINS, quickHasher, signIn, staffStore, type Staffed } from './support';

describe('staff at the drawer and at a booking paid on site', () => {
  let h: Harness;
  let printer: VirtualPrinter;
  let ids: Staffed;

  const drawerRecords = () =>
    h.desk
      .session!.journal.range('2000-01-01', '2100-01-01')
      .records.filter((r) => r.kind === 'drawer');

  beforeAll(async () => {
    h = await startHarness({ desk: { pinHasher: quickHasher() } });
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    ids = await staffStore(h, h.sb.key('org-facility'));
    // The owner sets the printer up (settings).
    await setUpPrinter(h, printer);
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  it('opens the drawer by hand only for who may: a manager’s PIN, and the record says both', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const request = { reason: '両替' };
    expect(await refusal(h, 'drawer.open', request)).toMatchObject({
      code: 'APPROVAL_NEEDED',
      details: [{ permissions: ['drawer'], owner: false }],
    });
    const pulses = printer.printouts().reduce((n, p) => n + p.pulses, 0);
    await h.call('staff.approve', {
      channel: 'drawer.open',
      request,
      approverId: ids.manager,
      pin: PINS.manager,
    });
    expect(await h.call('drawer.open', request)).toMatchObject({ ok: true });
    // "Opened" is said once the pulse is sent; the printer takes it as its bytes arrive.
    await waitFor(
      () => printer.printouts().reduce((n, p) => n + p.pulses, 0) === pulses + 1,
      'the pulse at the printer',
    );
    expect(drawerRecords().at(-1)).toMatchObject({
      cause: 'manual',
      note: '両替',
      staffId: ids.staff,
      staff: { id: ids.staff, name: 'アルバイト' },
      approvedBy: { id: ids.manager, name: '店長' },
    });
    // A manager opens it alone.
    await signIn(h, ids.manager, PINS.manager);
    await h.call('drawer.open', { reason: 'つり銭の補充' });
    expect(drawerRecords().at(-1)).toMatchObject({ staffId: ids.manager });
    const audit = (await h.call('audit.list', { from: TODAY, to: TODAY })).entries;
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'action',
          action: 'drawer.open',
          staffName: 'アルバイト',
          approvedByName: '店長',
        }),
        expect.objectContaining({ kind: 'action', action: 'drawer.open', staffName: '店長' }),
      ]),
    );
  });

  it('refuses an open by hand that reached the desk with nobody acting, once staff are set up', () => {
    expect(mayOpenByHand({ staffId: null, staffSetUp: false })).toBe(true);
    expect(mayOpenByHand({ staffId: null, staffSetUp: true })).toBe(false);
    expect(mayOpenByHand({ staffId: ids.staff, staffSetUp: true })).toBe(true);
  });

  it('stamps a collection like a sale: its drawer, its receipt, the close by staff', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const { due, done } = await paidInCash(h, await bookedOnSite(h, '現地担当'));
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === done.entryId,
    );
    expect(entry).toMatchObject({ kind: 'collection', staff: { id: ids.staff } });
    await waitFor(
      () => drawerRecords().find((r) => r.kind === 'drawer' && r.entryId === done.entryId),
      'the drawer opened for the collection',
    );
    expect(drawerRecords().find((r) => r.entryId === done.entryId)).toMatchObject({
      cause: 'collection',
      staffId: ids.staff,
    });
    const slip = await h.call('receipt.get', { entryId: done.entryId, locale: 'ja' });
    expect(slip.html).toContain('レジ担当');
    expect(slip.html).toContain('アルバイト');

    const close = await h.call('close.preview', { date: null, openingFloat: 0, counted: null });
    const mine = close.byStaff.find((r) => r.staffId === ids.staff)!;
    expect(mine).toMatchObject({ name: 'アルバイト', count: 1, sales: due, cash: due });
    const sum = close.byStaff.reduce((s, r) => s + r.cash, 0);
    expect(sum).toBe(close.expectedCash - close.openingFloat);
  });

  it('asks the discount permission for a discount given with a collection', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const r = await bookedOnSite(h, '割引');
    const { reservation } = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    const due = reservation.payment!.due!;
    const request = {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: due - 500,
      discount: { amount: 500, reason: 'apology' as const, note: null },
      tender: {
        lines: [{ method: 'cash' as const, amount: due - 500, received: due - 500 }],
      },
      checkIn: null,
    };
    expect(await refusal(h, 'onsite.collect', request)).toMatchObject({
      code: 'APPROVAL_NEEDED',
      details: [{ permissions: ['discount'], owner: false }],
    });
    await h.call('staff.approve', {
      channel: 'onsite.collect',
      request,
      approverId: ids.manager,
      pin: PINS.manager,
    });
    const done = await h.call('onsite.collect', request);
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === done.entryId,
    );
    expect(entry).toMatchObject({
      staff: { id: ids.staff },
      approvedBy: { id: ids.manager },
      collection: { discount: { amount: 500 } },
    });
  });
});
