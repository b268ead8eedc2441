/**
 * The manifest as CSV, for spreadsheets, through the one CSV writer (main/common/csv.ts: BOM,
 * CRLF, RFC 4180 quoting, formula-like text defused): one row a reservation of the slot or of the
 * day (cancelled ones too, with their status), the slot's time and product first, then one column
 * per custom field in the order they first appear. The file's name says the date, the slot and
 * the product, never a person.
 */
import { csvFile, type CsvCell } from '../../common/csv';
import type { PrintLocale } from '../../common/words';
import type { ReservationView } from '../../ipc/contract';
import type { ManifestView } from './view';
import { checkInState, paidText, paymentText, statusText, wordsIn } from './words';

export interface ManifestCsv {
  fileName: string;
  csv: string;
  rows: number;
}

/** A custom field's column: the same id under the same label (products may reuse an id). */
const fieldKey = (a: ReservationView['answers'][number]) => `${a.fieldId}\u0000${a.label}`;

/** One participant's answer as it is; several as "1: …; 2: …". */
function answerCell(answers: ReservationView['answers']): string {
  return answers.length === 1 && answers[0]!.participantNumber === 1
    ? answers[0]!.value
    : answers.map((a) => `${a.participantNumber}: ${a.value}`).join('; ');
}

/** Characters a file name may not hold on Windows or macOS, and blanks. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\s]+/g;

export function manifestFileName(view: Pick<ManifestView, 'date' | 'asked' | 'slots'>): string {
  const asked = view.asked;
  if (!asked) return `manifest-${view.date}.csv`;
  const product = view.slots[0]?.product.name ?? asked.productId;
  const safe = product.replace(UNSAFE_IN_NAME, '_').slice(0, 40);
  return `manifest-${view.date}-${asked.startTime.replace(':', '')}-${safe}.csv`;
}

export function manifestCsv(view: ManifestView, locale: PrintLocale): ManifestCsv {
  const w = wordsIn(locale);
  const f = w.reservation.field;
  const c = w.manifest.column;
  const fields = new Map<string, string>();
  for (const { slot } of view.slots)
    for (const r of slot.reservations)
      for (const a of r.answers) if (!fields.has(fieldKey(a))) fields.set(fieldKey(a), a.label);

  const header = [
    c.time,
    c.product,
    f.number,
    f.name,
    f.adults,
    f.children,
    f.status,
    f.payment,
    f.phone,
    f.email,
    f.checkIn,
    c.checkedAdults,
    c.checkedChildren,
    ...fields.values(),
  ];
  const rows: CsvCell[][] = [];
  for (const { product, slot } of view.slots)
    for (const r of slot.reservations)
      rows.push([
        slot.startTime,
        product.name,
        r.number,
        r.customerName,
        r.adults,
        r.children,
        statusText(w, r.status),
        [paymentText(w, r.paymentMethod), paidText(w, r.payment, view.store.timeZone)]
          .filter(Boolean)
          .join(' / '),
        r.phone,
        r.email,
        checkInState(w, r.checkIn),
        r.checkIn ? r.checkIn.adults : null,
        r.checkIn ? r.checkIn.children : null,
        ...[...fields.keys()].map((key) =>
          answerCell(r.answers.filter((a) => fieldKey(a) === key)),
        ),
      ]);
  return { fileName: manifestFileName(view), csv: csvFile(header, rows), rows: rows.length };
}
