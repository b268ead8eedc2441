/**
 * The API key never reaches the renderer: over a full flow through every channel — set-up, the
 * day, search, check-in, headcount, walk-ins (booked, pending, refused, queued offline), customer
 * search, cancellation, the outbox, errors of every kind, training — no response, no event, no
 * log line and no file holds a key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type Request } from '../../main/ipc/contract';
import { DEMO } from '../../sandbox/scenario/demo';
import { VALID } from './payloads';
import { allFiles } from '../local/support';
import {
  KYOTO,
  LATER,
  OKINAWA,
  P,
  TODAY,
  cutLink,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../desk/support';
import { waitFor } from '../support/wait';

describe('the API key stays in the main process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('over a full flow, no response, event, log line or file holds a key', async () => {
    const key = h.sb.key('org-facility');
    // Set-up, with failures on the way.
    await h.raw('setup.checkKey', { apiKey: key, serviceUrl: 'not a url' });
    await h.raw('setup.checkKey', { apiKey: `${key}x`, serviceUrl: null });
    for (const role of ['revoked', 'expired', 'contract-ended', 'read-only'])
      await h.raw('setup.checkKey', { apiKey: h.sb.key(role), serviceUrl: null });
    await h.raw('setup.saveKey', {
      apiKey: key,
      serviceUrl: null,
      storeId: 'st_nope',
      plan: 'standard',
    });
    await h.call('setup.checkKey', { apiKey: key, serviceUrl: null });
    await setUp(h);
    await h.call('setup.status', {});
    await h.call('status.get', {});
    await h.call('status.acknowledgeDamage', { id: 'no-such-notice' });

    // The day, search, check-in, headcount.
    await h.call('day.get', { date: TODAY });
    await h.call('day.refresh', { date: TODAY });
    const some = (await h.call('day.parties', { date: TODAY, slot: null })).reservations.find(
      (r) => r.active,
    )!;
    await h.call('search.find', { text: some.customerName, date: TODAY });
    await h.call('search.find', { text: some.number!, date: TODAY });
    await h.call('reservation.get', { reservationId: some.id, date: TODAY });
    await h.call('checkin.record', {
      reservationId: some.id,
      date: TODAY,
      state: 'partial',
      adults: 1,
      children: 0,
    });
    await h.call('checkin.undo', { reservationId: some.id, date: TODAY });
    await h.call('headcount.check', {
      productId: P.rickshaw,
      date: TODAY,
      startTime: null,
      adults: 2,
      children: 0,
    });

    // Walk-ins of every outcome.
    const book = (extra: Record<string, unknown>) =>
      h.raw('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 1,
        children: 0,
        participants: [],
        customer: { lastName: '秘密', email: 'secret@example.jp' },
        sendConfirmationEmail: true,
        locale: 'ja',
        ...extra,
      });
    await h.call('walkin.form', { productId: P.kimonoWalk });
    await h.call('walkin.products', {});
    await h.call('walkin.quote', {
      productId: P.kimonoWalk,
      date: LATER,
      startTime: '13:00',
      adults: 4,
      children: 0,
      participants: [],
      customer: { lastName: '秘密', email: 'secret@example.jp' },
    });
    const booked = await book({});
    // Money taken (issue 13): a sale booked, one refused (a refund owed).
    const paid = { lines: [{ method: 'cash', amount: 8000, received: 10000 }] };
    const paidDraft = randomUUID();
    await book({ tender: paid, draftId: paidDraft });
    // What a window reloaded after Book reads of it.
    await h.call('walkin.outcome', { draftId: paidDraft });
    const refusedSale = await book({ productId: P.teaCeremony, startTime: '13:00', tender: paid });
    await book({ productId: P.kimonoWalk, startTime: '13:00', adults: 2 });
    await book({ date: '2020-01-01' });
    cutLink(h.sb);
    await book({});
    restoreLink(h.sb);
    await waitFor(async () => (await h.call('status.get', {})).outbox.waiting === 0, 'the outbox');
    const items = (await h.call('outbox.list', {})).items;
    const refused = items.find((i) => i.state === 'refused')!;
    await h.raw('outbox.retry', { id: refused.id });
    await h.raw('outbox.discard', { id: refused.id, confirm: true });
    await h.raw('outbox.retry', { id: 'nope' });

    // Customers and cancellation.
    await h.call('customers.find', { email: 'secret@example.jp' });
    await h.raw('customers.find', { email: 'not-an-email' });
    const r = booked.ok ? (booked.value as { reservation: { id: string } }).reservation : null;
    await h.call('cancel.preview', {
      reservationId: r!.id,
      date: LATER,
      reason: 'customer_request',
    });
    await h.call('cancel.confirm', {
      reservationId: r!.id,
      date: LATER,
      reason: 'customer_request',
      sendCancellationEmail: true,
    });
    await h.raw('cancel.confirm', {
      reservationId: r!.id,
      date: LATER,
      reason: 'customer_request',
      sendCancellationEmail: true,
    });
    // A booking paid on site (issue 27): claimed, its amount asked, paid with its check-in.
    await h.call('day.get', { date: TODAY });
    const onSite = (await h.call('day.parties', { date: TODAY, slot: null })).reservations.find(
      (v) => v.status === 'confirmed' && v.payment?.state === 'to_pay',
    );
    expect(onSite).toBeDefined();
    const started = await h.call('onsite.start', { reservationId: onSite!.id, date: TODAY });
    const due = started.reservation.payment!.due!;
    await h.call('onsite.collect', {
      reservationId: onSite!.id,
      date: TODAY,
      due,
      amount: due,
      tender: { lines: [{ method: 'cash', amount: due, received: due }] },
      checkIn: {
        state: 'arrived',
        adults: onSite!.adults,
        children: onSite!.children,
        basis: null,
      },
    });
    await h.raw('onsite.release', { reservationId: onSite!.id, date: TODAY });
    // A change of time (issue 15): the new booking, then the old one cancelled.
    const moved = await book({});
    const m = moved.ok ? (moved.value as { reservation: { id: string } }).reservation : null;
    await h.call('change.start', { reservationId: m!.id, date: LATER });
    const ask = {
      reservationId: m!.id,
      date: LATER,
      kind: 'change' as const,
      to: { date: LATER, startTime: '15:00', adults: 1, children: 0 },
      reason: 'customer_request' as const,
      sendCancellationEmail: true,
      participants: [],
    };
    const quote = await h.call('change.quote', ask);
    const changed = await h.call('change.confirm', {
      ...ask,
      shown: { total: quote.price!.total, fee: quote.preview!.fee, refund: quote.preview!.refund },
      tender: null,
      handBack: null,
      sendConfirmationEmail: true,
      locale: 'ja',
    });
    expect(changed.state).toBe('done');
    await h.call('change.list', {});
    await h.raw('change.retry', { id: changed.change!.id });
    await h.raw('change.dismiss', { id: 'nope', confirm: true });
    const rickshaw = { productId: P.rickshaw, startTime: '10:00' };
    await h.call('manifest.page', { date: TODAY, slot: rickshaw });
    await h.call('manifest.csv', { date: null, slot: null, locale: 'en' });
    await h.raw('manifest.print', { date: TODAY, slot: rickshaw });
    await h.raw('prefs.set', { locale: 'en' });
    await h.raw('day.watch', { date: null });
    await h.raw('prefs.get', {});
    await h.call('shop.configure', { counterName: '受付1', sharing: true, peers: ['10.0.0.2'] });
    await h.call('shop.get', {});
    // Joining by code (H13): no shop here to show one; a code that is not one.
    await h.raw('shop.join.show', {});
    await h.raw('shop.join.enter', { code: 'FD1-not-a-code' });
    // Money (issue 13): the journal's channels for real, then receipts and the close.
    const saleId = refusedSale.ok ? (refusedSale.value as { saleId: string }).saleId : '';
    await h.call('journal.day', { date: null });
    await h.call('refunds.owed', {});
    await h.call('refund.record', {
      saleId,
      reason: 'booking_refused',
      paid: { lines: [{ method: 'cash', amount: 8000 }], note: null },
    });
    await h.call('journal.correct', {
      entryId: saleId,
      tender: [{ method: 'cash', amount: -100 }],
      note: 'change miscounted',
    });
    await h.call('cash.record', { direction: 'out', reason: 'safe', amount: 1000, note: null });
    await h.call('money.settings', {});
    await h.call('money.configure', {
      ...VALID['money.configure'],
      registrationNumber: null,
    } as never);
    await h.call('money.discountReasons', {});
    await h.call('money.saveDiscountReason', VALID['money.saveDiscountReason'] as never);
    for (const channel of [
      'journal.csv',
      'receipt.get',
      'receipt.print',
      'receipt.pdf',
      'close.preview',
      'close.commit',
      'close.store',
      'close.report',
      'close.print',
    ] as const)
      await h.raw(channel, VALID[channel]);
    // The hardware's (issue 31): a printer set up where none listens (port 1), then none again.
    for (const channel of [
      'printer.status',
      'printer.settings',
      'printer.find',
      'printer.discover',
      'printer.stopDiscovery',
      'printer.test',
      'printer.virtual',
      'printer.retry',
      'drawer.open',
      'display.show',
      'display.get',
      'display.open',
    ] as const)
      await h.raw(channel, VALID[channel]);
    const printers = VALID['printer.configure'] as Request<'printer.configure'>;
    await h.call('printer.configure', {
      ...printers,
      receiptPrinter: {
        ...printers.receiptPrinter!,
        connection: { kind: 'network', host: '127.0.0.1', port: 1 },
      },
    });
    await h.call('printer.configure', { ...printers, receiptPrinter: null });
    // The installed app's channels (issue 14): the flow kept for a reload, and (without the
    // platform's services here) the refusal; test/installed/full-flow.test.ts makes the
    // support bundle for real.
    for (const channel of [
      'recovery.keep',
      'recovery.get',
      'installed.get',
      'installed.configure',
      'updates.check',
      'updates.install',
      'support.bundle',
    ] as const)
      await h.raw(channel, VALID[channel]);
    // Staff (issue 29): the owner claimed with the key (compared, never kept again), a member
    // added, signed in and out, an approval asked, the list, the policy, the audit.
    const owner = (await h.call('staff.claimOwner', { apiKey: key, name: 'オーナー', pin: '1234' }))
      .signedIn!;
    const asOwner = () => h.call('staff.signIn', { memberId: owner.id, pin: '1234' });
    for (const channel of [
      'staff.get',
      'staff.list',
      'staff.save',
      'staff.approve',
      'staff.policy',
      'staff.remove',
      'audit.list',
      'audit.csv',
      'staff.lock',
      'staff.signIn',
      'staff.signOut',
    ] as const)
      await h.raw(channel, VALID[channel]);
    await asOwner();
    // Counter items (issue 30): the catalogue, an item added, items sold alone.
    for (const channel of ['items.list', 'items.save', 'items.sell'] as const)
      await h.raw(channel, VALID[channel]);
    // The head office (issue 40): none listens there (port 1), so not enrolled; the rest refuse.
    for (const channel of [
      'office.get',
      'office.enrol',
      'office.check',
      'office.send',
      'office.lists',
      'office.listsSeen',
    ] as const)
      await h.raw(channel, VALID[channel]);
    await h.call('setup.selectStore', { storeId: OKINAWA });
    await h.call('day.get', { date: null });
    await h.call('setup.selectStore', { storeId: KYOTO });
    await asOwner();

    // A restart (nobody signed in after it), training, and back.
    await h.restart();
    await h.call('day.get', { date: TODAY });
    await asOwner();
    await h.call('setup.startTraining', {});
    await h.call('day.get', { date: TODAY });
    await book({});
    await h.call('status.get', {});
    await setUp(h);
    await asOwner();
    await h.call('setup.removeKey', {});
    await h.call('setup.status', {});
    // Stopped: every file it had to write is written, every log line and event is out.
    await h.desk.stop();

    const secrets = [
      ...Object.values(DEMO.keys).map(
        (k) => h.sb.sandbox.keys().find((x) => x.token === k)?.token ?? k,
      ),
      ...h.trainings.map((t) => t.apiKey),
    ];
    expect(h.trainings.length).toBeGreaterThan(0);
    expect(h.results.length).toBeGreaterThan(40);
    expect(h.events.length).toBeGreaterThan(20);
    const responses = JSON.stringify(h.results);
    const events = JSON.stringify(h.events);
    const logs = JSON.stringify(h.logs);
    const files = allFiles(h.dataDir)
      .map((f) => f.text)
      .join('\n');
    for (const secret of secrets) {
      expect(responses).not.toContain(secret);
      expect(events).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(files).not.toContain(secret);
      // Nor a large piece of it.
      expect(responses).not.toContain(secret.slice(-16));
      expect(events).not.toContain(secret.slice(-16));
    }
    // The flow went through every channel.
    expect(new Set(h.results.map((r) => r.channel))).toEqual(new Set(Object.keys(channels)));
  }, 60_000);
});
