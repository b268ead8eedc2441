/**
 * A booking paid on site, on its reservation screen (issue 27): what it owes and what was taken
 * (at which counter, how, when), and taking it — "Check in and take ¥28,500" has the focus when
 * the party has not checked in, and the tender (cash for all that is owed chosen already) is one
 * Enter more; a part now, a discount with its reason; then the receipt. Another counter taking
 * it, or money owed back (taken twice, cancelled), is said loudly. The flow's state is the
 * on-site store's (`stores/onsite.ts`).
 *
 * Over 300 lines: the panel's states (to take, taking, taken, owed back) are one flow read top
 * to bottom as staff meet it; the tender it shows is the walk-in's own component.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { ReservationView } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { AmountInput } from '../../components/AmountInput';
import { ErrorNote } from '../../components/ErrorNote';
import { langOf } from '../../i18n';
import { PaymentState } from '../../components/PaymentState';
import { printsAtOnce } from '../../stores/money';
import { ReceiptActions } from '../money/ReceiptActions';
import { BasketPanel } from '../../checkout/BasketPanel';
import { TenderPanel } from '../../checkout/TenderPanel';
import { DiscountNote } from '../../checkout/DiscountFields';
import { freshDiscount } from '../../checkout/discounts';

/** Whether staff may take money for this booking here now. */
export function takesPayment(view: ReservationView): boolean {
  const p = view.payment;
  return (
    view.status === 'confirmed' &&
    p !== undefined &&
    p.onSite !== 'no' &&
    (p.state === 'to_pay' || p.state === 'part_paid' || p.state === 'unknown')
  );
}

