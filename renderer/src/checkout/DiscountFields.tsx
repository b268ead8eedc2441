/**
 * The counter's discounts at a tender (issue 30; I12, I15), the walk-in's review and items sold
 * alone alike: on the whole sale or on one line (a ticket, a counter item), a reason of the
 * store's list (in the counter's language), an amount or a percent (rounded up to the yen, in the
 * guest's favour, as the desk does), a note when the reason asks one. The tender then asks for
 * what is left; what the desk would refuse (more than its line…) is said in words as it is typed.
 * A sale without a discount gains no step: it is one checkbox, left alone.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../app/context';
import { useFormat } from '../app/hooks';
import { AmountInput } from '../components/AmountInput';
import { langOf } from '../i18n';
import {
  discountReady,
  discountsOn,
  freshDiscount,
  saleLinesOf,
  wholeOf,
  type DiscountDraft,
  type DiscountProblem,
  type SaleLine,
} from './discounts';
import type { BasketLine } from './basket';
import type { TenderActions, TenderState } from './tender';

export type DiscountStore = StoreApi<
  TenderState & TenderActions & { basket?: readonly BasketLine[] }
>;

const NO_DRAFTS: DiscountDraft[] = [];
const NO_ITEMS: readonly BasketLine[] = [];
const PROBLEM_CODES = [
  'DISCOUNT_OVER',
  'PERCENT_OVER',
  'DUPLICATE',
  'LINE_UNKNOWN',
  'REASON_UNKNOWN',
  'NOTE_REQUIRED',
] as const;

export function DiscountFields({ store }: { store: DiscountStore }) {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const lang = langOf(i18n);
  const list = useSlice(stores.money, (m) => m.discountReasons);
  const s = useSlice(
    store,
    useShallow((x) => ({
      price: x.price,
      drafts: x.counterDiscounts ?? NO_DRAFTS,
      basket: x.basket ?? NO_ITEMS,
      extra: x.tenderExtra,
      shown: x.tenderShown,
    })),
  );
  const reasons = list.filter((r) => r.active);
  if (!s.price || reasons.length === 0) return null;
  const sale = {
    price: s.price,
    basket: s.basket,
    tenderExtra: s.extra,
    counterDiscounts: s.drafts,
  };
  const whole = wholeOf(sale);
  const lines = saleLinesOf(sale);
  const { off, problems } = discountsOn(sale, list);
  const w = store.getState();
  const put = (drafts: DiscountDraft[]) => w.setCounterDiscounts(drafts);
  const fresh = (line: string | null) => freshDiscount(line, reasons[0]!.id);
  // What is still free to discount: the whole sale, then each line, one discount each.
  const free = [null, ...lines.map((l) => l.id)].filter(
    (target) => !s.drafts.some((d) => d.line === target),
  );
  const lineWords = (l: SaleLine) =>
    t('money.discount.line', {
      what: l.kind === 'item' ? l.name[lang] : t(`money.discount.tickets.${l.ticket}`),
      quantity: l.quantity,
      amount: fmt.money(l.amount, s.price!.currency),
    });
  const problemWords = (p: DiscountProblem) =>
    (PROBLEM_CODES as readonly string[]).includes(p.code)
      ? t(`money.discount.problems.${p.code as (typeof PROBLEM_CODES)[number]}`, {
          at: fmt.money(p.at ?? 0, s.price!.currency),
        })
      : t('money.discount.incomplete');

  return (
    <fieldset className="discount">
      <legend>{t('money.discount.title')}</legend>
      <label className="choice">
        <input
          type="checkbox"
          checked={s.drafts.length > 0}
          disabled={whole <= 0}
          onChange={(e) => put(e.target.checked ? [fresh(null)] : [])}
        />
        <span>{t('money.discount.give')}</span>
      </label>
      {s.drafts.map((d, i) => {
        const set = (patch: Partial<DiscountDraft>) =>
          put(s.drafts.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        const reason = reasons.find((r) => r.id === d.reason);
        const incomplete = !discountReady(d, reasons);
        const refused = problems.get(i) ?? [];
        const problemId = `${id}-${i}-problem`;
        const line = lines.find((l) => l.id === d.line);
        return (
          <div key={i} className="discount-entry">
            <div className="inline-fields">
              <label className="inline-field">
                <span>{t('money.discount.on')}</span>
                <select
                  value={d.line ?? ''}
                  onChange={(e) => set({ line: e.target.value === '' ? null : e.target.value })}
                >
                  {(d.line === null || free.includes(null)) && (
                    <option value="">{t('money.discount.wholeSale')}</option>
                  )}
                  {lines
                    .filter((l) => l.id === d.line || free.includes(l.id))
                    .map((l) => (
                      <option key={l.id} value={l.id}>
                        {lineWords(l)}
                      </option>
                    ))}
                </select>
              </label>
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
              <div
                className="method-choice"
                role="radiogroup"
                aria-label={t('money.discount.kind')}
              >
                {(['amount', 'percent'] as const).map((kind) => (
                  <label key={kind} className="choice">
                    <input
                      type="radio"
                      name={`${id}-${i}-kind`}
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
                  max={d.kind === 'percent' ? 100 : (line?.amount ?? whole)}
                  value={d.value ?? ''}
                  aria-invalid={(s.shown && incomplete) || refused.length > 0 ? true : undefined}
                  aria-describedby={incomplete || refused.length > 0 ? problemId : undefined}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    set({ value: e.target.value.trim() !== '' && n > 0 ? Math.floor(n) : null });
                  }}
                />
              </label>
            </div>
            <DiscountNote
              className="field"
              required={!!reason?.noteRequired}
              value={d.note}
              invalid={s.shown && incomplete && !!reason?.noteRequired}
              onChange={(note) => set({ note })}
            />
            {(incomplete || refused.length > 0) && (
              <p
                id={problemId}
                className={s.shown || refused.length > 0 ? 'problems shown' : 'problems'}
                role="alert"
              >
                {refused.length > 0
                  ? refused.map(problemWords).join(' ')
                  : t('money.discount.incomplete')}
              </p>
            )}
            <button type="button" onClick={() => put(s.drafts.filter((_, j) => j !== i))}>
              {t('money.discount.remove')}
            </button>
          </div>
        );
      })}
      {s.drafts.length > 0 && free.length > 0 && (
        <button type="button" onClick={() => put([...s.drafts, fresh(free[0]!)])}>
          {t('money.discount.another')}
        </button>
      )}
      {off > 0 && (
        <p className="collect" aria-live="polite">
          {t('money.discount.after', {
            off: fmt.money(off, s.price.currency),
            total: fmt.money(whole - off, s.price.currency),
          })}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A discount's note, asked for when its reason requires one (I13): the checkout's fields and an
 * on-site collection's alike.
 */
export function DiscountNote({
  className,
  required,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  className: 'field' | 'inline-field';
  required: boolean;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (note: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      <span>{t(required ? 'money.discount.noteRequired' : 'money.discount.note')}</span>
      <input
        type="text"
        value={value}
        maxLength={500}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
