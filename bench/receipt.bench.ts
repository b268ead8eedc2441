/**
 * Tender → receipt ready (issue 13): a cash sale recorded in the counter's sealed journal (what
 * `walkin.book` writes before it sends), then its receipt built through the router
 * (`receipt.get`, a print: the QR code, the tax, the page) and printed to PDF by Chromium — the
 * engine of the desktop app's `printToPDF`, which cannot run here. Median and p95 over 30 runs,
 * one warm-up first (Chromium's first page loads its fonts).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import { LATER, P, setUp, startHarness } from '../test/desk/support';
import { atMost, exactly, type Figure } from './figures';

const RUNS = 30;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export async function runReceiptBench(): Promise<Figure[]> {
  const h = await startHarness();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const settings = await h.call('money.settings', {});
    await h.call('money.configure', {
      ...settings,
      businessName: '嵐山体験株式会社',
      registrationNumber: 'T7000012050002',
    });
    const session = h.desk.session!;
    const counter = session.counter();
    const page = await browser.newPage();
    const times: number[] = [];
    const stages = { record: [] as number[], page: [] as number[], pdf: [] as number[] };
    let pdfBytes = 0;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const sale = session.journal.append({
        kind: 'sale',
        businessDate: LATER,
        counterId: counter.id,
        counterName: counter.name,
        walkInEntryId: `bench-${run}`,
        reservationId: null,
        reservationNumber: null,
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
        tender: [
          { method: 'cash', amount: 12_000, received: 15_000, brand: null, reference: null },
        ],
        change: 3_000,
      });
      const recorded = performance.now();
      const doc = await h.call('receipt.get', { entryId: sale.id, purpose: 'print' });
      const built = performance.now();
      await page.setContent(doc.html);
      const pdf = await page.pdf({ preferCSSPageSize: true });
      const done = performance.now();
      // The first run loads Chromium's fonts: a warm-up, not counted.
      if (run > 0) {
        times.push(done - started);
        stages.record.push(recorded - started);
        stages.page.push(built - recorded);
        stages.pdf.push(done - built);
      }
      pdfBytes = pdf.length;
    }
    console.log(
      `  receipt: ${RUNS} runs, median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, PDF ${pdfBytes} bytes; medians: sale recorded ${quantile(stages.record, 0.5).toFixed(1)} ms, page built ${quantile(stages.page, 0.5).toFixed(1)} ms, Chromium's PDF ${quantile(stages.pdf, 0.5).toFixed(1)} ms`,
    );
    return [
      atMost('tender → receipt ready (PDF), median', quantile(times, 0.5), 'ms', 300),
      atMost('tender → receipt ready (PDF), p95', quantile(times, 0.95), 'ms', 300),
      exactly('receipts made', times.length, 'receipts', RUNS),
    ];
  } finally {
    await browser.close();
    await h.close();
  }
}
