// @vitest-environment happy-dom
/**
 * A window reloaded after a crash (issue 25): a flow that ended (walk-in, cancel, change, close)
 * is never restored, nor a change or cancel whose booking is no longer active; a restore never
 * replaces a screen staff opened while it was on its way; the walk-in's draft travels with the
 * kept flow and with Book, and a new one follows a refusal by the service. A walk-in booked before
 * the window was lost comes back to its outcome (V13).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeptFlow, type KeptWalkIn } from '../../main/ipc/contract';
import { Root } from '../../renderer/src/app/App';
import { createApp } from '../../renderer/src/app/createApp';
import type { FakeBridge, Handlers } from './support/fakeBridge';
import { Refusal } from './support/fakeBridge';
import {
  changeQuote,
  changeStart,
  demoBridge,
  KAYAK_FORM,
  NOW,
  outcome,
  preview,
  R1,
  reservation,
  TODAY,
} from './support/fixtures';
import { MONEY_SETTINGS, moneyHandlers } from './support/money';
import { renderApp, settle, type Rendered } from './support/render';

let fake: FakeBridge;
let r: Rendered | null = null;
afterEach(() => {
  r?.unmount();
  r = null;
  cleanup();
  expect(fake.violations).toEqual([]);
});

const DRAFT = '9d2f4c1a-7b3e-4d5f-8a6b-1c2d3e4f5a6b';

const keptWalkIn = (over: Partial<KeptWalkIn> = {}): KeptWalkIn => ({
  draftId: DRAFT,
  step: 'review',
  productId: 'p-kayak',
  adults: 2,
  children: 0,
  slot: { date: TODAY, startTime: '11:00' },
  answers: {},
  customer: { lastName: 'Kato', firstName: '', email: '', phone: '', customerId: null },
  sendEmail: false,
  emailLocale: 'en',
  ...over,
});

const onR1 = { reservationId: R1.id, date: R1.date };

/** A main process that kept `flow`, with the change and cancel channels answering. */
function keeping(flow: KeptFlow | null, over: Handlers = {}) {
  return demoBridge({
    'recovery.keep': () => ({ kept: true }),
    'recovery.get': () => ({ flow }),
    'change.start': () => changeStart(),
    'change.quote': ({ kind }) => changeQuote({ kind }),
    'cancel.preview': () => preview(),
    ...over,
  });
}

/** A value handed over later: the call waiting for it is on its way meanwhile. */
function later<T>() {
  let give!: (value: T) => void;
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const value = new Promise<T>((resolve) => (give = resolve));
  return {
    /** For the fake's handler: says it was asked, answers when given. */
    answer: () => {
      asked();
      return value;
    },
    wasAsked,
    give,
  };
}

/** The app started but its start not awaited: staff can act while the restore is on its way. */
async function startWithoutWaiting(bridge: FakeBridge) {
  const app = createApp(bridge.bridge, {
    lang: 'en',
    now: () => NOW,
    languages: () => ['en-US'],
    recheckMs: 0,
    tickMs: 3_600_000,
  });
  await app.ready;
  const view = render(<Root app={app} />);
  let started!: Promise<void>;
  await act(async () => {
    started = app.start();
  });
  return {
    app,
    started: () => act(() => started),
    unmount() {
      view.unmount();
      app.stop();
    },
  };
}

