/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * Money at the counter in Chromium through the browser host, against the training sandbox: a
 * cash walk-in with change → its receipt (text, a screenshot in
 * test-results, its PDF downloaded), a card walk-in, the journal, the close with a shortage and
 * its note → the close report (screenshot) and the CSV read as UTF-8 with its BOM; a walk-in
 * queued offline that the service later refuses → refund owed → refund recorded → slip; a
 * merchant cancellation → refund slip; a QR walk-in with its brand cancelled as the store's
 * decision → refunded by QR and the same brand. axe on every new screen (checkScreen: audit, targets,
 * screenshot). The cash journey runs in Japanese and English (the suite's one English journey of
 * screen and printed receipt through the browser); the three refund journeys in Japanese only,
 * their English words in test/renderer (checkout/tender, refunds, journal) (decision F50). Set-up's invoice details are audited in words.spec.ts, their checks in
 * test/renderer/invoice-settings.test.tsx (decision F42).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { TRAINING_KEY_ROLE } from '../../main/desk/training/sandbox';
import {
  browserLocale,
  checkScreen,
  expect,
  SCREENSHOTS,
  test,
  type Lang,
} from './support/fixtures';
import { TODAY, type TestHost } from './support/host';
import {
  CATALOGUES,
  catchPrints,
  fill,
  KYOTO,
  pattern,
  printed,
  PRODUCTS,
  reservations,
  yen,
} from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;

/** A page shown in the app (receipt, slip, report): its text, and a screenshot kept. */
async function keepDocument(
  app: Page,
  testInfo: TestInfo,
  name: string,
  file: string,
): Promise<string> {
  const doc = app.getByRole('document', { name });
  await expect(doc).toBeVisible();
  const text = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
  const where = path.join(SCREENSHOTS, `${file}.png`);
  await doc.screenshot({ path: where });
  await testInfo.attach(file, { path: where, contentType: 'image/png' });
  return text;
}

/** The walk-in up to its details: rickshaw, two adults, the next slot, a name; the slot's start. */
async function walkInToDetails(
  app: Page,
  lang: Lang,
  name: string,
  later = false,
): Promise<string> {
  const t = CATALOGUES[lang];
  await app.keyboard.press('F4');
  await app.getByRole('button', { name: RICKSHAW }).click();
  await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
  // A later slot: the next one may start while the test runs (the clock flows).
  if (later) await app.locator('input[name=slot]').last().check();
  const label = await app.locator('label.choice:has(input[name=slot]:checked)').textContent();
  await app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
  await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
  return /(\d{2}:\d{2})/.exec(label ?? '')![1]!;
}

/** … and on to the review step: the price, and the tender. */
async function walkInToReview(app: Page, lang: Lang, name: string, later = false): Promise<string> {
  const start = await walkInToDetails(app, lang, name, later);
  await app.keyboard.press('Enter');
  await expect(app.getByRole('group', { name: CATALOGUES[lang].money.tender.title })).toBeVisible();
  return start;
}

/** Book the walk-in on the review step as its tender says; the total the service holds for it. */
async function book(app: Page, host: TestHost, lang: Lang, name: string): Promise<number> {
  const t = CATALOGUES[lang];
  await app
    .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
    .click();
  await expect(app.getByText(t.money.tender.recorded)).toBeVisible();
  return reservations(host).find((r) => r.customer.lastName === name)!.totalAmount;
}

/** The booking just made, to its cancel for `reason`: the refund is to be paid back now. */
async function cancelPayingBack(app: Page, lang: Lang, reason: string): Promise<void> {
  const t = CATALOGUES[lang];
  await app.getByRole('button', { name: t.walkIn.openReservation }).click();
  await app.getByRole('button', { name: t.reservation.cancel, exact: true }).click();
  await app.getByRole('radio', { name: new RegExp(reason) }).check();
  await expect(app.getByRole('checkbox', { name: pattern(t.money.cancel.payNow) })).toBeChecked();
}