export function PaymentPanel({ view }: { view: ReservationView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const step = useSlice(stores.onsite, (s) => (s.view?.id === view.id ? s.step : 'idle'));
  const p = view.payment;
  const shown = p ? `${p.state}|${p.stillOwed}` : null;

  // What it owes is on screen: marked for the bench (a scan → the amount painted, issue 27).
  useEffect(() => {
    if (!shown) return;
    performance.mark('fd:payment-rendered', { detail: view.id });
    requestAnimationFrame(() =>
      setTimeout(() => performance.mark('fd:payment-painted', { detail: view.id }), 0),
    );
  }, [view.id, shown]);

  // Another booking opened, or the screen left: the claim of this one ends.
  useEffect(
    () => () => {
      const s = stores.onsite.getState();
      if (s.view?.id === view.id && s.step !== 'done') void s.stop();
    },
    [stores.onsite, view.id],
  );

  if (!p || (p.onSite === 'no' && p.collections.length === 0)) return null;
  const money = (n: number) => fmt.money(n, p.currency);
  return (
    <section className="card payment" aria-labelledby="payment-title">
      <h3 id="payment-title">
        {t('onsite.title')} <PaymentState payment={p} />
      </h3>
      {p.state === 'refund_owed' && (
        <div className="notice warn strong" role="alert">
          <p>
            {p.collectedTwice
              ? t('onsite.collectedTwice', { amount: money(p.owedBack) })
              : t('onsite.refundOwed', { amount: money(p.owedBack) })}
          </p>
          <button type="button" onClick={() => stores.nav.getState().go({ name: 'refunds' })}>
            {t('onsite.openRefunds')}
          </button>
        </div>
      )}
      <dl className="facts">
        {p.due !== null && (
          <>
            <dt>{t('onsite.due')}</dt>
            <dd>{money(p.due)}</dd>
          </>
        )}
        {p.collections.length > 0 && (
          <>
            <dt>{t('onsite.collected')}</dt>
            <dd>
              <ul className="plain-list">
                {p.collections.map((c) => (
                  <li key={c.id}>
                    {t('paid.paid', {
                      amount: money(c.amount - c.refunded),
                      how: c.methods.map((m) => t(`money.methods.${m}`)).join('・'),
                      counter: c.counterName,
                      time: fmt.instant(c.at),
                    })}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {p.discounts > 0 && (
          <>
            <dt>{t('onsite.discounts')}</dt>
            <dd>{money(-p.discounts)}</dd>
          </>
        )}
        {p.stillOwed !== null && p.stillOwed > 0 && (
          <>
            <dt>{t('onsite.stillOwed')}</dt>
            <dd className="strong">{money(p.stillOwed)}</dd>
          </>
        )}
      </dl>
      {p.dueFrom === 'record' && <p className="hint">{t('onsite.dueFromRecord')}</p>}
      {p.recordTotal !== null && (
        <p className="hint">{t('onsite.recordDiffers', { amount: money(p.recordTotal) })}</p>
      )}
      {p.onSite === 'unknown' && takesPayment(view) && (
        <p className="notice">{t('onsite.unknownMethod')}</p>
      )}
      {p.claimedBy && step === 'idle' && (
        <p className="notice warn" role="status">
          {t('onsite.heldBy', {
            counter: p.claimedBy.counterName,
            time: fmt.instant(p.claimedBy.at),
          })}
        </p>
      )}
      {step === 'done' ? (
        <>
          <Collected />
          {/* Part paid: the rest may be taken later (now, or when the guest comes back). */}
          {takesPayment(view) && <StartButtons view={view} starting={false} />}
        </>
      ) : step === 'tender' || step === 'collecting' ? (
        <CollectForm view={view} />
      ) : (
        <StartButtons view={view} starting={step === 'starting'} />
      )}
    </section>
  );
}

function StartButtons({ view, starting }: { view: ReservationView; starting: boolean }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(
    stores.onsite,
    useShallow((x) => ({ claim: x.view?.id === view.id ? x.claim : null, error: x.error })),
  );
  const feature = useSlice(stores.setup, (x) => x.feature('checkIn'));
  if (!takesPayment(view)) return null;
  const owed = view.payment!.stillOwed;
  const amount = owed === null ? null : fmt.money(owed, view.payment!.currency);
  const o = stores.onsite.getState();
  const off = !feature.enabled || starting;
  return (
    <>
      {s.claim && !s.claim.granted && s.claim.heldBy && (
        <p className="notice warn" role="alert">
          {t('onsite.heldBy', {
            counter: s.claim.heldBy.counterName,
            time: fmt.instant(s.claim.heldBy.at),
          })}
        </p>
      )}
      {s.error && stores.onsite.getState().view?.id === view.id && (
        <ErrorNote code={s.error.code} />
      )}
      <div className="actions">
        {!view.checkIn && (
          <button
            type="button"
            className="primary"
            autoFocus={feature.enabled}
            disabled={off}
            onClick={() => void o.start(view, true)}
          >
            {amount ? t('onsite.checkInAndPay', { amount }) : t('onsite.checkInAndPayUnknown')}
          </button>
        )}
        <button
          type="button"
          className={view.checkIn ? 'primary' : undefined}
          autoFocus={feature.enabled && view.checkIn !== null}
          disabled={off}
          onClick={() => void o.start(view, false)}
        >
          {amount ? t('onsite.pay', { amount }) : t('onsite.payUnknown')}
        </button>
      </div>
      {starting && <p role="status">{t('onsite.starting')}</p>}
    </>
  );
}

function CollectForm({ view }: { view: ReservationView }) {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const lang = langOf(i18n);
  // The store's reasons, as a manager at any counter last set them (I13): only active ones.
  const reasons = useSlice(stores.money, (m) => m.discountReasons).filter((r) => r.active);
  const s = useSlice(
    stores.onsite,
    useShallow((x) => ({
      shown: x.view,
      claim: x.claim,
      amountNow: x.amountNow,
      discount: x.discount,
      problems: x.amountProblems,
      error: x.error,
      collecting: x.step === 'collecting',
      price: x.price,
      tenderTotal: x.tenderTotal,
      extra: x.tenderExtra,
    })),
  );
  const o = stores.onsite.getState();
  // The counter items' tiles (issue 30), as they stand when the payment is taken.
  useEffect(() => {
    void stores.items.getState().load();
    void stores.money.getState().loadDiscountReasons();
  }, [stores.items, stores.money]);
  const reason = s.discount && reasons.find((r) => r.id === s.discount!.reason);
  const p = s.shown?.payment ?? view.payment!;
  const money = (n: number) => fmt.money(n, p.currency);
  const owed = p.stillOwed;
  const discount = s.discount?.value ?? 0;
  const taken = s.price ? (s.amountNow ?? 0) : (s.tenderTotal ?? 0);
  const left = owed === null ? null : owed - taken - discount;
  const problemsId = `${id}-problems`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const r = stores.reservation.getState();
        void o
          .collect({ adults: r.adults, children: r.children, basis: view.checkIn?.eventId ?? null })
          .then((done) => {
            if (done) r.showCollected(done.reservation, done.comparison);
          });
      }}
      aria-describedby={s.problems.length ? problemsId : undefined}
    >
      {s.claim && s.claim.unanswered.length > 0 && (
        <p className="notice warn" role="alert">
          {t('onsite.unanswered', { counters: s.claim.unanswered.join('、') })}
        </p>
      )}
      {owed !== null && (
        <label className="field">
          <span>{t('onsite.amountNow')}</span>
          <AmountInput
            max={owed}
            value={s.amountNow ?? ''}
            aria-invalid={s.problems.includes('OVER_OWED') || undefined}
            aria-describedby={problemsId}
            onChange={(e) => {
              const n = Number(e.target.value);
              o.setAmountNow(e.target.value.trim() === '' || !Number.isFinite(n) ? null : n);
            }}
          />
          <span className="hint">{t('onsite.amountNowHint')}</span>
        </label>
      )}
      {reasons.length > 0 && (
        <label className="choice">
          <input
            type="checkbox"
            checked={s.discount !== null}
            onChange={(e) =>
              o.setDiscount(e.target.checked ? freshDiscount(null, reasons[0]!.id) : null)
            }
          />
          <span>{t('onsite.discount')}</span>
        </label>
      )}
      {s.discount && (
        <div className="inline-fields">
          <label className="inline-field">
            <span>{t('onsite.discountAmount')}</span>
            <AmountInput
              value={s.discount.value ?? ''}
              onChange={(e) => {
                const n = Number(e.target.value);
                o.setDiscount({
                  ...s.discount!,
                  value: e.target.value.trim() === '' || !Number.isFinite(n) ? null : Math.floor(n),
                });
              }}
            />
          </label>
          <label className="inline-field">
            <span>{t('onsite.discountReason')}</span>
            <select
              value={s.discount.reason}
              aria-invalid={s.problems.includes('REASON_UNKNOWN') || undefined}
              aria-describedby={problemsId}
              onChange={(e) => o.setDiscount({ ...s.discount!, reason: e.target.value })}
            >
              {/* A reason made inactive meanwhile stays shown until another is chosen. */}
              {!reason && <option value={s.discount.reason}>{t('onsite.reasonGone')}</option>}
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.words[lang]}
                </option>
              ))}
            </select>
          </label>
          <DiscountNote
            className="inline-field"
            required={!!reason?.noteRequired}
            value={s.discount.note}
            invalid={s.problems.includes('NOTE_REQUIRED')}
            describedBy={problemsId}
            onChange={(note) => o.setDiscount({ ...s.discount!, note })}
          />
        </div>
      )}
      <BasketPanel store={stores.onsite} />
      {taken > 0 || s.extra > 0 || s.price === null ? (
        <TenderPanel store={stores.onsite} queued={false} />
      ) : null}
      {left !== null && left > 0 && (
        <p className="hint" role="status">
          {t('onsite.partNote', { amount: money(left) })}
        </p>
      )}
      {s.problems.length > 0 && (
        <ul id={problemsId} className="problems shown" role="alert">
          {s.problems.map((code) => (
            <li key={code}>
              {code in PROBLEMS ? t(`onsite.problems.${code as keyof typeof PROBLEMS}`) : code}
            </li>
          ))}
        </ul>
      )}
      {s.error && s.problems.length === 0 && <ErrorNote code={s.error.code} />}
      <div className="actions">
        <button type="submit" className="primary" autoFocus disabled={s.collecting}>
          {s.collecting
            ? t('onsite.taking')
            : taken > 0
              ? t('onsite.take', { amount: money(taken) })
              : t('onsite.settle')}
        </button>
        <button type="button" onClick={() => void o.stop()}>
          {t('onsite.stop')}
        </button>
      </div>
    </form>
  );
}

/** The problems the desk names by code that the screen words. */
const PROBLEMS = {
  OVER_OWED: 1,
  NOTE_REQUIRED: 1,
  REASON_UNKNOWN: 1,
  NOTHING_TAKEN: 1,
  TENDER_REQUIRED: 1,
} as const;

function Collected() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(
    stores.onsite,
    useShallow((x) => ({
      entryId: x.entryId,
      amount: x.collectedAmount,
      withCheckIn: x.withCheckIn,
      currency: x.view?.payment?.currency,
      receiptLocale: x.receiptLocale,
    })),
  );
  const autoPrint = useSlice(stores.money, printsAtOnce);
  if (!s.entryId) return null;
  const amount = fmt.money(s.amount, s.currency);
  return (
    <>
      <p className="notice" role="status">
        {s.withCheckIn ? t('onsite.doneCheckedIn', { amount }) : t('onsite.done', { amount })}
      </p>
      <ReceiptActions entryId={s.entryId} autoPrint={autoPrint} locale={s.receiptLocale} />
    </>
  );
}
