/**
 * The printable manifest of a slot or a day (every product's slots): a self-contained HTML page
 * with no scripts, every value escaped, that the desktop shell prints from a hidden window and the
 * browser host's page prints through the browser (renderer/src/money/printDocument.ts).
 */
import { escapeHtml, PRINT_CSP } from '../../common/html';
import type { PrintLocale } from '../../common/words';
import type { ReservationView } from '../../ipc/contract';
import type { ManifestSlot, ManifestView } from './view';
import {
  answerText,
  checkInText,
  paidText,
  paymentText,
  statusText,
  wordsIn,
  type ManifestWords,
} from './words';

/** When, as the manifest prints it (also on the receipt printer's, thermal.ts). */
export function stamp(ms: number, timeZone: string, locale: PrintLocale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

function reservationRow(r: ReservationView, w: ManifestWords, timeZone: string): string {
  const paid = paidText(w, r.payment, timeZone);
  const answers = r.answers.map((a) => escapeHtml(answerText(w, a))).join('<br>');
  return `<tr>
<td class="box">${r.checkIn ? '✔' : '☐'}</td>
<td>${escapeHtml(r.customerName)}</td>
<td>${escapeHtml(r.number ?? '')}</td>
<td class="n">${r.adults}</td>
<td class="n">${r.children}</td>
<td>${escapeHtml(statusText(w, r.status))}</td>
<td>${escapeHtml(paymentText(w, r.paymentMethod))}${paid ? `<br>${escapeHtml(paid)}` : ''}</td>
<td>${answers}</td>
<td>${escapeHtml(checkInText(w, r.checkIn))}</td>
</tr>`;
}

function slotSection({ product, slot }: ManifestSlot, w: ManifestWords, timeZone: string): string {
  const m = w.manifest;
  const f = w.reservation.field;
  const active = slot.reservations.filter((r) => r.active);
  const head = `${escapeHtml(slot.startTime)}${slot.endTime ? `–${escapeHtml(slot.endTime)}` : ''}`;
  const capacity =
    slot.capacity === null
      ? ''
      : ` · ${escapeHtml(m.capacity)} ${slot.capacity} · ${escapeHtml(m.remaining)} ${slot.remaining ?? '?'}`;
  const rows = active.length
    ? active.map((r) => reservationRow(r, w, timeZone)).join('\n')
    : `<tr><td colspan="9">${escapeHtml(m.empty)}</td></tr>`;
  const headings = [f.name, f.number, f.adults, f.children, f.status, f.payment]
    .concat(m.column.answers, f.checkIn)
    .map((h) => `<th>${escapeHtml(h)}</th>`)
    .join('');
  return `<section>
<h2>${escapeHtml(product.name)} — ${head}</h2>
<p>${escapeHtml(w.reservation.party(slot.booked.adults, slot.booked.children))}${capacity}</p>
<table>
<thead><tr><th></th>${headings}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

export function manifestPageHtml(view: ManifestView, locale: PrintLocale): string {
  const w = wordsIn(locale);
  const m = w.manifest;
  const tz = view.store.timeZone;
  const body = view.slots.length
    ? view.slots.map((s) => slotSection(s, w, tz)).join('\n')
    : `<p>${escapeHtml(m.noSlots)}</p>`;
  const synced = view.syncedAt === null ? m.never : stamp(view.syncedAt, tz, locale);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PRINT_CSP)}">
<title>${escapeHtml(m.title)} ${escapeHtml(view.date)}</title>
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
<h1>${escapeHtml(m.title)} · ${escapeHtml(view.store.name)} · ${escapeHtml(view.date)}</h1>
${view.training ? `<p class="training">${escapeHtml(m.training)}</p>` : ''}
<p>${escapeHtml(m.printedAt)}: ${escapeHtml(stamp(view.now, tz, locale))} · ${escapeHtml(m.dataAge)}: ${escapeHtml(synced)}</p>
${body}
</body>
</html>
`;
}
