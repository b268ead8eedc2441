/**
 * The receipt model as one self-contained HTML page: no script, every value escaped, the code an
 * inline SVG. Printed on the OS printer by the desktop app, previewed in the renderer and printed
 * by the browser's own dialog in the browser host; its PDF is drawn without a browser
 * (receipt-pdf.ts). Layouts for 58 mm and 80 mm receipt printers and A4.
 */
import { escapeHtml, PRINT_CSP } from '../../common/html';
import type { JournalEntryView, ReceiptLayout } from '../../ipc/contract';
import {
  QUIET_ZONE,
  qrRuns,
  receiptModel,
  type ReceiptBlock,
  type ReceiptInput,
  type ReceiptModel,
  type ReceiptRow,
} from './model';

export type { ReceiptInput } from './model';

/** Page width and body width of each layout; a roll's page is as long as its content. */
const PAGE: Record<ReceiptLayout, { width: string; body: string; font: string }> = {
  '58mm': { width: '58mm', body: '48mm', font: '9pt' },
  '80mm': { width: '80mm', body: '72mm', font: '10pt' },
  a4: { width: '210mm', body: '120mm', font: '11pt' },
};

const CLASS = { normal: '', sub: 'sub', total: 'total' } as const;

function rowHtml(row: ReceiptRow): string {
  if (row.kind === 'product')
    return `<tr><td colspan="2" class="product">${escapeHtml(row.name)}<br><span class="sub">${escapeHtml(row.detail)}</span></td></tr>`;
  const cls = CLASS[row.style] ? ` class="${CLASS[row.style]}"` : '';
  if (row.kind === 'text') return `<tr${cls}><td colspan="2">${escapeHtml(row.text)}</td></tr>`;
  return `<tr${cls}><td>${escapeHtml(row.left)}</td><td class="r">${escapeHtml(row.right)}</td></tr>`;
}

function qrSvg(modules: boolean[][]): string {
  const size = modules.length + 2 * QUIET_ZONE;
  const path = qrRuns(modules)
    .map((r) => `M${r.x} ${r.y}h${r.length}v1h-${r.length}z`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

function blockHtml(block: ReceiptBlock): string {
  switch (block.kind) {
    case 'title':
      return `<h1>${escapeHtml(block.text)}</h1>`;
    case 'notice':
      return `<p class="notice">${escapeHtml(block.text)}</p>`;
    case 'addressee':
      return `<p class="to">${escapeHtml(block.text)}</p>`;
    case 'issuer':
      return `<section class="issuer"><p class="business">${escapeHtml(block.business)}</p>${block.lines
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}</section>`;
    case 'rows':
      return `<table class="${block.role}">${block.rows.map(rowHtml).join('')}</table>`;
    case 'purpose':
      return `<p class="purpose">${escapeHtml(block.text)}</p>`;
    case 'stamp':
      return `<p class="stamp">${escapeHtml(block.caption)}</p>`;
    case 'code':
      return `<figure class="code">${qrSvg(block.modules)}<figcaption>${block.caption
        .map(escapeHtml)
        .join('<br>')}</figcaption></figure>`;
  }
}

export function receiptPageHtml(model: ReceiptModel): string {
  const page = PAGE[model.layout];
  const roll = model.layout !== 'a4';
  return `<!doctype html>
<html lang="${model.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">
<title>${escapeHtml(model.title)}</title>
<style>
/* No bold anywhere (decision Q9): the Japanese fonts a counter PC has no bold face for are
   embedded again as a drawn-heavier copy: the PDF was 3.7 times larger and took 1.6 times as long. */
@page { size: ${roll ? `${page.width} 297mm` : 'A4'}; margin: ${roll ? '3mm' : '15mm'}; }
body { font-family: "IPAGothic", "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; font-size: ${page.font}; width: ${page.body}; margin: 0 ${roll ? '0' : 'auto'}; color: #000; }
h1 { font-size: 1.5em; font-weight: normal; text-align: center; margin: 0 0 2mm; }
.notice { text-align: center; border: 2px solid #000; margin: 1mm 0; }
.to { font-size: 1.3em; border-bottom: 1px solid #000; }
.issuer p { margin: 0; } .business { font-size: 1.15em; }
table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
td { vertical-align: top; padding: 0.3mm 0; } .r { text-align: right; white-space: nowrap; }
.sub td, .sub { font-size: 0.85em; } .product { padding-top: 1.5mm; }
.total td { font-size: 1.2em; border-top: 1px solid #000; }
.code { text-align: center; margin: 4mm 0 0; } .code svg { width: ${roll ? '30mm' : '35mm'}; height: auto; }
figcaption { font-size: 0.85em; }
.stamp { width: 22mm; height: 26mm; border: 1px dashed #000; margin: 3mm 0; padding-top: 1mm; box-sizing: border-box; text-align: center; font-size: 0.85em; }
</style>
</head>
<body>
${model.blocks.map(blockHtml).join('\n')}
</body>
</html>
`;
}

/** The page of a receipt's input (the model built on the way). */
export async function receiptHtml(input: ReceiptInput): Promise<string> {
  return receiptPageHtml(await receiptModel(input));
}

/** A file name for a receipt's PDF: the kind, date and entry, no personal data. */
export function receiptFileName(entry: JournalEntryView, kind: 'receipt' | 'refund'): string {
  return `${kind}-${entry.businessDate}-${entry.id.slice(0, 8)}.pdf`;
}
