/**
 * Walk-in step 4: what will be booked, the price to collect (or why there is none), how the guest
 * pays (the tender, recorded with the walk-in), the confirmation e-mail, and confirm. A manual-approval product says "pending" before anything.
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { KEYS } from '../../app/shortcuts';
import { ErrorNote } from '../../components/ErrorNote';
import { Kbd } from '../../components/Kbd';
import { StepError } from './StepError';
import { BasketPanel } from '../../checkout/BasketPanel';
import { DiscountFields } from '../../checkout/DiscountFields';
import { TenderPanel } from '../../checkout/TenderPanel';
import { discountsOn } from '../../checkout/discounts';

export function ReviewStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(
    stores.walkIn,
    useShallow((x) => ({
      form: x.form,
      slot: x.slot,
      adults: x.adults,
      children: x.children,
      customer: x.customer,
      price: x.price,
      priceOffline: x.priceOffline,
      priceUnreadable: x.priceUnreadable,
      sendEmail: x.sendEmail,
      emailLocale: x.emailLocale,
      outcome: x.outcome,
      booking: x.booking,
      extra: x.tenderExtra,
      counterDiscounts: x.counterDiscounts,
      basket: x.basket,
      tenderTotal: x.tenderTotal,
    })),
  );
  const w = stores.walkIn.getState();
  if (!s.slot || !s.form) return null;
  const manual = s.form.approvalType === 'manual';
  const email = s.customer.email.trim();
  const refusal = s.outcome?.outcome === 'refused' ? s.outcome.refusal : null;
  const price = s.price;
  // What is collected: the price and the items less the counter's discounts (issue 30; I15); offline
  // at the last known price, what staff typed over it if they did (J22). With items, the price is
  // said as the service asked and the grand total is what is paid.
  const off = price && !price.unconfirmed ? discountsOn({ ...s, tenderExtra: s.extra }).off : 0;
  const due = price?.unconfirmed
    ? (s.tenderTotal ?? price.total) + s.extra
    : price
      ? price.total + s.extra - off
      : 0;
  const collect = s.extra > 0 ? (price?.unconfirmed ? due - s.extra : (price?.total ?? 0)) : due;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void w.confirm();
      }}
    >
      <dl className="facts">
        <dt>{t('walkIn.product')}</dt>
        <dd>{s.form.name}</dd>
        <dt>{t('walkIn.when')}</dt>
        <dd>
          {fmt.date(s.slot.date)} {fmt.time(s.slot.startTime)}
        </dd>
        <dt>{t('walkIn.party')}</dt>
        <dd>{t('common.party', { adults: s.adults, children: s.children })}</dd>
        <dt>{t('walkIn.customer')}</dt>
        <dd>
          {[s.customer.lastName, s.customer.firstName].filter(Boolean).join(' ')}
          {email && ` · ${email}`}
          {s.customer.phone && ` · ${s.customer.phone}`}
        </dd>
      </dl>
      {manual && <p className="notice warn strong">{t('walkIn.manualReview')}</p>}
      {price ? (
        <section className="price" aria-labelledby="price-title">
          <h3 id="price-title">{t('walkIn.price')}</h3>
          {price.unconfirmed && (
            // Offline (J22): the last known price, never shown as if the service had confirmed it.
            <>
              <p className="notice warn strong">
                {t(`walkIn.lastKnown.${price.unconfirmed.source}`, {
                  at: fmt.instant(price.unconfirmed.at),
                })}
              </p>
              <p className="hint">{t('walkIn.lastKnown.note')}</p>
            </>
          )}
          <dl className="facts">
            <dt>{t('walkIn.subtotal')}</dt>
            <dd>{fmt.money(price.subtotal, price.currency)}</dd>
            {price.discounts.map((d, i) => (
              <DiscountRow
                key={`${d.type}|${i}`}
                label={d.label}
                amount={fmt.money(-Math.abs(d.amount), price.currency)}
              />
            ))}
            <dt>{t('walkIn.total')}</dt>
            <dd className="strong">{fmt.money(price.total, price.currency)}</dd>
          </dl>
          {manual ? (
            // Not confirmed yet: the counter must not take money as for a confirmed booking.
            <p className="notice warn">
              {t('walkIn.manualPay', { amount: fmt.money(price.total, price.currency) })}
            </p>
          ) : (
            <>
              <p className="collect">
                {t('walkIn.collect', { amount: fmt.money(collect, price.currency) })}
              </p>
              <p className="hint">{t('walkIn.externalNote')}</p>
            </>
          )}
        </section>
      ) : (
        <p className="notice warn">
          {s.priceOffline
            ? t('walkIn.priceOffline')
            : s.priceUnreadable
              ? t('walkIn.priceUnreadable')
              : t('walkIn.noPrice')}
        </p>
      )}
      {/* Counter items paid with the same tender (issue 30): not with a booking still to approve. */}
      {!manual && <BasketPanel store={stores.walkIn} />}
      {/* No counter discount on a price the service has not confirmed (I12). */}
      {!manual && !price?.unconfirmed && <DiscountFields store={stores.walkIn} />}
      {!manual && price && s.extra > 0 && (
        <p className="collect">
          {t('items.grandTotal')} <strong>{fmt.money(due, price.currency)}</strong>
        </p>
      )}
      {!manual && <TenderPanel store={stores.walkIn} queued={s.priceOffline} />}
      {email && (
        <fieldset>
          <legend>{t('walkIn.emailTitle')}</legend>
          <label className="choice">
            <input
              type="checkbox"
              checked={s.sendEmail}
              onChange={(e) => w.setSendEmail(e.target.checked)}
            />
            <span>{t('walkIn.sendEmail', { email })}</span>
          </label>
          {s.sendEmail && (
            <label className="inline-field">
              <span>{t('walkIn.emailLanguage')}</span>
              <select
                value={s.emailLocale}
                onChange={(e) => w.setEmailLocale(e.target.value === 'en' ? 'en' : 'ja')}
              >
                <option value="ja">{t('language.ja')}</option>
                <option value="en">{t('language.en')}</option>
              </select>
            </label>
          )}
        </fieldset>
      )}
      {refusal && (
        <div>
          <ErrorNote code={refusal.code} />
          <button type="button" onClick={() => w.otherSlot()}>
            {t('walkIn.otherSlot')}
          </button>
        </div>
      )}
      <StepError />
      <div className="actions">
        <button type="button" onClick={() => w.back()}>
          {t('walkIn.previous')}
        </button>
        <button type="submit" className="primary" autoFocus disabled={s.booking}>
          {s.booking
            ? t('walkIn.booking')
            : manual
              ? t('walkIn.confirmManual')
              : price
                ? t(price.unconfirmed ? 'walkIn.confirmLastKnown' : 'walkIn.confirm', {
                    amount: fmt.money(due, price.currency),
                  })
                : t('walkIn.confirmNoPrice')}{' '}
          <Kbd keys={KEYS.confirm} />
        </button>
      </div>
    </form>
  );
}

function DiscountRow({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </>
  );
}
