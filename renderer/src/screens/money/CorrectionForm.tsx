/**
 * A correction of a journal entry: a new entry naming it, never an edit (a closed day stays
 * locked). The amount is signed (− takes money off, + adds it); the note saying why is required;
 * a method that needs its brand asks it (the entry's brand by that method to start with).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  brandPaidBy,
  FIRST_METHOD,
  needsBrand,
  paymentLine,
  type JournalEntryView,
  type TenderMethod,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { MethodBrandFields } from '../../components/PaymentFields';

export function CorrectionForm({ entry, onDone }: { entry: JournalEntryView; onDone(): void }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const busy = useSlice(stores.journal, (s) => s.correcting);
  const error = useSlice(stores.journal, (s) => s.correctError);
  const id = useId();
  const [method, setMethod] = useState<TenderMethod>(entry.tender[0]?.method ?? FIRST_METHOD);
  const [brand, setBrand] = useState(() => brandPaidBy(entry.tender, method));
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const value = Number(amount);
  const badAmount = amount.trim() === '' || !Number.isInteger(value) || value === 0;
  const noNote = !note.trim();
  const noBrand = needsBrand(method) && !brand;

  return (
    <form
      className="card correction"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (badAmount || noNote || noBrand) return;
        void stores.journal
          .getState()
          .correct({
            entryId: entry.id,
            tender: [paymentLine(method, value, { brand })],
            note: note.trim(),
          })
          .then((done) => done && onDone());
      }}
    >
      <h3 id={`${id}-title`}>{t('money.journal.correctTitle')}</h3>
      <p className="hint">{t('money.journal.correctExplain')}</p>
      <div className="inline-fields">
        <MethodBrandFields
          methodLabel={t('money.journal.correctMethod')}
          brandLabel={t('money.tender.brand')}
          method={method}
          brand={brand}
          onMethod={(m) => {
            setMethod(m);
            setBrand(brandPaidBy(entry.tender, m));
          }}
          onBrand={setBrand}
        />
        <label className="inline-field">
          <span>{t('money.journal.correctAmount')}</span>
          <input
            type="number"
            inputMode="numeric"
            className="money-input"
            value={amount}
            aria-invalid={(tried && badAmount) || undefined}
            aria-describedby={`${id}-amount`}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </div>
      <p id={`${id}-amount`} className="hint">
        {t('money.journal.correctAmountHint')}
      </p>
      <label className="field">
        <span>{t('money.journal.correctNote')}</span>
        <textarea
          value={note}
          maxLength={500}
          aria-invalid={(tried && noNote) || undefined}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {tried && (badAmount || noNote || noBrand) && (
        <ul className="problems shown" role="alert">
          {badAmount && <li>{t('money.journal.correctAmountMissing')}</li>}
          {noBrand && <li>{t('money.tenderProblems.brand_missing')}</li>}
          {noNote && <li>{t('money.journal.correctNoteMissing')}</li>}
        </ul>
      )}
      {error && <ErrorNote code={error.code} />}
      <div className="actions">
        <button type="button" onClick={onDone}>
          {t('money.refund.notNow')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {t('money.journal.correctSave')}
        </button>
      </div>
    </form>
  );
}
