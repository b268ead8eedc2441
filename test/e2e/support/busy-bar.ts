/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * The status bar in its busiest state (issue 42), on a real browser host: the desk's own status
 * and printer answers and events, each made busier on its way out — offline, three counters of the
 * shop with the longest names a counter may have (40 characters), this one following a poller that
 * does not answer, this PC's clock five minutes slow, requests waiting for the service, records
 * waiting for the office that has said nothing for long, the receipt printer out of paper with
 * receipts kept, walk-ins waiting and one needing attention — and a
 * queued walk-in's outcome told as the outbox's event tells it. Training's virtual printer is the
 * receipt printer, out of paper for real.
 */
import type { Page } from '@playwright/test';
import type {
  EventName,
  OutboxItem,
  PrinterStatus,
  ShopStatus,
  Status,
} from '../../../main/ipc/contract';
import { expect } from './fixtures';
import type { TestHost } from './host';
import { setVirtual, useVirtualPrinter } from './printer';

/** 40 characters each, the most a counter's name may have (main/ipc/contract/shop.ts). */
export const LONG_NAMES = {
  self: '受付カウンター1（正面入口の右側・団体様と個人のお客様の窓口）',
  poller: '受付カウンター2（二階の奥・レンタル返却と着付けのお客様の窓口）',
  other: 'Counter three by the north door, rentals',
} as const;

const busyShop = (now: number, syncedAt: number | null): ShopStatus => ({
  sharing: true,
  self: { counterId: 'c-self', name: LONG_NAMES.self, polling: false },
  counters: [
    {
      counterId: 'c-poller',
      name: LONG_NAMES.poller,
      present: true,
      lastSeen: now,
      polling: true,
      link: 'offline',
    },
    {
      counterId: 'c-other',
      name: LONG_NAMES.other,
      present: true,
      lastSeen: now,
      polling: false,
      link: 'offline',
    },
  ],
  following: {
    counterId: 'c-poller',
    name: LONG_NAMES.poller,
    pulledAt: syncedAt,
    problem: 'no_answer',
  },
});

function busyStatus(status: Status): Status {
  const now = status.now ?? Date.now();
  // Data a quarter of an hour old: the age's longest ordinary words, its time beside them.
  const syncedAt = (status.syncedAt ?? now) - 15 * 60_000;
  return {
    ...status,
    link: 'offline',
    syncedAt,
    outbox: { waiting: 12, needsAttention: 1 },
    rate: { ...status.rate, queued: 3 },
    clock: { skewMs: -5 * 60_000, against: 'counter', counterName: LONG_NAMES.poller },
    shop: busyShop(now, syncedAt),
    office: {
      pending: 128,
      lastAckAt: now - 3 * 3_600_000,
      stale: true,
      damaged: 0,
      stopped: null,
      failures: 7,
      restore: null,
    },
  };
}

const busyPrinter = (printer: PrinterStatus): PrinterStatus =>
  printer.state === 'none' ? printer : { ...printer, queued: 3 };

/** A queued walk-in of `name`, and the same booked: the outbox's news. */
function walkIn(name: string, state: 'queued' | 'booked', now: number): OutboxItem {
  return {
    id: 'busy-walkin',
    state,
    createdAt: now - 60_000,
    attempts: 1,
    customerName: name,
    productName: '人力車 嵐山めぐり',
    date: null,
    startTime: null,
    adults: 2,
    children: 0,
    amount: { total: 18_000, currency: 'JPY' },
    counter: LONG_NAMES.self,
    idempotencyKey: null,
    reservationNumber: state === 'booked' ? '20261124-0042' : null,
    reservationStatus: state === 'booked' ? 'pending' : null,
    refusal: null,
    lastError: null,
    unreadable: null,
  };
}

/**
 * Make every status and printer answer and event of this host the busiest, then reload the page
 * so that it starts from them, and tell it a queued walk-in's outcome.
 */
export async function busyBar(app: Page, host: TestHost, name = '長谷川'): Promise<void> {
  await useVirtualPrinter(host);
  await setVirtual(host, 'paper_out');
  const router = host.composed.router;
  const handle = router.handle.bind(router);
  router.handle = async (channel, payload) => {
    const result = await handle(channel, payload);
    if (!result.ok) return result;
    if (channel === 'status.get') return { ...result, value: busyStatus(result.value as Status) };
    if (channel === 'printer.status')
      return { ...result, value: busyPrinter(result.value as PrinterStatus) };
    return result;
  };
  const hub = host.composed.events;
  const emit = hub.emit.bind(hub) as (event: EventName, payload: unknown) => void;
  hub.emit = ((event: EventName, payload: unknown) =>
    emit(
      event,
      event === 'status.changed'
        ? busyStatus(payload as Status)
        : event === 'printer.changed'
          ? busyPrinter(payload as PrinterStatus)
          : payload,
    )) as typeof hub.emit;

  await app.reload();
  await app.locator('.products[aria-busy="false"]').waitFor();
  // The page listens once it has loaded the status: then the outcome is news to it.
  await app.locator('.status-bar .link-offline').waitFor();
  await app.locator('.printer-badge.trouble').first().waitFor({ state: 'attached' });
  // Told again until the page has it: its event stream may open after its first answers.
  const news = app.locator('.status-bar .news button').first();
  await expect(async () => {
    const now = host.now();
    emit('outbox.changed', { items: [walkIn(name, 'queued', now)] });
    emit('outbox.changed', { items: [walkIn(name, 'booked', now)] });
    await expect(news).toBeAttached({ timeout: 1_000 });
  }).toPass();
}