describe('a flow that ended is not restored', () => {
  const ended: [string, KeptFlow][] = [
    ['a walk-in booked', { screen: { name: 'walkin' }, activity: null, walkIn: null }],
    [
      'a walk-in left on the product step',
      { screen: { name: 'walkin' }, activity: null, walkIn: keptWalkIn({ step: 'product' }) },
    ],
    ['a cancel done', { screen: { name: 'cancel', ...onR1 }, activity: null, walkIn: null }],
    ['a change done', { screen: { name: 'change', ...onR1 }, activity: null, walkIn: null }],
    ['a close committed', { screen: { name: 'close' }, activity: null, walkIn: null }],
  ];
  for (const [what, flow] of ended)
    it(`${what}: the day view`, async () => {
      fake = keeping(flow);
      r = await renderApp(fake);
      await settle();
      expect(r.app.stores.nav.getState().screen).toEqual({ name: 'day' });
      expect(fake.callsOf('change.start')).toHaveLength(0);
      expect(fake.callsOf('walkin.form')).toHaveLength(0);
    });

  for (const name of ['change', 'cancel'] as const)
    it(`a ${name} kept in progress whose booking is no longer active: the day view`, async () => {
      fake = keeping(
        {
          screen: { name, ...onR1 },
          activity: name === 'change' ? 'change' : 'cancellation',
          walkIn: null,
        },
        { 'reservation.get': () => reservation({ status: 'cancelled', active: false }) },
      );
      r = await renderApp(fake);
      await settle();
      expect(r.app.stores.nav.getState().screen).toEqual({ name: 'day' });
      expect(fake.callsOf('change.start')).toHaveLength(0);
    });

  it('a change in progress on an active booking comes back', async () => {
    fake = keeping({ screen: { name: 'change', ...onR1 }, activity: 'change', walkIn: null });
    r = await renderApp(fake);
    await settle();
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'change', ...onR1 });
    expect(fake.callsOf('change.start')).toHaveLength(1);
  });
});

describe('a restore yields to what staff opened meanwhile', () => {
  it('staff started a walk-in before the kept flow arrived: theirs stays', async () => {
    const kept = later<{ flow: KeptFlow }>();
    fake = keeping(null, { 'recovery.get': kept.answer });
    const started = await startWithoutWaiting(fake);
    try {
      await kept.wasAsked;
      await act(async () => started.app.actions.startWalkIn());
      const theirs = started.app.stores.walkIn.getState().draftId;
      kept.give({
        flow: { screen: { name: 'change', ...onR1 }, activity: 'change', walkIn: null },
      });
      await started.started();
      await settle();
      expect(started.app.stores.nav.getState().screen).toEqual({ name: 'walkin' });
      expect(started.app.stores.walkIn.getState()).toMatchObject({
        draftId: theirs,
        step: 'product',
      });
      expect(fake.callsOf('change.start')).toHaveLength(0);
    } finally {
      started.unmount();
    }
  });

  it('staff opened the journal while the kept booking was read: the journal stays', async () => {
    const read = later<typeof R1>();
    fake = keeping(
      { screen: { name: 'cancel', ...onR1 }, activity: 'cancellation', walkIn: null },
      { 'reservation.get': read.answer },
    );
    const started = await startWithoutWaiting(fake);
    try {
      await read.wasAsked;
      await act(async () => started.app.stores.nav.getState().go({ name: 'journal' }));
      read.give(R1);
      await started.started();
      await settle();
      expect(started.app.stores.nav.getState().screen).toEqual({ name: 'journal' });
    } finally {
      started.unmount();
    }
  });

  it('staff started another walk-in while the kept one was brought back: theirs is left alone', async () => {
    const form = later<typeof KAYAK_FORM>();
    fake = keeping(
      {
        screen: { name: 'walkin' },
        activity: 'walk_in',
        walkIn: keptWalkIn({ answers: { '1': { 'f-size': 'M' } } }),
      },
      { 'walkin.form': form.answer },
    );
    const started = await startWithoutWaiting(fake);
    try {
      await form.wasAsked;
      await act(async () => started.app.actions.startWalkIn());
      form.give(KAYAK_FORM);
      await started.started();
      await settle();
      const w = started.app.stores.walkIn.getState();
      expect(w.draftId).not.toBe(DRAFT);
      expect(w).toMatchObject({ step: 'product', answers: {}, problems: [] });
      expect(fake.callsOf('walkin.quote')).toHaveLength(0);
    } finally {
      started.unmount();
    }
  });
});

