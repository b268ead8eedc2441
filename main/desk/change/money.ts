/**
 * The money of a change (issue 13's pieces): the new price, the old booking's refund where this
 * counter took its money (the credit, netted against the new price), the difference to collect
 * with a tender or to hand back. In the journal the two stay two records, each with its tender:
 * the old sale's refund paid back by a method, the new sale paid by the same method for the part
 * the refund covers and by the guest's tender for the rest — so every method's total is what
 * changed hands (docs/decisions.md, C10).
 */
import {
  brandPaidBy,
  FIRST_METHOD,
  Tender,
  lineProblems,
  paymentLine,
  tenderProblems,
  type MoneyProblem,
  type TenderLine,
  type TenderMethod,
} from '../../common';
import type { CancelPreviewView, ChangeMoney, Price } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { paidHowOf, type MoneyTaken } from '../../local/index';
import { refundedOf } from '../sales/refunds';
import { storeSummary } from '../store-summary';
import type { DeskSession } from '../desk-session';

export function moneyOf(
  session: DeskSession,
  q: {
    price: Price | null;
    preview: CancelPreviewView | null;
    manual: boolean;
    sale: MoneyTaken | null;
  },
): ChangeMoney {
  const { price, preview, sale } = q;
  const merchant =
    preview?.cancellable && preview.refundBy === 'merchant' ? Math.max(0, preview.refund) : 0;
  const left = sale ? Math.max(0, sale.total - refundedOf(session, sale.id)) : 0;
  const credit = Math.min(merchant, left);
  const collectNow = !q.manual;
  const newTotal = price?.total ?? null;
  return {
    currency: price?.currency ?? preview?.currency ?? session.currency,
    newTotal,
    collectNow,
    credit,
    difference: (collectNow ? (newTotal ?? 0) : 0) - credit,
    refundBy: preview?.refundBy ?? null,
    refundByRaw: preview?.refundByRaw ?? null,
    refundNotHere: merchant - credit,
    saleId: sale?.id ?? null,
    creditMethod: sale?.tender[0]?.method ?? null,
    saleTender: sale?.tender ?? [],
  };
}

export interface MoneyPlan {
  /** The new booking's sale, recorded once it is booked. */
  sale: { lines: TenderLine[]; total: number } | null;
  /** The old sale's refund, recorded when its cancel takes. */
  refund: { lines: TenderLine[] } | null;
}

const invalid = (message: string, problems: MoneyProblem[]) =>
  new DeskError('INVALID_INPUT', message, problems);

/** How staff chose to hand the difference back (null: as the old sale was paid). */
export interface HandBack {
  method: TenderMethod | null;
  brand: string | null;
}

/**
 * The records a change's money makes, checked before anything is sent: the tender pays the
 * difference exactly; the credit goes back by the tender's first method (or, handed back, by the
 * method and brand chosen), and the new sale is paid by that method for the part it covers.
 */
export function planMoney(
  money: ChangeMoney,
  sale: MoneyTaken | null,
  tenderInput: unknown,
  handBack: HandBack,
): MoneyPlan {
  const newTotal = money.collectNow ? (money.newTotal ?? 0) : 0;
  const { credit, difference } = money;
  const tender =
    tenderInput === null || tenderInput === undefined ? null : Tender.parse(tenderInput);
  if (difference > 0) {
    if (!tender) {
      // Without a credit nothing is netted: the new booking goes as a walk-in without money taken.
      if (credit > 0)
        throw invalid('the difference is collected with the change', [
          { field: 'tender', code: 'TENDER_REQUIRED', reason: 'how the guest pays the difference' },
        ]);
      return { sale: null, refund: null };
    }
    const problems = tenderProblems(tender, difference);
    if (problems.length) throw invalid('the tender does not pay the difference', problems);
    if (credit === 0) return { sale: { lines: tender.lines, total: newTotal }, refund: null };
    const [first, ...rest] = tender.lines as [TenderLine, ...TenderLine[]];
    const merged = paymentLine(first.method, first.amount + credit, {
      ...first,
      received: (first.received ?? first.amount) + credit,
    });
    const brand = first.brand ?? brandPaidBy(sale?.tender ?? [], first.method);
    return {
      sale: { lines: [merged, ...rest], total: newTotal },
      refund: { lines: [paymentLine(first.method, credit, { brand })] },
    };
  }
  if (tender)
    throw invalid('nothing to collect', [
      { field: 'tender', code: 'TENDER_OVER', reason: 'no difference to pay' },
    ]);
  if (credit === 0) return { sale: null, refund: null };
  const method = handBack.method ?? money.creditMethod ?? FIRST_METHOD;
  const brand = handBack.brand ?? brandPaidBy(sale?.tender ?? [], method);
  const back = paymentLine(method, credit, { brand });
  const problems = lineProblems([back], 'handBack');
  if (problems.length) throw invalid('the refund cannot be paid so', problems);
  return {
    sale:
      newTotal > 0
        ? { lines: [paymentLine(method, newTotal, { brand: back.brand })], total: newTotal }
        : null,
    refund: { lines: [back] },
  };
}

/**
 * A booking paid on site changed with no money taken now: the new booking is paid on site too
 * (where the store takes it), owed what the service says of it (issue 27, decision I8). Money
 * taken with the change (a new sale) makes it paid at the counter, as before.
 */
export function paidOnSiteStill(
  session: DeskSession,
  old: { paymentMethod?: unknown },
  plan: { sale: unknown },
): boolean {
  return (
    plan.sale === null &&
    paidHowOf(old.paymentMethod) === 'on_site' &&
    storeSummary(session.store).acceptsOnSite
  );
}
