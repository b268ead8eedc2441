/**
 * What the items' desk tests share: a walk-in with items queued while the link is down into a
 * full slot of today's tea ceremony, refused by the service once the link is back, and what the
 * counter then owes back for it (J21, I15).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { P, TODAY, cutLink, restoreLink, type Harness } from '../support';
import { waitFor } from '../../support/wait';

type Book = Request<'walkin.book'>;

/** The refund owed for a ¥12,000 walk-in into a full slot, sold with `sale`'s items and tender. */
export async function owedForRefusedWalkIn(
  h: Harness,
  sale: Pick<Book, 'tender' | 'items' | 'counterDiscounts'> & { lastName: string },
) {
  const avail = await h.call('day.get', { date: TODAY });
  const full = avail.products
    .find((p) => p.id === P.teaCeremony)!
    .slots.find((s) => s.remaining === 0)!;
  expect(full).toBeTruthy();
  const { lastName, ...paid } = sale;
  cutLink(h.sb);
  let saleId: string;
  try {
    const queued = await h.call('walkin.book', {
      productId: P.teaCeremony,
      date: TODAY,
      startTime: full.startTime,
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName },
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total: 12_000, currency: 'JPY' },
      ...paid,
    });
    expect(queued.outcome).toBe('queued');
    saleId = queued.saleId!;
  } finally {
    restoreLink(h.sb);
  }
  await waitFor(
    async () => (await h.call('refunds.owed', {})).items.some((o) => o.saleId === saleId),
    'the refused walk-in owed back',
  );
  return (await h.call('refunds.owed', {})).items.find((o) => o.saleId === saleId);
}
