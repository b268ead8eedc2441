/**
 * The one home of how a record becomes a journal entry (仕訳), shared by every accounting format
 * (yayoi.ts, freee.ts): one entry per record (decision AB61), so every record stands alone in the
 * accountant's books and is found again by its id.
 *
 * - Money taken or given back (sale, collection, goods, refund, correction): each payment to its
 *   method's account (現金 for the drawer's method, the mapped account — 売掛金 — for the others,
 *   the brand as 補助科目), against 売上高 split by tax rate exactly as the counter's facts split
 *   it (tax-included amounts, the facts' tax). A negative line changes side: a refund debits
 *   売上高 and credits the money's account — the sale's entry reversed.
 * - A cash move in or out of the drawer: 現金 against the mapped account (普通預金).
 * - A close short or over: 雑損失 or 雑収入 against 現金.
 * - Receipts, drawer opens, exchanges, a close that balances and ¥0 records move no money: no
 *   entry, nothing listed.
 * - Anything else — no facts, a problem, a kind, method or rate this office does not know, payments
 *   that do not add up to the tax split — is not guessed: it is skipped and listed with why.
 *
 * No guest's name is written anywhere: the 摘要 holds the kind, the reservation number and the
 * counter; the memo the record's id (and the record it is about).
 */
import { DateTime } from 'luxon';
import { PAYMENT_METHODS } from '../../../main/common/money/payment-methods';
import * as moneyWords from '../../../main/common/words/money';
import type { BookFacts, BookPayment } from '../../protocol/books';
import type { AccountMapping } from '../../protocol/web';
import { ExportInput, type ExportRecord, type Skipped, type SkipReason } from './input';
import { own } from './own';

/** The tax rates the formats have a category for (標準 10 %, 軽減 8 %). */
export const TAX_RATES = [10, 8] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/** What a line is, for the formats that say more than accounts (freee's 取引). */
export type LegRole = 'payment' | 'sales' | 'cash_move' | 'over_short';

export interface Leg {
  role: LegRole;
  account: string;
  /** 補助科目 (a card or QR brand); '' for none. */
  subAccount: string;
  /** The sales rate, or null: no consumption tax (対象外). */
  rate: TaxRate | null;
  /** Positive yen, tax included. */
  amount: number;
  /** The tax in `amount` (the counter's, never recomputed); 0 for 対象外. */
  tax: number;
}

export interface Entry {
  recordId: string;
  counterName: string;
  /** YYYY-MM-DD. */
  businessDate: string;
  kind: string;
  /** The record's signed yen, as the office totals it. */
  amount: number;
  /** 摘要: kind, reservation number, counter. */
  summary: string;
  /** The record's id, and the record it is about. */
  memo: string;
  debit: Leg[];
  credit: Leg[];
}

export interface Booked {
  entries: Entry[];
  skipped: Skipped[];
  /** The mapping as it was read (trimmed). */
  accounts: AccountMapping;
}

const MONEY_KINDS = new Set(['sale', 'collection', 'goods', 'refund', 'correction']);
/** Not money (a receipt printed, the drawer opened): no entry, and not skipped either. */
const NOT_MONEY_KINDS = new Set(['receipt', 'drawer']);

const words = moneyWords.ja;

/** A method the counter's table names, or the owner mapped. */
function knownMethod(method: string, accounts: AccountMapping): boolean {
  return Object.hasOwn(PAYMENT_METHODS, method) || Object.hasOwn(accounts.methods, method);
}

const isDrawer = (method: string): boolean =>
  own<{ drawer: boolean }>(PAYMENT_METHODS, method)?.drawer === true;

/**
 * A payment's account and 補助科目: the drawer's method is the cash account; another method's is
 * its brand's, else its own, else the receivable default.
 */
export function paymentAccount(
  payment: Pick<BookPayment, 'method' | 'brand'>,
  accounts: AccountMapping,
): { account: string; subAccount: string } {
  if (isDrawer(payment.method)) return { account: accounts.cash, subAccount: '' };
  const branded = payment.brand ? `${payment.method}:${payment.brand}` : null;
  const account =
    (branded ? own(accounts.methods, branded) : undefined) ??
    own(accounts.methods, payment.method) ??
    accounts.receivable;
  const subAccount =
    (branded ? own(accounts.subAccounts, branded) : undefined) ??
    own(accounts.subAccounts, payment.method) ??
    payment.brand ??
    '';
  return { account, subAccount };
}

function dayOf(record: ExportRecord, timeZone: string): string {
  return (
    record.businessDate ?? DateTime.fromMillis(record.at, { zone: timeZone }).toFormat('yyyy-MM-dd')
  );
}

type Sides = { debit: Leg[]; credit: Leg[] };

/** A line on its natural side when positive, on the other when negative. */
function place(sides: Sides, leg: Omit<Leg, 'amount' | 'tax'>, signed: number, tax: number) {
  if (signed === 0) return;
  // Money received is debited, sales credited; a negative line (money back) is the reverse.
  const natural = leg.role === 'sales' ? 'credit' : 'debit';
  const side = signed > 0 ? natural : natural === 'debit' ? 'credit' : 'debit';
  const same = sides[side].find(
    (l) =>
      l.role === leg.role &&
      l.account === leg.account &&
      l.subAccount === leg.subAccount &&
      l.rate === leg.rate,
  );
  if (same) {
    same.amount += Math.abs(signed);
    same.tax += Math.abs(tax);
  } else sides[side].push({ ...leg, amount: Math.abs(signed), tax: Math.abs(tax) });
}

