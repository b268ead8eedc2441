/**
 * The printable manifest of a day (every product's slots) or of one slot: a self-contained HTML
 * page with no scripts, every value escaped, printed by the shell from a hidden window.
 */
import type { DayView, ProductView, ReservationView, SlotView } from '../ipc/contract';
import { DeskError } from '../ipc/errors';
import { escapeHtml, PRINT_CSP } from '../common/html';
import { labelsFor, type Labels, type Locale } from './labels';

export interface ManifestSelection {
  productId?: string;
  startTime?: string;
}

export interface ManifestOptions {
  locale: Locale;
  training: boolean;
  now: number;
}

function stamp(ms: number, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

function checkInText(r: ReservationView, l: Labels): string {
  if (!r.checkIn) return '';
  const word = { arrived: l.arrived, partial: l.partial, no_show: l.noShow }[r.checkIn.state];
  return r.checkIn.state === 'partial'
    ? `${word} (${r.checkIn.adults}/${r.checkIn.children})`
    : word;
}

/** Whose answer: the representative's for a booker-only field, "#n " from the second person. */
function answerOwner(a: ReservationView['answers'][number], l: Labels): string {
  if (a.bookerOnly) return `${escapeHtml(l.representative)} `;
  return a.participantNumber > 1 ? `#${a.participantNumber} ` : '';
}

function reservationRow(r: ReservationView, l: Labels): string {
  const answers = r.answers
    .map((a) => `${answerOwner(a, l)}${escapeHtml(a.label)}: ${escapeHtml(a.value)}`)
    .join('<br>');
  return `<tr>
<td class="box">${r.checkIn ? '✔' : '☐'}</td>
<td>${escapeHtml(r.customerName)}</td>
<td>${escapeHtml(r.number ?? '')}</td>
<td class="n">${r.adults}</td>
<td class="n">${r.children}</td>
<td>${escapeHtml(r.status)}</td>
<td>${escapeHtml(r.paymentMethod)}</td>
<td>${answers}</td>
<td>${escapeHtml(checkInText(r, l))}</td>
</tr>`;
}

function slotSection(product: ProductView, slot: SlotView, l: Labels): string {
  const active = slot.reservations.filter((r) => r.active);
  const head = `${escapeHtml(slot.startTime)}${slot.endTime ? `–${escapeHtml(slot.endTime)}` : ''}`;
  const capacity =
    slot.capacity === null
      ? ''
      : ` · ${l.capacity} ${slot.capacity} · ${l.remaining} ${slot.remaining ?? '?'}`;
  const rows = active.length
    ? active.map((r) => reservationRow(r, l)).join('\n')
    : `<tr><td colspan="9">${escapeHtml(l.noReservations)}</td></tr>`;
  return `<section>
<h2>${escapeHtml(product.name)} — ${head}</h2>
<p>${escapeHtml(l.adults)} ${slot.booked.adults} · ${escapeHtml(l.children)} ${slot.booked.children}${capacity}</p>
<table>
<thead><tr><th></th><th>${escapeHtml(l.customer)}</th><th>${escapeHtml(l.number)}</th><th>${escapeHtml(l.adults)}</th><th>${escapeHtml(l.children)}</th><th>${escapeHtml(l.status)}</th><th>${escapeHtml(l.payment)}</th><th>${escapeHtml(l.answers)}</th><th>${escapeHtml(l.checkIn)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The slots a selection names: one slot, one product's, or the whole day's. */
export function selectSlots(
  day: DayView,
  selection: ManifestSelection,
): Array<{ product: ProductView; slot: SlotView }> {
  const picked = day.products
    .filter((p) => selection.productId === undefined || p.id === selection.productId)
    .flatMap((product) =>
      product.slots
        .filter((s) => selection.startTime === undefined || s.startTime === selection.startTime)
        .map((slot) => ({ product, slot })),
    );
  if (picked.length === 0 && (selection.productId || selection.startTime))
    throw new DeskError('SLOT_NOT_FOUND', 'there is no such slot on this day');
  return picked;
}

export function buildManifestHtml(
  day: DayView,
  selection: ManifestSelection,
  options: ManifestOptions,
): string {
  const l = labelsFor(options.locale);
  const slots = selectSlots(day, selection);
  const tz = day.store.timeZone;
  const body = slots.length
    ? slots.map(({ product, slot }) => slotSection(product, slot, l)).join('\n')
    : `<p>${escapeHtml(l.noSlots)}</p>`;
  return `<!doctype html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PRINT_CSP)}">
<title>${escapeHtml(l.manifest)} ${escapeHtml(day.date)}</title>
<style>
body { font: 11pt system-ui, sans-serif; margin: 12mm; color: #000; }
h1 { font-size: 16pt; margin: 0 0 4pt; }
h2 { font-size: 13pt; margin: 12pt 0 2pt; }
p { margin: 2pt 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #000; padding: 3pt 4pt; text-align: left; vertical-align: top; }
td.n { text-align: right; }
td.box { width: 1.5em; text-align: center; }
section { break-inside: avoid-page; }
.training { border: 2px solid #000; padding: 2pt 6pt; display: inline-block; font-weight: bold; }
</style>
</head>
<body>
<h1>${escapeHtml(l.manifest)} · ${escapeHtml(day.store.name)} · ${escapeHtml(day.date)}</h1>
${options.training ? `<p class="training">${escapeHtml(l.training)}</p>` : ''}
<p>${escapeHtml(l.printedAt)}: ${escapeHtml(stamp(options.now, tz, options.locale))} · ${escapeHtml(l.dataAge)}: ${escapeHtml(day.syncedAt === null ? l.never : stamp(day.syncedAt, tz, options.locale))}</p>
${body}
</body>
</html>
`;
}
