/**
 * The day's discounts given at the counter (issue 30) for the close, its report and the journal's
 * CSV: a sale's or items sold alone's counter discounts (I15) and a collection's discount (I7) alike, each with its reason in
 * the words its record kept (an I7 record's reason in money's words). The service's own discounts
 * (a repeat customer's) are the service's, not counted here.
 */
import { discountReasonText, type DiscountsGiven, type UiLocale } from '../../ipc/contract';
import type { JournalRecord } from '../../local/index';

interface Given {
  reason: { id: string; ja: string; en: string };
  kind: 'amount' | 'percent';
  value: number;
  amount: number;
  note: string | null;
}

/** What a money record took off at the counter, discount by discount. */
export function givenOn(record: JournalRecord): Given[] {
  if (record.kind === 'sale' || record.kind === 'goods')
    return (record.counterDiscounts ?? []).map((d, i) => ({
      ...d,
      note: record.discountNotes?.[i] ?? null,
    }));
  if (record.kind === 'collection' && record.discount) {
    // The words the record kept (I13), or an I7 record's reason in money's words.
    const { amount, reason: id, ja, en } = record.discount;
    return [
      {
        reason: {
          id,
          ja: discountReasonText({ id, ja, en }, 'ja'),
          en: discountReasonText({ id, ja, en }, 'en'),
        },
        kind: 'amount',
        value: amount,
        amount,
        note: record.note,
      },
    ];
  }
  return [];
}

/** The day's discounts: how many, how much, by reason (the most given first). */
export function discountsGiven(records: readonly JournalRecord[]): DiscountsGiven {
  const byReason = new Map<string, DiscountsGiven['byReason'][number]>();
  let count = 0;
  let amount = 0;
  for (const d of records.flatMap(givenOn)) {
    count += 1;
    amount += d.amount;
    const row = byReason.get(d.reason.id) ?? { ...d.reason, count: 0, amount: 0 };
    row.count += 1;
    row.amount += d.amount;
    byReason.set(d.reason.id, row);
  }
  const rows = [...byReason.values()].sort(
    (a, b) => b.amount - a.amount || a.id.localeCompare(b.id),
  );
  return { count, amount, byReason: rows };
}

/** A record's discounts as the CSV's note says them: "reason 10% -280: note", each. */
export function discountNote(record: JournalRecord, locale: UiLocale): string | null {
  const given = givenOn(record);
  if (given.length === 0) return null;
  return given
    .map((d) => {
      const what = `${discountReasonText(d.reason, locale)}${d.kind === 'percent' ? ` ${d.value}%` : ''} -${d.amount}`;
      return d.note ? `${what}: ${d.note}` : what;
    })
    .join(' / ');
}
