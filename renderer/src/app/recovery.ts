/**
 * Where staff are, told to the main process as it changes (`recovery.keep`), so that a window
 * reloaded after a renderer crash or hang brings them back (`recovery.get`): the screen, and a
 * walk-in with its step and answers. What is in progress there (a walk-in, a cancellation, a
 * close being counted) is also what holds an update back. The walk-in's customer stays in the
 * main process's memory only.
 */
import type { KeptFlow, KeptWalkIn, ReservationView } from '../../../main/ipc/contract';
import type { Api } from '../api/api';
import type { CancelState } from '../stores/cancel';
import type { ChangeState } from '../stores/change';
import { countedTotal, type CloseState } from '../stores/close';
import type { Screen } from '../stores/nav';
import type { WalkInState } from '../stores/walkinState';
import type { Stores } from './stores';

/** The app's intents a restore opens a flow with (the app's `actions`). */
export interface FlowActions {
  startCancel(r: ReservationView): void;
  startChange(r: ReservationView): void;
}

/** The contract bounds each text kept; longer (pasted) text is cut rather than the flow lost. */
const clip = (text: string) => text.slice(0, 1000);

function keptWalkIn(w: WalkInState): KeptWalkIn {
  const answers: KeptWalkIn['answers'] = {};
  for (const [n, fields] of Object.entries(w.answers))
    answers[n] = Object.fromEntries(
      Object.entries(fields).map(([id, v]) => [id, Array.isArray(v) ? v.map(clip) : clip(v)]),
    );
  return {
    draftId: w.draftId,
    step: w.step,
    productId: w.productId,
    adults: w.adults,
    children: w.children,
    slot: w.slot && { date: w.slot.date, startTime: w.slot.startTime },
    answers,
    customer: {
      lastName: clip(w.customer.lastName),
      firstName: clip(w.customer.firstName),
      email: clip(w.customer.email),
      phone: clip(w.customer.phone),
      customerId: w.customer.customerId,
    },
    sendEmail: w.sendEmail,
    emailLocale: w.emailLocale,
  };
}

/** The flows' states that tell whether staff are in the middle of one. */
interface ScreenStates {
  walkIn: WalkInState;
  cancel: CancelState;
  change: ChangeState;
  close: CloseState;
}

/** What staff are in the middle of on this screen, if anything. */
export function activityOf(
  screen: Screen,
  { walkIn, cancel, change, close }: ScreenStates,
): KeptFlow['activity'] {
  if (screen.name === 'walkin' && walkIn.step !== 'product' && walkIn.step !== 'done')
    return 'walk_in';
  if (screen.name === 'cancel' && cancel.done === null) return 'cancellation';
  if (screen.name === 'change' && change.outcome === null) return 'change';
  if (screen.name === 'close' && close.view?.closedAt == null && countedTotal(close.counted) > 0)
    return 'close';
  return null;
}

export function keptFlowOf(stores: Stores): KeptFlow {
  const screen = stores.nav.getState().screen;
  const walkIn = stores.walkIn.getState();
  return {
    screen,
    activity: activityOf(screen, {
      walkIn,
      cancel: stores.cancel.getState(),
      change: stores.change.getState(),
      close: stores.close.getState(),
    }),
    walkIn: screen.name === 'walkin' ? keptWalkIn(walkIn) : null,
  };
}

/** Tell the main process where staff are whenever it changes (a burst of typing sent once). */
export function followFlow(api: Api, stores: Stores, delayMs = 200): () => void {
  let told = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const send = () => {
    timer = null;
    const flow = keptFlowOf(stores);
    const text = JSON.stringify(flow);
    if (text === told) return;
    told = text;
    api.call('recovery.keep', flow).catch(() => {
      // Not kept: a reload would open on the day view. Tried again at the next change.
      told = '';
    });
  };
  const later = () => {
    if (timer === null) timer = setTimeout(send, delayMs);
  };
  const offs = [stores.nav, stores.walkIn, stores.cancel, stores.change, stores.close].map((s) =>
    s.subscribe(later),
  );
  send();
  return () => {
    if (timer) clearTimeout(timer);
    for (const off of offs) off();
  };
}

/** Screens of a flow: kept only to come back to what is in progress there. */
const FLOW_SCREENS: ReadonlySet<Screen['name']> = new Set(['walkin', 'cancel', 'change', 'close']);

/**
 * Whether staff open a screen from now on: a restore (async) never replaces it. Call `stop` once
 * the restore is over.
 */
export function watchStaff(stores: Stores): { opened: () => boolean; stop: () => void } {
  let opened = false;
  const stop = stores.nav.subscribe((next, prev) => {
    if (next.screen !== prev.screen) opened = true;
  });
  return { opened: () => opened, stop };
}

/**
 * Back where staff were, when the main process kept a flow (this window was reloaded); false
 * when nothing is restored. A flow that ended (or was never under way) is not restored (decision
 * X3) but a walk-in booked, which comes back to its outcome (V13); nor a cancel or change whose
 * booking is no longer active; and the restore yields as soon as staff have opened a screen
 * themselves (`opened`).
 */
export async function restoreFlow(
  api: Api,
  stores: Stores,
  actions: FlowActions,
  opened: () => boolean,
): Promise<boolean> {
  let flow: KeptFlow | null;
  try {
    ({ flow } = await api.call('recovery.get', {}));
  } catch {
    return false;
  }
  if (!flow || opened()) return false;
  const screen = flow.screen;
  // A walk-in booked comes back to its outcome (V13): its change, its receipt.
  const booked = flow.walkIn?.step === 'done';
  if (FLOW_SCREENS.has(screen.name) && flow.activity === null && !booked) return false;
  switch (screen.name) {
    case 'walkin':
      stores.nav.getState().go({ name: 'walkin' });
      if (flow.walkIn) await stores.walkIn.getState().resume(flow.walkIn);
      else stores.walkIn.getState().start();
      break;
    case 'reservation':
      stores.nav.getState().go(screen);
      await stores.reservation.getState().open(screen.reservationId, screen.date);
      break;
    case 'cancel':
    case 'change': {
      let reservation;
      try {
        reservation = await api.call('reservation.get', {
          reservationId: screen.reservationId,
          date: screen.date,
        });
      } catch {
        // The reservation cannot be read now: the day view, where it can be found again.
        return false;
      }
      // Cancelled meanwhile (this change or cancel ended after its last report): nothing to do.
      if (opened() || !reservation.active) return false;
      if (screen.name === 'cancel') actions.startCancel(reservation);
      else actions.startChange(reservation);
      break;
    }
    case 'search':
    case 'day':
      // Search results are not kept: the day view, with the search box.
      break;
    default:
      stores.nav.getState().go(screen);
  }
  return true;
}
