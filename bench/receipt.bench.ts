/**
 * Tender → receipt ready (issue 13): a cash sale recorded in the counter's sealed journal (what
 * `walkin.book` writes before it sends), then its receipt as PDF through the router
 * (`receipt.pdf`: the model with its QR code and tax, the PDF drawn by pdfkit with the embedded
 * font, the print recorded) and its bytes in hand. Median and p95 over 30 runs after one warm-up.
 * Printed beside, not targeted: the first, cold PDF of the process (pdfkit and fontkit imported,
 * the font read and parsed), the font's cold cost alone, and the HTML page built (what the OS
 * printer and the browser's print still use).
 */
import { readFile } from 'node:fs/promises';
import { receiptFontPath } from '../main/desk/receipt/pdf-font';
import { LATER, P, setUp, startHarness, type Harness } from '../test/desk/support';
import { atMost, exactly, type Figure } from './figures';

const RUNS = 30;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One cash sale as the walk-in records it. */
function recordSale(h: Harness, run: number) {
  const session = h.desk.session!;
  const counter = session.counter();
  return session.journal.append({
    kind: 'sale',
    businessDate: LATER,
    counterId: counter.id,
    counterName: counter.name,
    walkInEntryId: `bench-${run}`,
    reservationId: null,
    reservationNumber: `9${String(run).padStart(8, '0')}`,
    customerName: '計測 太郎',
    currency: 'JPY',
    items: [
      {
        productId: P.apiTest,
        productName: '着物散歩',
        date: LATER,
        startTime: '10:00',
        ticket: 'adult',
        quantity: 2,
        unitPrice: 6_000,
        taxRate: 10,
      },
    ],
    discounts: [],
    total: 12_000,
    tender: [{ method: 'cash', amount: 12_000, received: 15_000, brand: null, reference: null }],
    change: 3_000,
  });
}

export async function runReceiptBench(): Promise<Figure[]> {
  const h = await startHarness();
  try {
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const settings = await h.call('money.settings', {});
    await h.call('money.configure', {
      ...settings,
      businessName: '嵐山体験株式会社',
      registrationNumber: 'T7000012050002',
    });
    const times: number[] = [];
    const stages = { record: [] as number[], pdf: [] as number[], bytes: [] as number[] };
    const pages: number[] = [];
    let cold = 0;
    let pdfBytes = 0;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const sale = recordSale(h, run);
      const recorded = performance.now();
      const answer = await h.call('receipt.pdf', { entryId: sale.id });
      const drawn = performance.now();
      const pdf = Buffer.from(answer.pdfBase64, 'base64');
      const done = performance.now();
      if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('receipt.pdf made no PDF');
      pdfBytes = pdf.length;
      // The first run is the process's first PDF (modules and font loaded): a warm-up, not counted.
      if (run === 0) cold = done - started;
      else {
        times.push(done - started);
        stages.record.push(recorded - started);
        stages.pdf.push(drawn - recorded);
        stages.bytes.push(done - drawn);
      }
      // The page the printer prints, built from the same sale (a preview: nothing recorded).
      const pageStarted = performance.now();
      await h.call('receipt.get', { entryId: sale.id });
      if (run > 0) pages.push(performance.now() - pageStarted);
    }
    // The font's own share of the cold PDF, again here with the modules warm: read, parsed and a
    // receipt's text laid out (fontkit reads its tables lazily, on first use).
    const fontStarted = performance.now();
    const { create } = await import('fontkit');
    const font = create(await readFile(receiptFontPath()));
    if ('layout' in font)
      font.layout('領収書 嵐山体験株式会社 登録番号 合計(税込) ￥12,000 お釣り');
    const fontLoad = performance.now() - fontStarted;

    console.log(
      `  receipt: ${RUNS} runs, median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, PDF ${pdfBytes} bytes; medians: sale recorded ${ms(quantile(stages.record, 0.5))}, receipt.pdf (model, PDF, print recorded) ${ms(quantile(stages.pdf, 0.5))}, bytes in hand ${ms(quantile(stages.bytes, 0.5))}`,
    );
    console.log(
      `  not targeted: first (cold) PDF ${ms(cold)} (pdfkit and fontkit imported, font read and parsed; the font alone, read, parsed and a line laid out: ${ms(fontLoad)}); HTML page built (receipt.get) median ${ms(quantile(pages, 0.5))}, p95 ${ms(quantile(pages, 0.95))}`,
    );
    return [
      atMost('tender → receipt ready (PDF), median', quantile(times, 0.5), 'ms', 300),
      atMost('tender → receipt ready (PDF), p95', quantile(times, 0.95), 'ms', 300),
      exactly('receipts made', times.length, 'receipts', RUNS),
    ];
  } finally {
    await h.close();
  }
}
