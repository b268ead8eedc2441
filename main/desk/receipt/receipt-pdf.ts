/**
 * The receipt model as PDF, drawn by pdfkit in plain Node: no browser, so a receipt is ready in
 * milliseconds rather than Chromium's ~200 ms floor (issue 13's 300 ms). The text in the embedded
 * Japanese font (a subset), the code as filled rectangles (vector, square modules), no bold
 * (decision Q9). Laid out first (pdf-layout.ts), so a roll's page is as long as its content.
 */
import { layoutReceipt, type DrawOp } from './pdf-layout';
import { receiptFont } from './pdf-font';
import type { ReceiptModel } from './model';

/**
 * Loads pdfkit and the font ahead of the day's first receipt, which would otherwise pay for them
 * (~0.2 s on a quiet machine, over a second on a busy one). Called in the background, well after
 * the first day view; a failure here is left for the first PDF to meet and report.
 */
export async function warmReceiptPdf(): Promise<void> {
  await Promise.all([import('pdfkit'), receiptFont()]).catch(() => undefined);
}

export async function receiptPdf(model: ReceiptModel): Promise<Buffer> {
  // Imported on the first PDF, not at start (pdf-font.ts).
  const [{ default: PDFDocument }, font] = await Promise.all([import('pdfkit'), receiptFont()]);
  // `font: ''` keeps pdfkit from loading Helvetica, which a receipt never uses.
  const doc = new PDFDocument({
    autoFirstPage: false,
    font: '',
    lang: model.locale,
    info: { Title: model.title, Creator: 'Front Desk' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as well as a file (it checks for `layout`); its types
  // say only files, so the font parsed once is passed through this one cast.
  doc.font(font as unknown as Buffer);
  const layout = layoutReceipt(model, {
    width: (text, size) => doc.fontSize(size).widthOfString(text),
    lineHeight: (size) => doc.fontSize(size).currentLineHeight(),
  });
  for (let page = 0; page < layout.pages; page++) {
    doc.addPage({ size: [layout.width, layout.height], margin: 0 });
    for (const op of layout.ops) if (op.page === page) draw(doc, op);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function draw(doc: PDFKit.PDFDocument, op: DrawOp): void {
  switch (op.kind) {
    case 'text':
      doc.fontSize(op.size).text(op.text, op.x, op.y, { lineBreak: false });
      return;
    case 'rule':
      doc
        .moveTo(op.x, op.y)
        .lineTo(op.x + op.width, op.y)
        .lineWidth(op.thickness)
        .stroke('black');
      return;
    case 'box':
      doc
        .rect(
          op.x + op.thickness / 2,
          op.y + op.thickness / 2,
          op.width - op.thickness,
          op.height - op.thickness,
        )
        .lineWidth(op.thickness)
        .stroke('black');
      return;
    case 'code':
      for (const run of op.runs)
        doc.rect(
          op.x + run.x * op.module,
          op.y + run.y * op.module,
          run.length * op.module,
          op.module,
        );
      doc.fill('black');
      return;
  }
}