const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const m = t.money;

  test.describe(`money (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('cash with change → receipt; card; the journal; the close short with a note, its report and CSV', async ({
      app,
      host,
    }, testInfo) => {
      // A whole day at the counter in one test (two walk-ins, receipts, the journal, the close,
      // its report and CSV, six audits): three times the usual time.
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      await catchPrints(app);
      const name = lang === 'ja' ? '現金' : 'Cash';
      await walkInToReview(app, lang, name);
      const collect = app.getByText(pattern(t.walkIn.collect));
      await expect(collect).toBeVisible();
      const total = digits(await collect.textContent());
      expect(total).toBeGreaterThan(0);
      const handed = Math.ceil(total / 10_000) * 10_000 + (total % 10_000 === 0 ? 10_000 : 0);
      await app.getByRole('button', { name: yen(lang, handed), exact: true }).click();
      const change = app.locator('.change-due');
      await expect(change).toContainText(yen(lang, handed - total));
      await checkScreen(app, lang, 'money-tender-cash');
      await app
        .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
        .click();
      await expect(app.getByText(m.tender.recorded)).toBeVisible();
      await checkScreen(app, lang, 'money-walkin-done');

      // The receipt: printed by the browser (the host has no printer), shown, kept as a picture.
      const number = reservations(host).find(
        (r) => r.customer.lastName === name,
      )!.reservationNumber;
      await app
        .getByRole('button', { name: fill(m.receipt.print, { what: m.receipt.receipt }) })
        .click();
      await expect(app.getByText(m.receipt.done.browserPrint)).toBeVisible();
      expect((await printed(app))[0]).toContain(number);
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const receipt = await keepDocument(
        app,
        testInfo,
        fill(m.receipt.previewOf, { what: m.receipt.receipt }),
        `${lang}-receipt`,
      );
      expect(receipt).toContain(number);
      expect(receipt).toContain(total.toLocaleString('en-US'));
      expect(receipt).toContain((handed - total).toLocaleString('en-US'));
      // Saved as PDF: the desk's own, downloaded in this host too (no print dialog).
      const [pdf] = await Promise.all([
        app.waitForEvent('download'),
        app.getByRole('button', { name: m.receipt.pdf }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/);
      expect(
        readFileSync(await pdf.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expect(app.getByText(m.receipt.done.saved)).toBeVisible();
      expect(await printed(app)).toHaveLength(1);

      // A card walk-in with its slip number.
      const card = lang === 'ja' ? '札入' : 'Cardy';
      await walkInToReview(app, lang, card, true);
      await app.getByRole('radio', { name: m.methods.card }).check();
      await app.getByLabel(m.tender.reference).fill('A-1234');
      await checkScreen(app, lang, 'money-tender-card');
      await app
        .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
        .click();
      await expect(app.getByText(m.tender.recorded)).toBeVisible();

      // The journal: both sales.
      await app.keyboard.press('F6');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.journal.title);
      const entries = app.locator('.journal-list > li');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(1)).toContainText(m.methods.card);
      await checkScreen(app, lang, 'money-journal');

      // The close: float ¥10,000, the cash counted ¥1,000 short of what is expected.
      await app.keyboard.press('F7');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.close.title);
      await app.getByLabel(m.close.float).fill('10000');
      const expected = 10_000 + total;
      const tenThousands = Math.floor((expected - 1_000) / 10_000);
      const rest = expected - 1_000 - tenThousands * 10_000;
      await app
        .getByLabel(fill(m.close.countOf, { denomination: yen(lang, 10_000) }))
        .fill(String(tenThousands));
      await app
        .getByLabel(fill(m.close.countOf, { denomination: yen(lang, 1_000) }))
        .fill(String(rest / 1_000));
      await expect(app.getByText(fill(m.close.short, { amount: yen(lang, 1_000) }))).toBeVisible();
      await app.getByRole('button', { name: m.close.commit }).click();
      await expect(app.getByText(m.close.noteMissing)).toBeVisible();
      await checkScreen(app, lang, 'money-close');
      await app
        .getByLabel(m.close.noteRequired)
        .fill(lang === 'ja' ? '両替の間違い' : 'wrong change');
      await app.getByRole('button', { name: m.close.commit }).click();
      await expect(app.getByText(pattern(m.close.closedAt))).toBeVisible();

      await app.getByRole('button', { name: m.close.printReport }).click();
      await expect.poll(async () => (await printed(app)).length).toBe(2);
      await app.getByRole('button', { name: m.close.showReport }).click();
      const report = await keepDocument(app, testInfo, m.close.reportOf, `${lang}-close-report`);
      expect(report).toContain((1_000).toLocaleString('en-US'));
      await checkScreen(app, lang, 'money-close-done');

      // The CSV: downloaded, UTF-8 with its BOM, the day's sales in it.
      const [download] = await Promise.all([
        app.waitForEvent('download'),
        app.getByRole('button', { name: m.close.csv }).click(),
      ]);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
      // (The sale's row has no reservation number yet: reported to the sales part.)
      expect(csv).toContain(`,${total},${total},`);
      expect(csv).toContain(',-1000,');
      expect(csv).toContain(lang === 'ja' ? '両替の間違い' : 'wrong change');
    });

    // The refunds' journeys in Japanese only (decision F50): their English words are the
    // component tests' (checkout/tender, refunds, journal), the English slip's the desk's.
    if (lang === 'en') return;

    test('queued offline, refused later → refund owed → refund recorded → slip', async ({
      app,
      host,
    }, testInfo) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await catchPrints(app);
      const name = lang === 'ja' ? '断り' : 'Refused';
      // Online, the slot has room for the party; it fills before the walk-in is sent.
      const start = await walkInToDetails(app, lang, name, true);
      await fillSlot(host, start);
      host.training().sandbox.faults.configure({ rates: { reset: 1 } });
      await app.keyboard.press('Enter');
      // The link found down by the quote: the last known price, not confirmed (J22), typed over.
      await expect(app.getByText(t.walkIn.lastKnown.note)).toBeVisible({ timeout: 30_000 });
      await app
        .getByLabel(new RegExp(`^${m.tender.amountTaken.replace(/[()（）]/g, '.')}`))
        .fill('18000');
      await expect(app.getByText(m.tender.queuedNote)).toBeVisible();
      await app.getByRole('button', { name: new RegExp(t.walkIn.confirmNoPrice) }).click();
      await expect(app.getByText(m.tender.queuedTaken)).toBeVisible();

      host.training().sandbox.faults.clear();
      const banner = app.locator('.refund-banner');
      await expect(banner).toContainText(
        fill(m.owed.banner, {
          what: fill(m.owed.line, { name, method: m.methods.cash, amount: yen(lang, 18000) }),
        }),
        { timeout: 60_000 },
      );
      await banner.getByRole('button', { name: m.owed.open }).click();
      await expect(app.getByRole('heading', { level: 2 })).toHaveText(m.owed.title);
      await app.getByRole('button', { name: m.owed.pay }).click();
      await checkScreen(app, lang, 'money-refunds');
      await app.getByRole('button', { name: m.refund.record }).click();
      await expect(
        app.getByText(fill(m.refund.recorded, { amount: yen(lang, 18000) })),
      ).toBeVisible();
      await expect(banner).toHaveCount(0);
      await app.getByRole('button', { name: m.receipt.preview }).click();
      await keepDocument(
        app,
        testInfo,
        fill(m.receipt.previewOf, { what: m.receipt.slip }),
        `${lang}-refund-slip`,
      );
      await checkScreen(app, lang, 'money-refund-done');
    });

    test('a merchant cancellation of a walk-in paid here → the refund slip', async ({
      app,
      host,
    }, testInfo) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      const name = lang === 'ja' ? '取消' : 'Cancel';
      await walkInToReview(app, lang, name);
      const total = await book(app, host, lang, name);
      await cancelPayingBack(app, lang, t.cancel.reasons.weather);
      await checkScreen(app, lang, 'money-cancel-refund');
      await app.getByRole('button', { name: pattern(t.cancel.confirm) }).click();
      await expect(
        app.getByText(fill(m.refund.recorded, { amount: yen(lang, total) })),
      ).toBeVisible();
      await app.getByRole('button', { name: m.receipt.preview }).click();
      await keepDocument(
        app,
        testInfo,
        fill(m.receipt.previewOf, { what: m.receipt.slip }),
        `${lang}-cancel-slip`,
      );
    });

    test('a QR walk-in with its brand, cancelled as the store’s decision → refunded by QR and brand', async ({
      app,
      host,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      const name = lang === 'ja' ? '電子' : 'Qrpay';
      await walkInToReview(app, lang, name, true);
      await app.getByRole('radio', { name: m.methods.qr }).check();
      await app.getByLabel(m.tender.brand).selectOption('PayPay');
      const total = await book(app, host, lang, name);
      await cancelPayingBack(app, lang, t.cancel.reasons.business_request);
      // Paid back as it was paid: the method and the brand chosen already.
      await expect(app.getByLabel(m.cancel.method)).toHaveValue('qr');
      await expect(app.getByLabel(m.tender.brand)).toHaveValue('PayPay');
      await app.getByRole('button', { name: pattern(t.cancel.confirm) }).click();
      await expect(
        app.getByText(fill(m.refund.recorded, { amount: yen(lang, total) })),
      ).toBeVisible();

      // The journal: the refund by QR, with its brand.
      await app.keyboard.press('F6');
      const refund = app.locator('.journal-list > li', { hasText: `· ${m.kinds.refund}` });
      await expect(refund).toContainText(`${m.methods.qr} PayPay ${yen(lang, total)}`);
    });
  });
}

/** Leave less than two seats in the rickshaw's slot at `start` today, booked through the API. */
async function fillSlot(host: TestHost, start: string): Promise<void> {
  const sandbox = host.training();
  const date = TODAY;
  const headers = {
    authorization: `Bearer ${sandbox.sandbox.keyFor(TRAINING_KEY_ROLE)}`,
    'content-type': 'application/json',
  };
  const store = `${sandbox.baseUrl}/v1/public/stores/${KYOTO}`;
  const served = (await (
    await fetch(`${store}/products/${PRODUCTS.rickshaw}/availability?year=2026&month=11`, {
      headers,
    })
  ).json()) as {
    days: { date: string; slots: { startTime: string; remainingCapacity: number }[] }[];
  };
  const remaining = served.days
    .find((d) => d.date === date)!
    .slots.find((s) => s.startTime === start)!.remainingCapacity;
  expect(remaining).toBeGreaterThanOrEqual(2);
  const response = await fetch(`${store}/reservations`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      customer: { lastName: '満席' },
      items: [
        {
          productId: PRODUCTS.rickshaw,
          date,
          startTime: start,
          adultCount: remaining - 1,
          childCount: 0,
        },
      ],
      paymentMethod: 'external',
      sendConfirmationEmail: false,
    }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}
