/**
 * The counter's money rules, pure so that the renderer checks a tender as staff type it and the
 * desk checks it again before anything is written: a tender's lines against the price, the change
 * due, a refund against what was taken, and the invoice registration number (T + 法人番号 form).
 * Integers only: amounts are whole units of the currency, never floats.
 */
import type { Tender, TenderLine } from './money';

/** A problem at a field, the shape the router's INVALID_INPUT details have. */
export interface MoneyProblem {
  field: string;
  code: string;
  reason: string;
}

const problem = (field: string, code: string, reason: string): MoneyProblem => ({
  field,
  code,
  reason,
});

/** What the lines of a tender add up to. */
export function tenderTotal(lines: readonly Pick<TenderLine, 'amount'>[]): number {
  return lines.reduce((sum, l) => sum + l.amount, 0);
}

/** Change given back: what the cash line received beyond its amount (0 without cash). */
export function changeDue(lines: readonly TenderLine[]): number {
  const cash = lines.find((l) => l.method === 'cash');
  return cash ? Math.max(0, (cash.received ?? cash.amount) - cash.amount) : 0;
}

/**
 * The lines' own rules, whatever they pay for: at most one cash line; cash received at least its
 * amount; `received` on cash only; a QR line names its brand; a split is two different methods;
 * no line of zero.
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
    if (line.method === 'cash') {
      if (line.received !== null && line.received < line.amount)
        problems.push(
          problem(`${field}.received`, 'CASH_SHORT', 'the cash received is less than its amount'),
        );
    } else if (line.received !== null) {
      problems.push(problem(`${field}.received`, 'NOT_CASH', 'only cash is received with change'));
    }
    if (line.method === 'qr' && !line.brand)
      problems.push(problem(`${field}.brand`, 'BRAND_REQUIRED', 'which QR / e-money brand'));
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

/**
 * The check digit of a 13-digit 法人番号 from its 12-digit base (法人番号の指定等に関する省令
 * 第二条): 9 − (Σ Pn × Qn mod 9), Pn the n-th digit from the lowest, Qn 1 for odd n, 2 for even.
 */
export function corporateCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new RangeError('the base is 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/**
 * Why a registration number (適格請求書発行事業者登録番号) is wrong, or null when it is well
 * formed: T and 13 digits whose first is the check digit of the other twelve. Well formed is
 * not registered: the NTA's published list is the proof (decision J4).
 */
export function registrationNumberProblem(value: string): MoneyProblem | null {
  const field = 'registrationNumber';
  const m = /^T(\d)(\d{12})$/.exec(value);
  if (!m) return problem(field, 'FORMAT', 'T followed by 13 digits');
  if (Number(m[1]) !== corporateCheckDigit(m[2]!))
    return problem(field, 'CHECK_DIGIT', 'the check digit does not match: a digit is mistyped');
  return null;
}
