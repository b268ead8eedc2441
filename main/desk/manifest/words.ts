/**
 * The printed manifest's words in one language: its own (main/common/words/manifest.ts) and a
 * reservation's (reservation.ts), with the few texts made of a reservation's values.
 */
import type { PaymentView, ReservationView } from '../../ipc/contract';
import type { PrintLocale, Widen } from '../../common/words';
import * as manifest from '../../common/words/manifest';
import * as money from '../../common/words/money';
import * as reservation from '../../common/words/reservation';
import { paymentWordOf, statusWordOf } from '../../common/words/reservation';

export interface ManifestWords {
  locale: PrintLocale;
  manifest: Widen<typeof manifest.ja>;
  reservation: Widen<typeof reservation.ja>;
  money: Widen<typeof money.ja>;
}

export function wordsIn(locale: PrintLocale): ManifestWords {
  return {
    locale,
    manifest: manifest[locale],
    reservation: reservation[locale],
    money: money[locale],
  };
}

/**
 * What a booking paid on site owes or what was taken (issue 27), as paper says it: '' when the
 * payment method says it all (paid outside, online), or nothing is known.
 */
export function paidText(w: ManifestWords, p: PaymentView | undefined, timeZone: string): string {
  if (!p) return '';
  const tag = w.locale === 'ja' ? 'ja-JP' : 'en-US';
  const fmt = (n: number) =>
    new Intl.NumberFormat(tag, { style: 'currency', currency: p.currency }).format(n);
  const words = w.reservation.paid;
  switch (p.state) {
    case 'to_pay':
      return p.stillOwed === null ? words.toPayUnknown : words.toPay(fmt(p.stillOwed));
    case 'part_paid':
      return words.partPaid(fmt(p.stillOwed ?? 0));
    case 'paid': {
      const last = p.collections.at(-1);
      if (!last) return words.paid(fmt(p.collected), '', '', '');
      const how = last.methods.map((m) => w.money.methods[m]).join('・');
      const time = new Intl.DateTimeFormat(tag, {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(last.at);
      return words.paid(fmt(p.collected), how, last.counterName, time);
    }
    case 'refund_owed':
      return p.collectedTwice
        ? words.collectedTwice(fmt(p.owedBack))
        : words.refundOwed(fmt(p.owedBack));
    case 'unknown':
      return p.stillOwed === null ? words.unknownNoAmount : words.unknown(fmt(p.stillOwed));
    case 'not_owed':
      return words.notOwed;
    default:
      return '';
  }
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
