/**
 * Paying a refund out at the counter: how it is paid back (normally as it was paid, with the
 * sale's brand; split across two methods if need be; the brand asked for a method that needs
 * one), a note — required when the reason is "other" — and then its slip.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  brandPaidBy,
  FIRST_METHOD,
  needsBrand,
  otherMethod,
  paymentLine,
  type RefundPaid,
  type RefundReason,
  type TenderLine,
  type TenderMethod,
} from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';
import { AmountInput } from '../../components/AmountInput';
import { MethodBrandFields } from '../../components/PaymentFields';

interface Line {
  method: TenderMethod;
  amount: number;
  brand: string | null;
}

/** A refund line by `method`, with the brand the sale was paid by with it. */
const lineOf = (tender: readonly TenderLine[], method: TenderMethod, amount: number): Line => ({
  method,
  amount,
  brand: brandPaidBy(tender, method),
});

/** The refund's lines to start with: as the guest paid, scaled to the amount owed. */
export function refundLines(amount: number, tender: readonly TenderLine[]): Line[] {
  const first = tender[0];
  if (!first || tender.length < 2) return [lineOf(tender, first?.method ?? FIRST_METHOD, amount)];
  const second = tender[1]!;
  const head = Math.min(amount, first.amount);
  return head === amount
    ? [lineOf(tender, first.method, amount)]
    : [lineOf(tender, first.method, head), lineOf(tender, second.method, amount - head)];
}

export function RefundForm({
  amount,
  tender,
  reason,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** What is owed (null: staff decide the amount). */
  amount: number;
  tender: readonly TenderLine[];
  reason: RefundReason;
  busy: boolean;
  submitLabel: string;
  onSubmit(paid: RefundPaid): void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const [lines, setLines] = useState<Line[]>(() => refundLines(amount, tender));
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  const noteMissing = reason === 'other' && !note.trim();
  const brandMissing = (l: Line) => l.amount > 0 && needsBrand(l.method) && !l.brand;
  const problems = [
    ...(sum <= 0 ? [t('money.refund.amountMissing')] : []),
    ...(lines.some(brandMissing) ? [t('money.tenderProblems.brand_missing')] : []),
    ...(noteMissing ? [t('money.refund.noteRequired')] : []),
  ];
  const set = (i: number, patch: Partial<Line>) =>
    setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <form
      className="refund-form"
      aria-describedby={`${id}-sum`}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problems.length) return;
        onSubmit({
          lines: lines
            .filter((l) => l.amount > 0)
            .map((l) => paymentLine(l.method, l.amount, { brand: l.brand })),
          note: note.trim() || null,
        });
      }}
    >
      {lines.map((line, i) => (
        <div className="inline-fields" key={i}>
          <MethodBrandFields
            methodLabel={t('money.refund.method', { n: i + 1 })}
            brandLabel={t('money.refund.brand', { n: i + 1 })}
            method={line.method}
            brand={line.brand}
            onMethod={(method) => set(i, { method, brand: brandPaidBy(tender, method) })}
            onBrand={(brand) => set(i, { brand })}
          />
          <label className="inline-field">
            <span>{t('money.refund.amount', { n: i + 1 })}</span>
            <AmountInput
              value={line.amount}
              onChange={(e) =>
                set(i, { amount: Math.max(0, Math.floor(Number(e.target.value)) || 0) })
              }
            />
          </label>
        </div>
      ))}
      <div className="actions">
        {lines.length === 1 ? (
          <button
            type="button"
            onClick={() => setLines([...lines, lineOf(tender, otherMethod(lines[0]!.method), 0)])}
          >
            {t('money.refund.addMethod')}
          </button>
        ) : (
          <button type="button" onClick={() => setLines([{ ...lines[0]!, amount: sum }])}>
            {t('money.refund.oneMethod')}
          </button>
        )}
      </div>
      <p id={`${id}-sum`} className="strong">
        {t('money.refund.total', { amount: fmt.money(sum) })}
        {sum !== amount && ` · ${t('money.refund.owedWas', { amount: fmt.money(amount) })}`}
      </p>
      <label className="field">
        <span>
          {reason === 'other' ? t('money.refund.noteRequiredLabel') : t('money.refund.note')}
        </span>
        <textarea
          value={note}
          maxLength={500}
          aria-invalid={(tried && noteMissing) || undefined}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {tried && problems.length > 0 && (
        <ul className="problems shown" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('money.refund.notNow')}
          </button>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('money.refund.recording') : submitLabel}
        </button>
      </div>
    </form>
  );
}
