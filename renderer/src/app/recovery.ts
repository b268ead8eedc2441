/**
 * Where staff are, told to the main process as it changes (`recovery.keep`), so that a window
 * reloaded after a renderer crash or hang brings them back (`recovery.get`): the screen, and a
 * walk-in with its step and answers. What is in progress there (a walk-in, a cancellation, a
 * close being counted) is also what holds an update back. The walk-in's customer stays in the
 * main process's memory only.
 */
import type { KeptFlow, KeptWalkIn } from '../../../main/ipc/contract';
import type { Api } from '../api/api';
import type { CancelState } from '../stores/cancel';
import { countedTotal, type CloseState } from '../stores/close';
import type { Screen } from '../stores/nav';
import type { WalkInState } from '../stores/walkinState';
import type { Actions, Stores } from './createApp';

/** The contract bounds each text kept; longer (pasted) text is cut rather than the flow lost. */
const clip = (text: string) => text.slice(0, 1000);

function keptWalkIn(w: WalkInState): KeptWalkIn | null {
  if (w.step === 'done') return null;
  const answers: KeptWalkIn['answers'] = {};
  for (const [n, fields] of Object.entries(w.answers))
    answers[n] = Object.fromEntries(
      Object.entries(fields).map(([id, v]) => [id, Array.isArray(v) ? v.map(clip) : clip(v)]),
    );
  return {
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

/** What staff are in the middle of on this screen, if anything. */
export function activityOf(
  screen: Screen,
  walkIn: WalkInState,
  cancel: CancelState,
  close: CloseState,
): KeptFlow['activity'] {
  if (screen.name === 'walkin' && walkIn.step !== 'product' && walkIn.step !== 'done')
    return 'walk_in';
  if (screen.name === 'cancel' && cancel.done === null) return 'cancellation';
  if (screen.name === 'close' && close.view?.closedAt == null && countedTotal(close.counted) > 0)
    return 'close';
  return null;
}

export function keptFlowOf(stores: Stores): KeptFlow {
  const screen = stores.nav.getState().screen;
  const walkIn = stores.walkIn.getState();
  return {
    screen,
    activity: activityOf(screen, walkIn, stores.cancel.getState(), stores.close.getState()),
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
  const offs = [stores.nav, stores.walkIn, stores.cancel, stores.close].map((s) =>
    s.subscribe(later),
  );
  send();
  return () => {
    if (timer) clearTimeout(timer);
    for (const off of offs) off();
  };
}

/**
 * Back where staff were, when the main process kept a flow (this window was reloaded); false
 * when nothing was kept (a fresh start).
 */
export async function restoreFlow(api: Api, stores: Stores, actions: Actions): Promise<boolean> {
  let flow: KeptFlow | null;
  try {
    ({ flow } = await api.call('recovery.get', {}));
  } catch {
    return false;
  }
  if (!flow) return false;
  const screen = flow.screen;
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
      try {
        const reservation = await api.call('reservation.get', {
          reservationId: screen.reservationId,
          date: screen.date,
        });
        actions.startCancel(reservation, false);
      } catch {
        // The reservation cannot be read now: the day view, where it can be found again.
      }
      break;
    case 'search':
    case 'day':
      // Search results are not kept: the day view, with the search box.
      break;
    default:
      stores.nav.getState().go(screen);
  }
  return true;
}
