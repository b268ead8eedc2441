/**
 * How the guest pays, at every checkout (a walk-in's review, items alone, an on-site collection, a
 * change's difference: AA30): cash (what was handed over, quick
 * buttons for common notes, the change shown large), card (approval or slip number), QR /
 * e-money (the brand), other; or split across two methods. Checked as it is typed. Cash for the
 * exact total is chosen already, so the standard walk-in still books with one Enter. The panel
 * works on any store with the tender's slice (tender.ts).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { methodSpec, needsBrand, TenderMethod } from '../../../main/ipc/contract';
import { useApp, useSlice } from '../app/context';
import { useFormat } from '../app/hooks';
import { AmountInput } from '../components/AmountInput';
import { BrandSelect, BrandsRetry, MethodSelect } from '../components/PaymentFields';
import {
  changeDue,
  quickAmounts,
  rebalance,
  tenderProblems,
  type TenderLineDraft,
} from './tenderRules';
import { tenderTotalOf, type TenderStore } from './tender';
import { GuestLanguage } from '../screens/display/GuestLanguage';
import { ReceiptLanguage } from './ReceiptLanguage';
import { PrinterTenderWarning } from '../screens/printer/PrinterBadge';

/** A store that holds a tender: the walk-in's, a change's. */

/** The slip field's label by what the method's slip is (payment-methods.ts). */
const SLIP_LABEL = { slip: 'money.tender.reference', note: 'money.tender.otherNote' } as const;

const amountOf = (value: string): number | null => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

export function TenderPanel({ store, queued }: { store: TenderStore; queued: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const s = useSlice(
    store,
    useShallow((x) => ({
      price: x.price,
      tenderTotal: x.tenderTotal,
      lines: x.tenderLines,
      shown: x.tenderShown,
      tenderExtra: x.tenderExtra,
    })),
  );
  const w = store.getState();
  const total = tenderTotalOf(s);
  const lines = total === null ? s.lines : rebalance(total, s.lines);
  const problems = total === null ? [] : tenderProblems(total, lines);
  const change = changeDue(lines);
  const problemsId = `${id}-problems`;
  const split = lines.length === 2;

  return (
    <fieldset className="tender" aria-describedby={problems.length ? problemsId : undefined}>
      <legend>{t('money.tender.title')}</legend>
      {/* The printer's trouble, the guest display's language (issue 31), the receipt's (AB82). */}
      <PrinterTenderWarning />
      <GuestLanguage />
      <ReceiptLanguage store={store} />
      {/* No price, or the last known one offline (J22): staff may type what they took. */}
      {(!s.price || s.price.unconfirmed) && (
        <label className="field">
          <span>{t('money.tender.amountTaken')}</span>
          <AmountInput
            value={s.tenderTotal ?? (s.price ? String(s.price.total) : '')}
            onChange={(e) => w.setTenderTotal(amountOf(e.target.value))}
          />
          <span className="hint">
            {t(s.price ? 'money.tender.amountTakenLastKnown' : 'money.tender.amountTakenHint')}
          </span>
        </label>
      )}
      {total !== null && (
        <>
          <div className="method-choice" role="radiogroup" aria-label={t('money.tender.method')}>
            {TenderMethod.options.map((m) => (
              <label key={m} className="choice big">
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={lines[0]!.method === m}
                  onChange={() => (split ? w.setLine(0, freshFor(m)) : w.chooseMethod(m))}
                />
                <span>{t(`money.methods.${m}`)}</span>
              </label>
            ))}
          </div>
          <label className="choice">
            <input type="checkbox" checked={split} onChange={(e) => w.setSplit(e.target.checked)} />
            <span>{t('money.tender.split')}</span>
          </label>
          {lines.map((line, i) => (
            <LineFields
              key={i}
              store={store}
              index={i}
              line={line}
              split={split}
              total={total}
              invalid={problems}
              describedBy={problemsId}
            />
          ))}
          {change > 0 && (
            <p className="change-due" aria-live="polite">
              <span>{t('money.tender.change')}</span> <strong>{fmt.money(change)}</strong>
            </p>
          )}
          {queued && <p className="notice">{t('money.tender.queuedNote')}</p>}
        </>
      )}
      {problems.length > 0 && (
        <ul id={problemsId} className={s.shown ? 'problems shown' : 'problems'} role="alert">
          {problems.map((p) => (
            <li key={p}>{t(`money.tenderProblems.${p}`)}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const NO_QUICK_CASH: readonly number[] = [];

function LineFields({
  store,
  index,
  line,
  split,
  total,
  invalid,
  describedBy,
}: {
  store: TenderStore;
  index: number;
  line: TenderLineDraft;
  split: boolean;
  total: number;
  invalid: readonly string[];
  describedBy: string;
}) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  // Not known yet (AA5): no quick buttons, the exact amount and typing still take the cash.
  const quickCash = useSlice(stores.money, (s) => s.settings?.quickCash ?? NO_QUICK_CASH);
  const w = store.getState();
  const set = (patch: Partial<TenderLineDraft>) => w.setLine(index, patch);
  const method = t(`money.methods.${line.method}`);
  const takes = methodSpec(line.method);
  const short = takes.received && line.received !== null && line.received < line.amount;
  const quick = quickAmounts(line.amount, quickCash);
  return (
    <div className="tender-line" role="group" aria-label={t('money.tender.lineLabel', { method })}>
      {split && (
        <div className="inline-fields">
          {index === 1 && (
            <label className="inline-field">
              <span>{t('money.tender.secondMethod')}</span>
              <MethodSelect
                value={line.method}
                onChange={(m) => set({ ...freshFor(m), amount: line.amount })}
              />
            </label>
          )}
          <label className="inline-field">
            <span>{t('money.tender.partAmount', { method })}</span>
            <AmountInput
              max={total}
              value={line.amount}
              aria-invalid={invalid.includes('line_empty') && line.amount <= 0 ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => set({ amount: amountOf(e.target.value) ?? 0 })}
            />
          </label>
        </div>
      )}
      {takes.received && (
        <>
          <label className="field">
            <span>{t('money.tender.received', { amount: fmt.money(line.amount) })}</span>
            <AmountInput
              placeholder={String(line.amount)}
              value={line.received ?? ''}
              aria-invalid={short || undefined}
              aria-describedby={describedBy}
              onChange={(e) => set({ received: amountOf(e.target.value) })}
            />
          </label>
          <div className="quick-cash">
            <button type="button" onClick={() => set({ received: line.amount })}>
              {t('money.tender.exact')}
            </button>
            {quick.map((n) => (
              <button key={n} type="button" onClick={() => set({ received: n })}>
                {fmt.money(n)}
              </button>
            ))}
          </div>
        </>
      )}
      {needsBrand(line.method) && (
        <label className="inline-field">
          <span>{t('money.tender.brand')}</span>
          <BrandSelect
            value={line.brand}
            aria-describedby={describedBy}
            onChange={(brand) => set({ brand })}
          />
        </label>
      )}
      {needsBrand(line.method) && <BrandsRetry value={line.brand} />}
      {takes.reference && (
        <label className="field">
          <span>{t(SLIP_LABEL[takes.reference])}</span>
          <input
            type="text"
            value={line.reference}
            maxLength={40}
            onChange={(e) => set({ reference: e.target.value })}
          />
        </label>
      )}
    </div>
  );
}

function freshFor(method: TenderMethod): Partial<TenderLineDraft> {
  return { method, received: null, brand: null, reference: '' };
}