type Outcome = Sides | { skip: SkipReason; detail: string } | null;

function moneyLegs(facts: BookFacts, accounts: AccountMapping): Outcome {
  const unknown = facts.payments.find((p) => !knownMethod(p.method, accounts));
  if (unknown) return { skip: 'unknown_method', detail: unknown.method };
  const rate = facts.taxes.find((t) => !(TAX_RATES as readonly number[]).includes(t.rate));
  if (rate) return { skip: 'unknown_rate', detail: `${rate.rate}%` };
  const paid = facts.payments.reduce((a, p) => a + p.amount, 0);
  const taxed = facts.taxes.reduce((a, t) => a + t.gross, 0);
  if (paid !== taxed) return { skip: 'unbalanced', detail: `payments ${paid}, taxes ${taxed}` };
  const sides: Sides = { debit: [], credit: [] };
  for (const p of facts.payments) {
    const to = paymentAccount(p, accounts);
    place(sides, { role: 'payment', ...to, rate: null }, p.amount, 0);
  }
  for (const t of facts.taxes) {
    const leg = { role: 'sales' as const, account: accounts.sales, subAccount: '' };
    place(sides, { ...leg, rate: t.rate as TaxRate }, t.gross, t.tax);
  }
  return sides.debit.length + sides.credit.length ? sides : null;
}

/** Two lines: `debit` against `credit`, positive yen, no tax. */
function pair(role: LegRole, debit: string, credit: string, amount: number): Sides {
  const leg = (account: string): Leg => ({
    role,
    account,
    subAccount: '',
    rate: null,
    amount,
    tax: 0,
  });
  return { debit: [leg(debit)], credit: [leg(credit)] };
}

function cashLegs(cash: NonNullable<BookFacts['cash']>, accounts: AccountMapping): Outcome {
  const amount = Math.abs(cash.amount);
  if (cash.direction === 'exchange' || amount === 0) return null;
  return cash.direction === 'in'
    ? pair('cash_move', accounts.cash, accounts.cashMoves, amount)
    : pair('cash_move', accounts.cashMoves, accounts.cash, amount);
}

function closeLegs(close: NonNullable<BookFacts['close']>, accounts: AccountMapping): Outcome {
  const diff = close.overShort;
  if (diff === 0) return null;
  return diff < 0
    ? pair('over_short', accounts.overShortLoss, accounts.cash, -diff)
    : pair('over_short', accounts.cash, accounts.overShortGain, diff);
}

/** 摘要's first word: what the record is, in the journal's own words. */
function kindWord(record: ExportRecord, facts: BookFacts): string {
  if (record.kind === 'cash' && facts.cash) {
    const reason = own<string>(words.cashReasons, facts.cash.reason);
    return [words.cashDirections[facts.cash.direction], reason].filter(Boolean).join(' ');
  }
  if (record.kind === 'close' && facts.close) {
    return `${words.entryKinds.close} ${facts.close.overShort < 0 ? '現金不足' : '現金過剰'}`;
  }
  return own<string>(words.entryKinds, record.kind) ?? record.kind;
}

function legsOf(record: ExportRecord, facts: BookFacts, accounts: AccountMapping): Outcome {
  if (MONEY_KINDS.has(record.kind)) return moneyLegs(facts, accounts);
  if (record.kind === 'cash') {
    return facts.cash ? cashLegs(facts.cash, accounts) : { skip: 'no_facts', detail: 'cash' };
  }
  if (record.kind === 'close') {
    return facts.close ? closeLegs(facts.close, accounts) : { skip: 'no_facts', detail: 'close' };
  }
  return { skip: 'unknown_kind', detail: record.kind };
}

/** Every record of the input as an entry, or skipped with why, in the input's order. */
export function bookEntries(input: ExportInput): Booked {
  const { records, accounts, timeZone } = ExportInput.parse(input);
  const entries: Entry[] = [];
  const skipped: Skipped[] = [];
  for (const record of records) {
    if (NOT_MONEY_KINDS.has(record.kind)) continue;
    const businessDate = dayOf(record, timeZone);
    const skip = (reason: SkipReason, detail: string) =>
      skipped.push({
        recordId: record.id,
        counterName: record.counterName,
        businessDate,
        kind: record.kind,
        amount: record.amount,
        reason,
        detail,
      });
    if (record.problem !== null) {
      skip('problem', record.problem);
      continue;
    }
    const facts = record.facts;
    if (!facts) {
      skip('no_facts', record.kind);
      continue;
    }
    const outcome = legsOf(record, facts, accounts);
    if (outcome === null) continue;
    if ('skip' in outcome) {
      skip(outcome.skip, outcome.detail);
      continue;
    }
    const summary = [kindWord(record, facts), facts.reservationNumber, record.counterName]
      .filter(Boolean)
      .join(' ');
    const memo = [`記録ID ${record.id}`, facts.refersTo && `対象 ${facts.refersTo}`]
      .filter(Boolean)
      .join(' ');
    entries.push({
      recordId: record.id,
      counterName: record.counterName,
      businessDate,
      kind: record.kind,
      amount: record.amount,
      summary,
      memo,
      ...outcome,
    });
  }
  return { entries, skipped, accounts };
}
