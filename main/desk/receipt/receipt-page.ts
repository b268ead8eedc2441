/**
 * A receipt (適格簡易請求書) or refund slip as one self-contained HTML page: no script, every
 * value escaped, the reservation number as an inline SVG QR code that this app's scanner search
 * opens. Layouts for 58 mm and 80 mm receipt printers and A4. The business's invoice details
 * come from set-up; without a registration number the receipt claims no invoice status.
 */
import { escapeHtml, PRINT_CSP } from '../../common/html';
import type {
  JournalEntryView,
  MoneySettings,
  ReceiptLayout,
  TenderLine,
} from '../../ipc/contract';
import { RECEIPT_LABELS, type ReceiptLabels, type ReceiptLocale } from './labels';
import { taxByRate } from './tax';

export interface ReceiptInput {
  /** The sale, or the refund (then `sale` is the sale it pays back, when known). */
  entry: JournalEntryView;
  sale: JournalEntryView | null;
  settings: MoneySettings;
  storeName: string;
  timeZone: string;
  currency: string;
  layout: ReceiptLayout;
  locale: ReceiptLocale;
  reissue: boolean;
  ryoshusho: { addressee: string; purpose: string } | null;
  training: boolean;
  /** When this copy is printed (epoch ms). */
  now: number;
}

/** Page width and body width of each layout; a roll's page is as long as its content. */
const PAGE: Record<ReceiptLayout, { width: string; body: string; font: string }> = {
  '58mm': { width: '58mm', body: '48mm', font: '9pt' },
  '80mm': { width: '80mm', body: '72mm', font: '10pt' },
  a4: { width: '210mm', body: '120mm', font: '11pt' },
};

function money(amount: number, currency: string, locale: ReceiptLocale): string {
  return new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(amount);
}

function stamp(ms: number, timeZone: string, locale: ReceiptLocale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

const row = (left: string, right: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td>${left}</td><td class="r">${right}</td></tr>`;

function tenderRows(lines: TenderLine[], L: ReceiptLabels, fmt: (n: number) => string): string[] {
  return lines.flatMap((t) => {
    const name = [L.tendered[t.method], t.brand].filter(Boolean).join(' ');
    const out = [row(escapeHtml(name), escapeHtml(fmt(t.amount)))];
    if (t.method === 'cash' && t.received !== null && t.received > t.amount)
      out.push(row(escapeHtml(L.received), escapeHtml(fmt(t.received)), 'sub'));
    if (t.reference) out.push(row('', escapeHtml(`#${t.reference}`), 'sub'));
    return out;
  });
}

/** The number a scanner reads back, or null while the walk-in is not booked yet. */
function numberOf(input: ReceiptInput): string | null {
  return input.entry.reservationNumber ?? input.sale?.reservationNumber ?? null;
}

