/**
 * The counter's money rules, pure so that the renderer checks a tender as staff type it and the
 * desk checks it again before anything is written: a line's parts against its method's entry in
 * the table (payment-methods.ts), a tender's lines against the price, the change due, a refund
 * against what was taken. Integers only: amounts are whole units of the currency, never floats.
 */
import { problem, type MoneyProblem } from './problem';
import { methodSpec, needsBrand, type Tender, type TenderLine } from './tender';

/** What the lines of a tender add up to. */
export function tenderTotal(lines: readonly Pick<TenderLine, 'amount'>[]): number {
  return lines.reduce((sum, l) => sum + l.amount, 0);
}

/** Change given back: what the line that takes it received beyond its amount (0 without one). */
export function changeDue(lines: readonly TenderLine[]): number {
  const cash = lines.find((l) => methodSpec(l.method).received);
  return cash ? Math.max(0, (cash.received ?? cash.amount) - cash.amount) : 0;
}

/**
 * A line's parts against its method: `received` only where the method takes it (NOT_CASH: only
 * cash gives change) and never less than the amount; a brand where the method requires one; no
 * brand or slip field where it takes none (NOT_TAKEN). Whatever the amount (a correction's is
 * signed). Decision J13.
 */
export function partProblems(line: TenderLine, field: string): MoneyProblem[] {
  const takes = methodSpec(line.method);
  const problems: MoneyProblem[] = [];
  if (line.received !== null) {
    if (!takes.received)
      problems.push(problem(`${field}.received`, 'NOT_CASH', 'only cash is received with change'));
    else if (line.received < line.amount)
      problems.push(
        problem(`${field}.received`, 'CASH_SHORT', 'the cash received is less than its amount'),
      );
  }
  if (needsBrand(line.method) && !line.brand)
    problems.push(problem(`${field}.brand`, 'BRAND_REQUIRED', `which ${line.method} brand`));
  if (!takes.brand && line.brand)
    problems.push(problem(`${field}.brand`, 'NOT_TAKEN', `${line.method} takes no brand`));
  if (!takes.reference && line.reference)
    problems.push(problem(`${field}.reference`, 'NOT_TAKEN', `${line.method} takes no slip field`));
  return problems;
}

/**
 * The lines' own rules, whatever they pay for: one or two lines; a split is two different
 * methods; no line of zero; each line's parts as its method takes them.
 */
export function lineProblems(lines: readonly TenderLine[], at = 'tender'): MoneyProblem[] {
  const problems: MoneyProblem[] = [];
  if (lines.length === 0) problems.push(problem(at, 'too_small', 'at least one line'));
  if (lines.length > 2) problems.push(problem(at, 'too_big', 'at most two lines'));
  if (lines.length === 2 && lines[0]!.method === lines[1]!.method)
    problems.push(problem(at, 'SPLIT_SAME_METHOD', 'a split is two different methods'));
  lines.forEach((line, i) => {
    const field = `${at}.lines.${i}`;
    if (line.amount <= 0) problems.push(problem(`${field}.amount`, 'too_small', 'more than 0'));
    problems.push(...partProblems(line, field));
  });
  return problems;
}

/** A tender checked against the price it pays: the lines add up to it exactly. */
export function tenderProblems(tender: Tender, total: number): MoneyProblem[] {
  const problems = lineProblems(tender.lines);
  const paid = tenderTotal(tender.lines);
  if (paid !== total)
    problems.push(
      problem(
        'tender',
        paid < total ? 'TENDER_SHORT' : 'TENDER_OVER',
        `the lines add up to ${paid}, the price is ${total}`,
      ),
    );
  return problems;
}

/** A refund paid out: its lines' rules, and never more than is left of what was taken. */
export function refundProblems(
  lines: readonly TenderLine[],
  taken: number,
  refundedBefore: number,
): MoneyProblem[] {
  const problems = lineProblems(lines, 'paid');
  const left = taken - refundedBefore;
  const paid = tenderTotal(lines);
  if (paid > left)
    problems.push(
      problem(
        'paid',
        'REFUND_OVER',
        `refunding ${paid} is more than the ${left} left of what was taken`,
      ),
    );
  return problems;
}
