/**
 * One booking per walk-in draft (issue 25): Book pressed again for the same draft — while the
 * first is queued, being sent, booked or refused, after the main process restarted, or after a
 * failed write took nothing — answers the first booking's outcome: one outbox entry,
 * one sale, one reservation. The desk ends the kept flow when it books, at the walk-in's outcome
 * (a late report of that walk-in does not bring its Book back), and a reloaded window reads that
 * outcome, joining the booking if it still runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeptFlow, Request } from '../../../main/ipc/contract';
import {
  LATER,
  P,
  TODAY,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
  creationsAt,
} from '../support';
import { waitFor } from '../../support/wait';

type Book = Request<'walkin.book'>;

/** A walk-in paid by card (a sale written with it), booked as draft `draftId`. */
function walkIn(lastName: string, draftId: string, extra: Partial<Book> = {}): Book {
  return {
    draftId,
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName },
    sendConfirmationEmail: false,
    locale: 'ja',
    quoted: null,
    tender: { lines: [{ method: 'card', amount: 9000 }] },
    ...extra,
  };
}

describe('a walk-in draft is booked once', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  const session = () => h.desk.session!;
  const posts = () => creationsAt(h.sb).length;
  const reservationsOf = (lastName: string) =>
    h.sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === lastName);
  const entriesOf = async (lastName: string) =>
    (await h.call('outbox.list', {})).items.filter((i) => i.customerName === lastName);
  const salesOf = async (lastName: string) =>
    (await h.call('journal.day', { date: null })).entries.filter(
      (e) => e.kind === 'sale' && e.customerName === lastName,
    );

  // Each test starts with the link up (an earlier one may have cut it).
  beforeEach(() =>
    waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link'),
  );

  const untilBooked = (lastName: string) =>
    waitFor(
      async () => (await entriesOf(lastName)).every((i) => i.state === 'booked'),
      'the queued walk-in to be booked',
    );

  /** One entry, one sale (and `reserved` reservations at the service) for this customer. */
  async function expectOnce(lastName: string, reserved: number) {
    expect(await entriesOf(lastName)).toHaveLength(1);
    expect(await salesOf(lastName)).toHaveLength(1);
    expect(reservationsOf(lastName)).toHaveLength(reserved);
  }

  it('booked: Book again answers the booking; nothing is sent or sold again', async () => {
    const draft = randomUUID();
    const first = await h.call('walkin.book', walkIn('一度目', draft));
    expect(first.outcome).toBe('booked');
    expect(first.saleId).toBeTruthy();
    const sent = posts();
    const second = await h.call('walkin.book', walkIn('一度目', draft));
    expect(second).toEqual(first);
    expect(posts()).toBe(sent);
    await expectOnce('一度目', 1);
  });

  it('queued: Book again answers queued; the one entry is booked when the link returns', async () => {
    const draft = randomUUID();
    cutLink(h.sb);
    let first;
    try {
      first = await h.call('walkin.book', walkIn('待ち一度', draft));
      expect(first.outcome).toBe('queued');
      const second = await h.call('walkin.book', walkIn('待ち一度', draft));
      expect(second).toEqual(first);
      await expectOnce('待ち一度', 0);
    } finally {
      restoreLink(h.sb);
    }
    await untilBooked('待ち一度');
    const third = await h.call('walkin.book', walkIn('待ち一度', draft));
    expect(third).toMatchObject({
      outcome: 'booked',
      entryId: first.entryId,
      saleId: first.saleId,
    });
    await expectOnce('待ち一度', 1);
  });

  it('being sent: Book again waits for the first booking and answers its outcome', async () => {
    const draft = randomUUID();
    const outbox = session().outbox;
    const send = outbox.send;
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    outbox.send = async (...args) => {
      entered();
      await gate;
      return send.apply(outbox, args);
    };
    try {
      const first = h.call('walkin.book', walkIn('送信中', draft));
      await sending;
      const second = h.call('walkin.book', walkIn('送信中', draft));
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(a.outcome).toBe('booked');
      expect(b).toEqual(a);
    } finally {
      outbox.send = send;
    }
    await expectOnce('送信中', 1);
  });

  it('refused: Book again answers the refusal; nothing is sent again', async () => {
    const day = await h.call('day.get', { date: TODAY });
    const full = day.products
      .find((p) => p.id === P.teaCeremony)!
      .slots.find((s) => s.remaining === 0)!;
    expect(full).toBeTruthy();
    const draft = randomUUID();
    const refused = walkIn('断り一度', draft, {
      productId: P.teaCeremony,
      date: TODAY,
      startTime: full.startTime,
      adults: 1,
    });
    const first = await h.call('walkin.book', refused);
    expect(first).toMatchObject({ outcome: 'refused', refusal: { code: 'SLOT_NOT_AVAILABLE' } });
    expect(first.entryId).not.toBe('');
    const sent = posts();
    const second = await h.call('walkin.book', refused);
    expect(second).toEqual(first);
    expect(posts()).toBe(sent);
    await expectOnce('断り一度', 0);
  });

  it('after the main process restarts: the entry on disk answers; no second entry or sale', async () => {
    const draft = randomUUID();
    cutLink(h.sb);
    let first;
    try {
      first = await h.call('walkin.book', walkIn('再起動', draft));
      expect(first.outcome).toBe('queued');
      await h.restart();
      const second = await h.call('walkin.book', walkIn('再起動', draft));
      expect(second).toMatchObject({
        outcome: 'queued',
        entryId: first.entryId,
        saleId: first.saleId,
      });
      await expectOnce('再起動', 0);
    } finally {
      restoreLink(h.sb);
    }
    await untilBooked('再起動');
    await expectOnce('再起動', 1);
  });

  it('its entry not written (a failure at the first write): nothing is taken; Book again books it once', async () => {
    const draft = randomUUID();
    const outbox = session().outbox;
    const enqueue = outbox.enqueue;
    outbox.enqueue = () => {
      throw new Error('the process ends here');
    };
    try {
      expect((await refusal(h, 'walkin.book', walkIn('売上のみ', draft))).code).toBe('INTERNAL');
    } finally {
      outbox.enqueue = enqueue;
    }
    // The entry is written before the sale (decision AA10): no money without its booking.
    expect(await salesOf('売上のみ')).toHaveLength(0);
    expect(await entriesOf('売上のみ')).toHaveLength(0);
    expect((await h.call('walkin.outcome', { draftId: draft })).outcome).toBeNull();
    const second = await h.call('walkin.book', walkIn('売上のみ', draft));
    expect(second.outcome).toBe('booked');
    const [sale] = await salesOf('売上のみ');
    expect(second.saleId).toBe(sale!.id);
    await expectOnce('売上のみ', 1);
  });

  it('the sale not written (a failure at the second write): its held entry goes; nothing is taken', async () => {
    const draft = randomUUID();
    const journal = session().journal;
    const append = journal.append;
    journal.append = () => {
      throw new Error('the disk refuses');
    };
    try {
      expect((await refusal(h, 'walkin.book', walkIn('書けず', draft))).code).toBe('INTERNAL');
    } finally {
      journal.append = append;
    }
    expect(await salesOf('書けず')).toHaveLength(0);
    expect(await entriesOf('書けず')).toHaveLength(0);
    expect(session().outbox.awaitingSale()).toEqual([]);
    const second = await h.call('walkin.book', walkIn('書けず', draft));
    expect(second.outcome).toBe('booked');
    await expectOnce('書けず', 1);
  });

  const kept = (draftId: string, step: 'review' | 'done' = 'review'): KeptFlow => ({
    screen: { name: 'walkin' },
    activity: step === 'done' ? null : 'walk_in',
    walkIn: {
      draftId,
      step,
      productId: P.apiTest,
      adults: 2,
      children: 0,
      slot: { date: LATER, startTime: '10:00' },
      answers: {},
      customer: { lastName: '流れ', firstName: '', email: '', phone: '', customerId: null },
      sendEmail: false,
      emailLocale: 'ja',
    },
  });

  it('the desk ends the kept flow when it books, at its outcome; a late report of that walk-in is kept as done', async () => {
    const draft = randomUUID();
    await h.call('recovery.keep', kept(draft));
    expect((await h.call('recovery.get', {})).flow).toEqual(kept(draft));
    expect(h.desk.activity().flow).toBe('walk_in');

    await h.call('walkin.book', walkIn('流れ', draft));
    // A window reloaded now comes back to the walk-in's outcome, holding no update back (V13).
    expect((await h.call('recovery.get', {})).flow).toEqual(kept(draft, 'done'));
    expect(h.desk.activity().flow).toBeNull();
    // The renderer's report of the walk-in as it was before the answer, arriving late.
    await h.call('recovery.keep', kept(draft));
    expect((await h.call('recovery.get', {})).flow).toEqual(kept(draft, 'done'));
    expect(h.desk.activity().flow).toBeNull();
    // The next walk-in is another draft: kept as reported.
    const next = randomUUID();
    await h.call('recovery.keep', kept(next));
    expect((await h.call('recovery.get', {})).flow).toEqual(kept(next));
    // Back on the day view: nothing to come back to.
    await h.call('recovery.keep', { screen: { name: 'day' }, activity: null, walkIn: null });
    expect((await h.call('recovery.get', {})).flow).toBeNull();
  });

  it("a reloaded window reads a booked draft's outcome with its sale's change; a draft not booked has none", async () => {
    const draft = randomUUID();
    const cash = { lines: [{ method: 'cash' as const, amount: 9000, received: 10_000 }] };
    const quoted = { total: 9000, currency: 'JPY' };
    const booked = await h.call('walkin.book', walkIn('結果', draft, { tender: cash, quoted }));
    expect(booked.outcome).toBe('booked');
    const sent = posts();
    const read = await h.call('walkin.outcome', { draftId: draft });
    expect(read).toEqual({ outcome: booked, change: 1000, quoted });
    expect(posts()).toBe(sent);
    await expectOnce('結果', 1);
    expect(await h.call('walkin.outcome', { draftId: randomUUID() })).toEqual({
      outcome: null,
      change: 0,
      quoted: null,
    });
  });

  it("the booking's answer does not wait for the cache's files: read from memory, written right after", async () => {
    const cache = session().local.cache;
    const booked = await h.call('walkin.book', walkIn('後で書く', randomUUID()));
    expect(booked.outcome).toBe('booked');
    expect(booked.reservation?.customerName).toContain('後で書く');
    // Answered before the files were written (V14)…
    expect(cache.pendingWrites).toBeGreaterThan(0);
    // …which follow at once.
    await waitFor(() => cache.pendingWrites === 0, 'the cache written');
    await expectOnce('後で書く', 1);
  });

  it("a booking still being sent is joined by a reloaded window's read of its outcome", async () => {
    const draft = randomUUID();
    const outbox = session().outbox;
    const send = outbox.send;
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    outbox.send = async (...args) => {
      entered();
      await gate;
      return send.apply(outbox, args);
    };
    try {
      const booking = h.call('walkin.book', walkIn('合流', draft));
      await sending;
      const read = h.call('walkin.outcome', { draftId: draft });
      release();
      const [a, b] = await Promise.all([booking, read]);
      expect(a.outcome).toBe('booked');
      // Not the entry as it stood while being sent (queued): the booking's own answer.
      expect(b.outcome).toEqual(a);
    } finally {
      outbox.send = send;
    }
    await expectOnce('合流', 1);
  });
});
