/**
 * Counter items sold (issue 30): what staff picked, priced from the catalogue and kept on the sale
 * as sold (names in both languages, unit price, rate), and a sale of items alone — no booking, no
 * service: the tender checked against the lines' sum less the counter's discounts (I15, the
 * walk-in's rules and arithmetic: sales/discounts.ts) and written to the journal, offline as
 * online. A walk-in or a collection adds the same lines on top of its own price (sale.ts,
 * collect.ts: `goodsOf`).
 */
import {
  changeDue,
  itemsTotal,
  MAX_ITEM_LINES,
  Tender,
  tenderProblems,
  type ItemLine,
  type CounterDiscountRequest,
  type ItemPick,
  type MoneyProblem,
} from '../../common';
import { DeskError } from '../../ipc/errors';
import type { GoodsRecord } from '../../local/index';
import { counterDiscountsOn } from '../sales/discounts';
import { reasonsOf } from '../sales/reasons';
import { moneyDayOf } from '../sales/money-day';
import type { SettingsFile } from '../settings';
import { catalogueOf } from './catalogue';
import type { DeskSession } from '../desk-session';

const invalid = (message: string, problems: MoneyProblem[]) =>
  new DeskError('INVALID_INPUT', message, problems);

/**
 * The lines of what was picked, priced as the catalogue says now; the same item picked twice is
 * one line. An item not in the catalogue, or not sold any more, is refused (INVALID_INPUT).
 */
export function goodsOf(session: DeskSession, picks: readonly ItemPick[] | undefined): ItemLine[] {
  if (!picks?.length) return [];
  const catalogue = catalogueOf(session);
  const lines = new Map<string, ItemLine>();
  const problems: MoneyProblem[] = [];
  picks.forEach((pick, i) => {
    const item = catalogue.get(pick.itemId);
    if (!item?.active) {
      problems.push({ field: `items.${i}.itemId`, code: 'not_sold', reason: 'not sold here' });
      return;
    }
    const line = lines.get(item.id);
    if (line) line.quantity += pick.quantity;
    else
      lines.set(item.id, {
        itemId: item.id,
        name: item.name,
        category: item.category,
        unitPrice: item.price,
        quantity: pick.quantity,
        taxRate: item.rate,
      });
  });
  if (lines.size > MAX_ITEM_LINES)
    problems.push({ field: 'items', code: 'too_many', reason: `at most ${MAX_ITEM_LINES} items` });
  if (problems.length) throw invalid('an item cannot be sold', problems);
  return [...lines.values()];
}

/**
 * A sale of items alone: its tender must pay the lines' sum less the counter's discounts exactly
 * (change for cash). The catalogue's price is the counter's own, so a discount needs no service.
 */
export function recordGoods(
  session: DeskSession,
  settings: SettingsFile,
  request: { items: ItemPick[]; tender: Tender; counterDiscounts?: CounterDiscountRequest[] },
): GoodsRecord {
  const goods = goodsOf(session, request.items);
  if (!goods.length)
    throw invalid('nothing to sell', [{ field: 'items', code: 'empty', reason: 'an item' }]);
  const tender = Tender.parse(request.tender);
  const asked = request.counterDiscounts ?? [];
  const given = counterDiscountsOn(
    [],
    goods,
    itemsTotal(goods),
    true,
    asked,
    reasonsOf(session).list(),
  );
  const total = itemsTotal(goods) - given.total;
  const problems = tenderProblems(tender, total);
  if (problems.length) throw invalid('the tender does not pay the price', problems);
  const at = session.now();
  const { id: counterId, name: counterName } = session.counter();
  // After this counter's close of today, the next business day's (Z10), as any money taken.
  return session.journal.append({
    kind: 'goods',
    at,
    businessDate: moneyDayOf(session, at).businessDate,
    counterId,
    counterName,
    currency: session.currency,
    goods,
    total,
    tender: tender.lines,
    change: changeDue(tender.lines),
    ...(given.discounts.length > 0 && {
      counterDiscounts: given.discounts,
      discountNotes: asked.map((a) => a.note?.trim() || null),
    }),
  }) as GoodsRecord;
}
