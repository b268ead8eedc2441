/**
 * A discount the counter gives on the whole sale (issue 30), on the review step above the tender:
 * a reason of the store's list (in the counter's language), an amount or a percent (rounded up
 * to the yen, in the guest's favour, as the desk does), and a note when the reason asks one. The
 * tender then asks for the price less it; the booking is sent at the service's price.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { AmountInput } from '../../components/AmountInput';
import { langOf } from '../../i18n';
import { discountOff, discountReady, type SaleDiscountDraft } from '../../stores/walkinTender';
import type { TenderStore } from './TenderPanel';

export function DiscountFields({ store }: { store: TenderStore }) {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const lang = langOf(i18n);
  const reasons = useSlice(stores.money, (m) => m.discountReasons).filter((r) => r.active);
  const s = useSlice(
    store,
    useShallow((x) => ({ price: x.price, d: x.counterDiscount ?? null, shown: x.tenderShown })),
  );
  const w = store.getState();
  if (!s.price || reasons.length === 0) return null;
  const d = s.d;
  const set = (patch: Partial<SaleDiscountDraft>) => d && w.setCounterDiscount({ ...d, ...patch });
  const reason = d && reasons.find((r) => r.id === d.reason);
  const off = discountOff(s.price.total, d);
  const incomplete = d !== null && !discountReady(d, reasons);
  const problemId = `${id}-problem`;

  return (
    <fieldset className="discount">
      <legend>{t('money.discount.title')}</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={d !== null}
          onChange={(e) =>
            w.setCounterDiscount(
              e.target.checked
                ? { kind: 'amount', value: null, reason: reasons[0]!.id, note: '' }
                : null,
            )
          }
        />
        <span>{t('money.discount.give')}</span>
      </label>
      {d && (
        <>
          <div className="inline-fields">
            <label className="inline-field">
              <span>{t('money.discount.reason')}</span>
              <select value={d.reason} onChange={(e) => set({ reason: e.target.value })}>
                {reasons.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.words[lang]}
                  </option>
                ))}
              </select>
            </label>
            <div className="method-choice" role="radiogroup" aria-label={t('money.discount.kind')}>
              {(['amount', 'percent'] as const).map((kind) => (
                <label key={kind} className="choice">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    checked={d.kind === kind}
                    onChange={() => set({ kind, value: null })}
                  />
                  <span>{t(`money.discount.${kind}`)}</span>
                </label>
              ))}
            </div>
            <label className="inline-field">
              <span>
                {t(d.kind === 'amount' ? 'money.discount.yenOff' : 'money.discount.percentOff')}
              </span>
              <AmountInput
                max={d.kind === 'percent' ? 100 : s.price.total}
                value={d.value ?? ''}
                aria-invalid={s.shown && incomplete ? true : undefined}
                aria-describedby={incomplete ? problemId : undefined}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  set({ value: e.target.value.trim() !== '' && n > 0 ? Math.floor(n) : null });
                }}
              />
            </label>
          </div>
          <label className="field">
            <span>
              {t(reason?.noteRequired ? 'money.discount.noteRequired' : 'money.discount.note')}
            </span>
            <input
              type="text"
              value={d.note}
              maxLength={500}
              aria-invalid={s.shown && incomplete && reason?.noteRequired ? true : undefined}
              onChange={(e) => set({ note: e.target.value })}
            />
          </label>
          {off > 0 && (
            <p className="collect" aria-live="polite">
              {t('money.discount.after', {
                off: fmt.money(off, s.price.currency),
                total: fmt.money(s.price.total - off, s.price.currency),
              })}
            </p>
          )}
          {incomplete && (
            <p id={problemId} className={s.shown ? 'problems shown' : 'problems'} role="alert">
              {t('money.discount.incomplete')}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