async function qrSvg(text: string): Promise<string> {
  // Loaded at the first receipt, not with the app: nothing of it is on the start-up path.
  const { default: QRCode } = await import('qrcode');
  // Medium error correction survives a smudged thermal print; the quiet zone is the standard's.
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

export async function receiptHtml(input: ReceiptInput): Promise<string> {
  const { entry, settings, locale, layout } = input;
  const L = RECEIPT_LABELS[locale];
  const fmt = (n: number) => money(n, input.currency, locale);
  const refund = entry.kind === 'refund';
  const sale = refund ? input.sale : entry;
  const title = refund ? L.refundSlip : input.ryoshusho ? L.ryoshusho : L.receipt;
  const number = numberOf(input);
  const parts: string[] = [];

  parts.push(`<header><h1>${escapeHtml(title)}</h1>`);
  if (input.reissue) parts.push(`<p class="reissue">${escapeHtml(L.reissue)}</p>`);
  if (input.training) parts.push(`<p class="training">${escapeHtml(L.training)}</p>`);
  parts.push('</header>');
  if (input.ryoshusho && !refund) {
    parts.push(`<p class="to">${escapeHtml(L.addressee(input.ryoshusho.addressee))}</p>`);
  }

  // Who issues it: the business (and its registration number: a qualified invoice) and store.
  parts.push('<section class="issuer">');
  parts.push(`<p class="business">${escapeHtml(settings.businessName || input.storeName)}</p>`);
  if (settings.businessName && settings.businessName !== input.storeName)
    parts.push(`<p>${escapeHtml(input.storeName)}</p>`);
  if (settings.registrationNumber)
    parts.push(`<p>${escapeHtml(L.registration)}: ${escapeHtml(settings.registrationNumber)}</p>`);
  if (settings.address) parts.push(`<p>${escapeHtml(settings.address)}</p>`);
  if (settings.phone) parts.push(`<p>TEL ${escapeHtml(settings.phone)}</p>`);
  parts.push('</section>');

  const meta = [
    row(escapeHtml(L.soldAt), escapeHtml(stamp(entry.at, input.timeZone, locale))),
    row(escapeHtml(L.counter), escapeHtml(entry.counterName)),
  ];
  if (input.reissue)
    meta.push(
      row(escapeHtml(L.reissue), escapeHtml(stamp(input.now, input.timeZone, locale)), 'sub'),
    );
  meta.push(
    row(
      escapeHtml(number ? L.reservationNumber : L.numberPending),
      escapeHtml(number ?? (sale?.walkInEntryId ?? entry.id).slice(0, 8).toUpperCase()),
    ),
  );
  parts.push(`<table class="meta">${meta.join('')}</table>`);

  const lines: string[] = [];
  for (const item of sale?.items ?? []) {
    const what = item.ticket === 'adult' ? L.adult : item.ticket === 'child' ? L.child : L.party;
    lines.push(
      `<tr><td colspan="2" class="product">${escapeHtml(item.productName)}<br><span class="sub">${escapeHtml(
        `${L.experience} ${item.date} ${item.startTime}`,
      )}</span></td></tr>`,
      row(
        escapeHtml(
          item.ticket === 'party'
            ? what
            : `${what} ${fmt(item.unitPrice)} × ${item.quantity}${item.taxRate !== settings.defaultTaxRate ? ` (${item.taxRate}%)` : ''}`,
        ),
        escapeHtml(fmt(item.unitPrice * item.quantity)),
      ),
    );
  }
  for (const d of sale?.discounts ?? [])
    lines.push(row(escapeHtml(`${L.discount} ${d.label}`), escapeHtml(`-${fmt(d.amount)}`)));

  if (!refund && sale) {
    const discount = sale.discounts.reduce((a, d) => a + d.amount, 0);
    lines.push(row(escapeHtml(L.total), escapeHtml(fmt(sale.amount)), 'total'));
    for (const t of taxByRate(sale.items, discount, sale.amount, settings.defaultTaxRate))
      lines.push(
        `<tr class="sub"><td colspan="2">${escapeHtml(L.taxLine(t.rate, fmt(t.amount), fmt(t.tax)))}</td></tr>`,
      );
    lines.push(...tenderRows(sale.tender, L, fmt));
    if (sale.change > 0)
      lines.push(row(escapeHtml(L.change), escapeHtml(fmt(sale.change)), 'total'));
    if (sale.priceConfirmed === false)
      lines.push(`<tr class="sub"><td colspan="2">${escapeHtml(L.priceNotConfirmed)}</td></tr>`);
  } else {
    const reason = entry.refundReason ? L.refundReason[entry.refundReason] : L.refundReason.other;
    lines.push(`<tr><td colspan="2">${escapeHtml(reason)}</td></tr>`);
    if (entry.customerName) lines.push(row('', escapeHtml(L.addressee(entry.customerName)), 'sub'));
    lines.push(row(escapeHtml(L.refunded), escapeHtml(fmt(-entry.amount)), 'total'));
    lines.push(...tenderRows(entry.tender, L, fmt));
    if (entry.note)
      lines.push(`<tr class="sub"><td colspan="2">${escapeHtml(entry.note)}</td></tr>`);
  }
  parts.push(`<table class="lines">${lines.join('')}</table>`);

  if (input.ryoshusho && !refund && input.ryoshusho.purpose)
    parts.push(`<p class="purpose">${escapeHtml(L.purpose(input.ryoshusho.purpose))}</p>`);

  if (number) {
    parts.push(
      `<figure class="code">${await qrSvg(number)}<figcaption>${escapeHtml(number)}<br>${escapeHtml(L.scanHint)}</figcaption></figure>`,
    );
  }

  const page = PAGE[layout];
  const roll = layout !== 'a4';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">
<title>${escapeHtml(title)}</title>
<style>
/* No bold anywhere (decision Q9): the Japanese fonts a counter PC has no bold face for are
   embedded again as a drawn-heavier copy: the PDF was 3.7 times larger and took 1.6 times as long. */
@page { size: ${roll ? `${page.width} 297mm` : 'A4'}; margin: ${roll ? '3mm' : '15mm'}; }
body { font-family: "IPAGothic", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; font-size: ${page.font}; width: ${page.body}; margin: 0 ${roll ? '0' : 'auto'}; color: #000; }
h1 { font-size: 1.5em; font-weight: normal; text-align: center; margin: 0 0 2mm; }
.reissue, .training { text-align: center; border: 2px solid #000; margin: 1mm 0; }
.to { font-size: 1.3em; border-bottom: 1px solid #000; }
.issuer p { margin: 0; } .business { font-size: 1.15em; }
table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
td { vertical-align: top; padding: 0.3mm 0; } .r { text-align: right; white-space: nowrap; }
.sub td, .sub { font-size: 0.85em; } .product { padding-top: 1.5mm; }
.total td { font-size: 1.2em; border-top: 1px solid #000; }
.code { text-align: center; margin: 4mm 0 0; } .code svg { width: ${roll ? '30mm' : '35mm'}; height: auto; }
figcaption { font-size: 0.85em; }
</style>
</head>
<body>
${parts.join('\n')}
</body>
</html>
`;
}

/** A file name for a receipt's PDF: the kind, date and entry, no personal data. */
export function receiptFileName(entry: JournalEntryView, kind: 'receipt' | 'refund'): string {
  return `${kind}-${entry.businessDate}-${entry.id.slice(0, 8)}.pdf`;
}
