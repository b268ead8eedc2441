/**
 * The manifest on the receipt printer (issue 31): the same view and words as the page (page.ts),
 * as a ReceiptLine document the printer prints in its own language and roll (receipt-thermal.ts):
 * per slot its product, time and seats, then each party with a box to tick, its number, party,
 * status, payment, answers and check-in. Separators are ASCII: the printer's code page (cp932) has
 * no middle dot or en dash.
 */
import type { PrintLocale } from '../../common/words';
import type { ReservationView } from '../../ipc/contract';
import { escapeLine, indented } from '../receipt/receipt-thermal';
import { stamp } from './page';
import type { ManifestSlot, ManifestView } from './view';
import {
  answerText,
  checkInText,
  paymentText,
  statusText,
  wordsIn,
  type ManifestWords,
} from './words';

function party(r: ReservationView, w: ManifestWords): string[] {
  const facts = [
    w.reservation.party(r.adults, r.children),
    statusText(w, r.status),
    paymentText(w, r.paymentMethod),
  ].join(' / ');
  const checkIn = checkInText(w, r.checkIn);
  return [
    // A box to tick by hand, the name, and the number on the right.
    `|□ ${escapeLine(r.customerName)} | ${escapeLine(r.number ?? '')}`,
    indented(facts),
    ...r.answers.map((a) => indented(answerText(w, a))),
    ...(checkIn ? [indented(`${w.reservation.field.checkIn}: ${checkIn}`)] : []),
  ];
}

function slotLines({ product, slot }: ManifestSlot, w: ManifestWords): string[] {
  const m = w.manifest;
  const active = slot.reservations.filter((r) => r.active);
  const time = `${slot.startTime}${slot.endTime ? `-${slot.endTime}` : ''}`;
  const seats =
    slot.capacity === null
      ? ''
      : ` / ${m.capacity} ${slot.capacity} / ${m.remaining} ${slot.remaining ?? '?'}`;
  return [
    '-',
    `^${escapeLine(product.name)}`,
    `|^${escapeLine(time)} | ${escapeLine(w.reservation.party(slot.booked.adults, slot.booked.children) + seats)}`,
    ...(active.length ? active.flatMap((r) => party(r, w)) : [`|${escapeLine(m.empty)}`]),
  ];
}

/** The manifest as ReceiptLine text, for `thermalBytes`. */
export function manifestThermal(view: ManifestView, locale: PrintLocale): string {
  const w = wordsIn(locale);
  const m = w.manifest;
  const tz = view.store.timeZone;
  const synced = view.syncedAt === null ? m.never : stamp(view.syncedAt, tz, locale);
  return [
    `^^${escapeLine(m.title)}`,
    `|${escapeLine(`${view.store.name} ${view.date}`)}`,
    ...(view.training ? [`\`${escapeLine(m.training)}\``] : []),
    `|${escapeLine(`${m.printedAt}: ${stamp(view.now, tz, locale)}`)}`,
    `|${escapeLine(`${m.dataAge}: ${synced}`)}`,
    ...(view.slots.length
      ? view.slots.flatMap((s) => slotLines(s, w))
      : ['-', `|${escapeLine(m.noSlots)}`]),
  ].join('\n');
}
