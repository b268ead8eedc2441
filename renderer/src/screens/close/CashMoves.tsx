/**
 * Cash put into or taken out of the drawer, or changed, on the close (入金・出金・両替,
 * Y11): the day's totals and each movement with its time, reason and who, and the form that
 * records one — reached with the keyboard (the button, then the kind's radios, the reason, the
 * amount, the note; Enter records, Escape leaves). In and out move the expected cash; a change made
 * nets to zero and is listed all the same.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASH_REASONS,
  CashDirection,
  type CashMoves as Moves,
  type CashReason,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { AmountInput } from '../../components/AmountInput';
import { ErrorNote } from '../../components/ErrorNote';

/** The day's totals: put in, taken out, changed (this counter's, or the store's). */
export function CashTotals({ moves }: { moves: Pick<Moves, 'in' | 'out' | 'exchanged'> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <dl className="facts">
      <dt>{t('money.cash.inTotal')}</dt>
      <dd>{fmt.money(moves.in)}</dd>
      <dt>{t('money.cash.outTotal')}</dt>
      <dd>{fmt.money(-moves.out)}</dd>
      <dt>{t('money.cash.exchanged')}</dt>
      <dd>{fmt.money(moves.exchanged)}</dd>
    </dl>
  );
}

export function CashMoves({ moves }: { moves: Moves }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="card cash-moves" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('money.cash.title')}</h3>
      {moves.items.length === 0 ? (
        <p>{t('money.cash.none')}</p>
      ) : (
        <>
          <CashTotals moves={moves} />
          <table className="tender-table">
            <thead>
              <tr>
                <th scope="col">{t('money.cash.at')}</th>
                <th scope="col">{t('money.cash.direction')}</th>
                <th scope="col">{t('money.cash.reason')}</th>
                <th scope="col">{t('money.cash.staff')}</th>
                <th scope="col">{t('money.cash.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {moves.items.map((m) => (
                <tr key={m.id}>
                  <td>{fmt.instant(m.at)}</td>
                  <td>{t(`money.cash.directions.${m.direction}`)}</td>
                  <td>
                    {[t(`money.cash.reasons.${m.reason}`), m.note].filter(Boolean).join(': ')}
                  </td>
                  <td>{m.staff?.name ?? t('money.cash.nobody')}</td>
                  <td>{fmt.money(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {done && (
        <p className="notice ok" role="status">
          {done}
        </p>
      )}
      {open ? (
        <CashMoveForm
          onDone={(said) => {
            setOpen(false);
            setDone(said);
          }}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            aria-expanded={false}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {t('money.cash.open')}
          </button>
        </div>
      )}
    </section>
  );
}

/** One movement: its kind, a reason of that kind's list, the amount, a note (`other`: required). */
function CashMoveForm({ onDone }: { onDone(said: string | null): void }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const busy = useSlice(stores.close, (s) => s.cashing);
  const error = useSlice(stores.close, (s) => s.cashError);
  const [direction, setDirection] = useState<CashDirection>('in');
  const [reason, setReason] = useState<CashReason>(CASH_REASONS.in[0]!);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const value = Number(amount);
  const badAmount = amount.trim() === '' || !Number.isInteger(value) || value < 1;
  const noNote = reason === 'other' && !note.trim();

  return (
    <form
      className="cash-move"
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Leaves the form only: not the app's "back".
          e.preventDefault();
          e.stopPropagation();
          onDone(null);
        }
      }}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (badAmount || noNote) return;
        void stores.close
          .getState()
          .recordCash({ direction, reason, amount: value, note: note.trim() || null })
          .then((entry) => {
            if (entry)
              onDone(
                t('money.cash.recorded', {
                  direction: t(`money.cash.directions.${direction}`),
                  amount: fmt.money(value),
                }),
              );
          });
      }}
    >
      <h4 id={`${id}-title`}>{t('money.cash.open')}</h4>
      <fieldset className="choices">
        <legend>{t('money.cash.direction')}</legend>
        {CashDirection.options.map((d, i) => (
          <label key={d}>
            <input
              type="radio"
              name={`${id}-direction`}
              value={d}
              checked={direction === d}
              autoFocus={i === 0}
              onChange={() => {
                setDirection(d);
                setReason(CASH_REASONS[d][0]!);
              }}
            />
            {t(`money.cash.directions.${d}`)}
          </label>
        ))}
      </fieldset>
      {direction === 'exchange' && <p className="hint">{t('money.cash.exchangeHint')}</p>}
      <div className="inline-fields">
        <label className="inline-field">
          <span>{t('money.cash.reason')}</span>
          <select value={reason} onChange={(e) => setReason(e.target.value as CashReason)}>
            {CASH_REASONS[direction].map((r) => (
              <option key={r} value={r}>
                {t(`money.cash.reasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>{t('money.cash.amount')}</span>
          <AmountInput
            value={amount}
            min={1}
            aria-invalid={(tried && badAmount) || undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </div>
      <label className="field">
        <span>{reason === 'other' ? t('money.cash.noteRequired') : t('money.cash.note')}</span>
        <textarea
          value={note}
          maxLength={500}
          aria-invalid={(tried && noNote) || undefined}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {tried && (badAmount || noNote) && (
        <ul className="problems shown" role="alert">
          {badAmount && <li>{t('money.cash.amountMissing')}</li>}
          {noNote && <li>{t('money.cash.noteMissing')}</li>}
        </ul>
      )}
      {error && <ErrorNote code={error.code} />}
      <div className="actions">
        <button type="button" onClick={() => onDone(null)}>
          {t('money.cash.cancel')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {t('money.cash.save')}
        </button>
      </div>
    </form>
  );
}
