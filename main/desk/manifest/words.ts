/**
 * The printed manifest's words in one language: its own (main/common/words/manifest.ts) and a
 * reservation's (reservation.ts), with the few texts made of a reservation's values.
 */
import type { ReservationView } from '../../ipc/contract';
import type { PrintLocale, Widen } from '../../common/words';
import * as manifest from '../../common/words/manifest';
import * as reservation from '../../common/words/reservation';
import { paymentWordOf, statusWordOf } from '../../common/words/reservation';

export interface ManifestWords {
  manifest: Widen<typeof manifest.ja>;
  reservation: Widen<typeof reservation.ja>;
}

export function wordsIn(locale: PrintLocale): ManifestWords {
  return { manifest: manifest[locale], reservation: reservation[locale] };
}

export function statusText(w: ManifestWords, status: string): string {
  const word = statusWordOf(status);
  return word ? w.reservation.status[word] : w.reservation.status.other(status);
}

export function paymentText(w: ManifestWords, method: string): string {
  const word = paymentWordOf(method);
  if (word) return w.reservation.payment[word];
  return method ? w.reservation.payment.other(method) : w.reservation.payment.unknown;
}

/** The check-in state alone ('' before any): the CSV's column, beside the counts. */
export function checkInState(w: ManifestWords, checkIn: ReservationView['checkIn']): string {
  if (!checkIn) return '';
  const { arrived, partial, noShow } = w.reservation.checkIn;
  return { arrived, partial, no_show: noShow }[checkIn.state];
}

/** The check-in with the people who came, as the screen says it ('' before any). */
export function checkInText(w: ManifestWords, checkIn: ReservationView['checkIn']): string {
  const state = checkInState(w, checkIn);
  if (!checkIn || checkIn.state === 'no_show') return state;
  return w.reservation.checkIn.counted(state, checkIn.adults, checkIn.children);
}

/** One custom-field answer: the representative's, or person n's. */
export function answerText(w: ManifestWords, a: ReservationView['answers'][number]): string {
  return a.bookerOnly
    ? w.reservation.answer.booker(a.label, a.value)
    : w.reservation.answer.person(a.participantNumber, a.label, a.value);
}
