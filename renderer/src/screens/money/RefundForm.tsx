/**
 * Paying a refund out at the counter: how it is paid back (normally as it was paid; split across
 * two methods if need be), a note — required when the reason is "other" — and then its slip.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TenderMethod,
  type RefundPaid,
  type RefundReason,
  type TenderLine,
} from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';

const METHODS = TenderMethod.options;

interface Line {
  method: TenderMethod;
  amount: number;
}

/** The refund's lines to start with: as the guest paid, scaled to the amount owed. */
export function refundLines(amount: number, tender: readonly TenderLine[]): Line[] {
  const first = tender[0];
  if (!first || tender.length < 2) return [{ method: first?.method ?? 'cash', amount }];
  const second = tender[1]!;
  const head = Math.min(amount, first.amount);
  return head === amount
    ? [{ method: first.method, amount }]
    : [
        { method: first.method, amount: head },
        { method: second.method, amount: amount - head },
      ];
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
  const problems = [
    ...(sum <= 0 ? [t('money.refund.amountMissing')] : []),
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
            .map((l) => ({ ...l, received: null, brand: null, reference: null })),
          note: note.trim() || null,
        });
      }}
    >
      {lines.map((line, i) => (
        <div className="inline-fields" key={i}>
          <label className="inline-field">
            <span>{t('money.refund.method', { n: i + 1 })}</span>
            <select
              value={line.method}
              onChange={(e) => set(i, { method: e.target.value as TenderMethod })}
            >
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`money.methods.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            <span>{t('money.refund.amount', { n: i + 1 })}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              className="money-input"
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
            onClick={() =>
              setLines([
                ...lines,
                { method: lines[0]!.method === 'cash' ? 'card' : 'cash', amount: 0 },
              ])
            }
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