describe('the walk-in’s draft', () => {
  async function toReview(rendered: Rendered) {
    const w = rendered.app.stores.walkIn;
    await act(async () => rendered.app.actions.startWalkIn());
    await act(async () => w.getState().chooseProduct('p-kayak'));
    await act(async () => void (await w.getState().toDetails()));
    await act(async () => w.getState().setCustomer({ lastName: 'Kato' }));
    await act(async () => void (await w.getState().toReview()));
    expect(w.getState().step).toBe('review');
    return w;
  }

  it('is reported with the walk-in, sent with Book, the same when Book is pressed again', async () => {
    let fail = true;
    let reported!: (flow: KeptFlow) => void;
    const atReview = new Promise<KeptFlow>((resolve) => (reported = resolve));
    fake = keeping(null, {
      'recovery.keep': (flow) => {
        if (flow.walkIn?.step === 'review') reported(flow);
        return { kept: true };
      },
      'walkin.book': () => {
        if (fail) throw new Refusal('HOST_UNREACHABLE');
        return outcome();
      },
    });
    r = await renderApp(fake);
    const w = await toReview(r);
    const draftId = w.getState().draftId;
    expect(await atReview).toMatchObject({ walkIn: { draftId } });
    await act(() => w.getState().confirm());
    fail = false;
    await act(() => w.getState().confirm());
    expect(fake.callsOf('walkin.book').map((b) => b.draftId)).toEqual([draftId, draftId]);
    expect(w.getState().step).toBe('done');
    // The next walk-in is another draft.
    await act(async () => r!.app.actions.startWalkIn());
    expect(w.getState().draftId).not.toBe(draftId);
  });

  it('a refusal by the service spends the draft: the next Book is another', async () => {
    fake = keeping(null, {
      'walkin.book': () =>
        outcome({
          outcome: 'refused',
          entryId: 'e-9',
          reservation: null,
          refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'full' },
        }),
    });
    r = await renderApp(fake);
    const w = await toReview(r);
    const first = w.getState().draftId;
    await act(() => w.getState().confirm());
    const second = w.getState().draftId;
    expect(second).not.toBe(first);
    await act(() => w.getState().confirm());
    expect(fake.callsOf('walkin.book').map((b) => b.draftId)).toEqual([first, second]);
  });

  it('a walk-in brought back after a reload books its kept draft', async () => {
    fake = keeping({ screen: { name: 'walkin' }, activity: 'walk_in', walkIn: keptWalkIn() });
    r = await renderApp(fake);
    await settle();
    const w = r.app.stores.walkIn;
    expect(w.getState()).toMatchObject({ draftId: DRAFT, step: 'review' });
    await act(() => w.getState().confirm());
    expect(fake.callsOf('walkin.book')[0]).toMatchObject({ draftId: DRAFT });
  });
});

describe('a walk-in booked before the window was lost (V13)', () => {
  const done: KeptFlow = {
    screen: { name: 'walkin' },
    activity: null,
    walkIn: keptWalkIn({ step: 'done' }),
  };

  it('comes back to its outcome: its number, the change from the desk, its receipt; no Book, no automatic print', async () => {
    const money = moneyHandlers({
      settings: { ...MONEY_SETTINGS, printAutomatically: true },
    });
    fake = keeping(done, {
      ...money.handlers,
      'walkin.outcome': () => ({
        outcome: outcome({ saleId: 'je-1' }),
        change: 1000,
        quoted: { total: 11000, currency: 'JPY' },
      }),
      'receipt.print': () => ({ ok: true, reason: null, queued: false }),
    });
    r = await renderApp(fake);
    await settle();
    const w = r.app.stores.walkIn;
    expect(w.getState()).toMatchObject({ draftId: DRAFT, step: 'done' });
    expect(fake.callsOf('walkin.outcome')).toEqual([{ draftId: DRAFT }]);
    const status = document.querySelector('.outcome-booked');
    expect(status?.textContent).toContain('Reservation no.');
    expect(screen.getByText('Change').parentElement?.textContent).toBe('Change ¥1,000');
    expect(screen.getByRole('region', { name: 'Receipt' })).toBeTruthy();
    expect(fake.callsOf('walkin.book')).toEqual([]);
    expect(fake.callsOf('walkin.quote')).toEqual([]);
    expect(fake.callsOf('receipt.print')).toEqual([]);
  });

  it('refused by the service meanwhile: back at its review with the refusal, a new draft', async () => {
    fake = keeping(done, {
      'walkin.outcome': () => ({
        outcome: outcome({
          outcome: 'refused',
          entryId: DRAFT,
          reservation: null,
          refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'full' },
        }),
        change: 0,
        quoted: null,
      }),
    });
    r = await renderApp(fake);
    await settle();
    const w = r.app.stores.walkIn;
    expect(w.getState()).toMatchObject({
      step: 'review',
      outcome: { outcome: 'refused' },
    });
    expect(w.getState().draftId).not.toBe(DRAFT);
    expect(fake.callsOf('walkin.book')).toEqual([]);
  });
});
