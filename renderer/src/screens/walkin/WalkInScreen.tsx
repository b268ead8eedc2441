/**
 * Walk-in: product → party and slot → custom fields and customer → price → confirm → outcome.
 * Focus moves to the one control that advances, so Enter walks the standard walk-in through:
 * Enter (two adults, next slot) · the name · Enter (price) · Enter (confirm) — four after the
 * product (renderer/README.md).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { KEYS } from '../../app/shortcuts';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { FeatureReason } from '../../components/FeatureList';
import { Kbd } from '../../components/Kbd';
import { Stepper } from '../../components/Stepper';
import { currentDay } from '../../stores/day';
import { asksParticipant, type CustomField, type WalkInStep } from '../../stores/walkin';
import { FieldInput } from './FieldInput';
import { problemAt, problemText } from './problems';

const STEPS: readonly WalkInStep[] = ['product', 'party', 'details', 'review', 'done'];

export function WalkInScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const step = useSlice(stores.walkIn, (s) => s.step);
  const form = useSlice(stores.walkIn, (s) => s.form);
  const feature = useSlice(stores.setup, (s) => s.feature('walkIn'));
  const manual = form?.approvalType === 'manual';

  return (
    <section className="screen walkin" aria-labelledby="walkin-title">
      {step !== 'done' && <BackButton />}
      <h2 id="walkin-title">
        {t('walkIn.title')}
        {form && step !== 'product' && ` · ${form.name}`}
      </h2>
      <ol className="steps" aria-label={t('walkIn.progress')}>
        {STEPS.map((s) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {t(`walkIn.steps.${s}`)}
          </li>
        ))}
      </ol>
      {!feature.enabled && (
        <p className="notice warn">
          <FeatureReason state={feature} />
        </p>
      )}
      {manual && step !== 'product' && step !== 'done' && (
        <p className="notice warn">{t('walkIn.manualNotice')}</p>
      )}
      {step === 'product' && <ProductStep />}
      {step === 'party' && <PartyStep />}
      {step === 'details' && <DetailsStep />}
      {step === 'review' && <ReviewStep />}
      {step === 'done' && <DoneStep />}
    </section>
  );
}

function StepError() {
  const { stores } = useApp();
  const error = useSlice(stores.walkIn, (s) => s.error);
  return error ? <ErrorNote code={error.code} /> : null;
}

function ProductStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const day = useSlice(stores.day, currentDay);
  const products = day?.products ?? [];
  return (
    <div>
      <h3>{t('walkIn.chooseProduct')}</h3>
      <StepError />
      {products.length === 0 && <p>{t('walkIn.noProducts')}</p>}
      <ul className="product-choices">
        {products.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              className="choice-button"
              autoFocus={i === 0}
              onClick={() => void stores.walkIn.getState().chooseProduct(p.id)}
            >
              <span className="strong">{p.name}</span>
              {p.approvalType === 'manual' && (
                <span className="badge warn">{t('walkIn.manualBadge')}</span>
              )}
              {!p.isPublished && <span className="badge plain">{t('day.unpublished')}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PartyStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const adults = useSlice(stores.walkIn, (s) => s.adults);
  const children = useSlice(stores.walkIn, (s) => s.children);
  const fit = useSlice(stores.walkIn, (s) => s.fit);
  const slot = useSlice(stores.walkIn, (s) => s.slot);
  const checking = useSlice(stores.walkIn, (s) => s.checking);
  const problems = useSlice(stores.walkIn, (s) => s.problems);
  const w = stores.walkIn.getState();
  const headcountProblem = problemAt(problems, 'adults', null);
  const slotProblem = problemAt(problems, 'slot', null);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void w.toDetails();
      }}
    >
      <div className="steppers">
        <Stepper
          label={t('walkIn.adults')}
          decreaseLabel={t('walkIn.fewerAdults')}
          increaseLabel={t('walkIn.moreAdults')}
          value={adults}
          onChange={(n) => w.setAdults(n)}
          invalid={headcountProblem !== undefined}
          errorId={headcountProblem ? 'headcount-error' : undefined}
        />
        <Stepper
          label={t('walkIn.children')}
          decreaseLabel={t('walkIn.fewerChildren')}
          increaseLabel={t('walkIn.moreChildren')}
          value={children}
          onChange={(n) => w.setChildren(n)}
        />
      </div>
      {headcountProblem && (
        <p id="headcount-error" className="field-error">
          {problemText(t, headcountProblem)}
        </p>
      )}
      <fieldset aria-describedby={slotProblem ? 'slot-error' : undefined}>
        <legend>{t('walkIn.slots')}</legend>
        {checking && !fit && <p role="status">{t('walkIn.checking')}</p>}
        {fit?.fits === 'unknown' && <p className="notice">{t('walkIn.fitUnknown')}</p>}
        {fit && fit.nextSlots.length === 0 && <p>{t('walkIn.noSlots')}</p>}
        {fit?.nextSlots.map((s) => (
          <label key={`${s.date}|${s.startTime}`} className="choice">
            <input
              type="radio"
              name="slot"
              checked={slot?.date === s.date && slot.startTime === s.startTime}
              onChange={() => w.chooseSlot(s)}
            />
            <span>
              {fmt.shortDate(s.date)} {fmt.time(s.startTime)}{' '}
              <span className="hint">{t('walkIn.remaining', { n: s.remaining })}</span>
            </span>
          </label>
        ))}
        {slotProblem && (
          <p id="slot-error" className="field-error">
            {problemText(t, slotProblem)}
          </p>
        )}
      </fieldset>
      <StepError />
      <div className="actions">
        <button type="button" onClick={() => w.back()}>
          {t('walkIn.previous')}
        </button>
        <button type="submit" className="primary" autoFocus>
          {t('walkIn.next')} <Kbd keys={KEYS.confirm} />
        </button>
      </div>
    </form>
  );
}

function DetailsStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const form = useSlice(stores.walkIn, (s) => s.form);
  const adults = useSlice(stores.walkIn, (s) => s.adults);
  const children = useSlice(stores.walkIn, (s) => s.children);
  const answers = useSlice(stores.walkIn, (s) => s.answers);
  const customer = useSlice(stores.walkIn, (s) => s.customer);
  const problems = useSlice(stores.walkIn, (s) => s.problems);
  const found = useSlice(stores.walkIn, (s) => s.found);
  const finding = useSlice(stores.walkIn, (s) => s.finding);
  const quoting = useSlice(stores.walkIn, (s) => s.quoting);
  const customerSearch = useSlice(stores.setup, (s) => s.feature('customerSearch'));
  const w = stores.walkIn.getState();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(0);
  const focusedFor = useRef(0);

  const fields = form?.customFields ?? [];
  const headcount = Math.max(1, adults + children);
  const perParticipant = fields.some((f) => f.inputScope === 'all_participants');
  const participants = perParticipant ? headcount : 1;

  // After a refused submit, the cursor goes to the first field that needs fixing.
  useEffect(() => {
    if (problems.length && submitted.current > focusedFor.current) {
      focusedFor.current = submitted.current;
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [problems]);

  const placed = new Set<string>();
  const at = (field: string, n: number | null) => {
    const p = problemAt(problems, field, n);
    if (p) placed.add(`${p.field}|${p.participantNumber}`);
    return p;
  };
  const customerField = (
    key: 'lastName' | 'firstName' | 'phone' | 'email',
    type: string,
    autoComplete: string,
    autoFocus = false,
  ) => {
    const p = at(`customer.${key}`, null);
    const id = `customer-${key}`;
    return (
      <div className={`field${p ? ' invalid' : ''}`}>
        <label htmlFor={id}>
          {t(`walkIn.customerFields.${key}`)}
          {key === 'lastName' && <span className="required"> {t('walkIn.required')}</span>}
        </label>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          value={customer[key]}
          required={key === 'lastName'}
          autoFocus={autoFocus}
          aria-invalid={p ? true : undefined}
          aria-describedby={p ? `${id}-error` : undefined}
          onChange={(e) => w.setCustomer({ [key]: e.target.value })}
        />
        {p && (
          <p id={`${id}-error`} className="field-error">
            {problemText(t, p)}
          </p>
        )}
      </div>
    );
  };

  // The cursor starts where staff must type: the first required question, else the name —
  // optional questions never take it (the standard walk-in is name only).
  const firstRequired = fields.find((f) => f.isRequired)?.fieldId ?? null;
  const fieldBlocks = Array.from({ length: participants }, (_, i) => i + 1).map((n) => {
    const asked = fields.filter((f: CustomField) => asksParticipant(f, n));
    if (!asked.length) return null;
    return (
      <fieldset key={n} className="participant">
        <legend>{n === 1 ? t('walkIn.booker') : t('walkIn.participant', { n })}</legend>
        {asked.map((f) => (
          <FieldInput
            key={f.fieldId}
            field={f}
            participantNumber={n}
            value={answers[n]?.[f.fieldId]}
            problem={at(f.fieldId, n)}
            onChange={(v) => w.setAnswer(n, f.fieldId, v)}
            autoFocus={n === 1 && f.fieldId === firstRequired}
          />
        ))}
      </fieldset>
    );
  });
  const customerBlock = (
    <fieldset className="customer">
      <legend>{t('walkIn.customer')}</legend>
      {customer.customerId && (
        <p className="notice">
          {t('walkIn.existingCustomer', { name: customer.lastName })}{' '}
          <button type="button" onClick={() => w.useCustomer(null)}>
            {t('walkIn.notThisCustomer')}
          </button>
        </p>
      )}
      {customerField('lastName', 'text', 'family-name', firstRequired === null)}
      {customerField('firstName', 'text', 'given-name')}
      {customerField('phone', 'tel', 'tel')}
      {customerField('email', 'email', 'email')}
      <button
        type="button"
        disabled={!customerSearch.enabled || finding || customer.email.trim().length < 3}
        onClick={() => void w.findCustomer()}
      >
        {finding ? t('walkIn.finding') : t('walkIn.findCustomer')}
      </button>
      {!customerSearch.enabled && (
        <p className="hint">
          <FeatureReason state={customerSearch} />
        </p>
      )}
      {found && (
        <div role="status">
          {found.length === 0 ? (
            <p>{t('walkIn.noCustomer')}</p>
          ) : (
            <ul className="found">
              {found.map((c) => (
                <li key={c.id}>
                  <button type="button" onClick={() => w.useCustomer(c)}>
                    {t('walkIn.useCustomer', { name: c.name, email: c.email, visits: c.visits })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
  const unplaced = problems.filter((p) => !placed.has(`${p.field}|${p.participantNumber}`));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submitted.current++;
        void w.toReview();
      }}
    >
      {problems.length > 0 && (
        <div className="error-note" role="alert">
          <p>{t('walkIn.fixFields', { n: problems.length })}</p>
          {unplaced.length > 0 && (
            <ul>
              {unplaced.map((p) => (
                <li key={`${p.field}|${p.participantNumber}|${p.code}`}>{problemText(t, p)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fields.length > 0 && (
        <section aria-labelledby="fields-title">
          <h3 id="fields-title">{t('walkIn.fields')}</h3>
          {fieldBlocks}
        </section>
      )}
      {customerBlock}
      <StepError />
      <div className="actions">
        <button type="button" onClick={() => w.back()}>
          {t('walkIn.previous')}
        </button>
        <button type="submit" className="primary" disabled={quoting}>
          {quoting ? t('walkIn.quoting') : t('walkIn.toPrice')} <Kbd keys={KEYS.confirm} />
        </button>
      </div>
    </form>
  );
}

function ReviewStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(stores.walkIn, (x) => x);
  const w = stores.walkIn.getState();
  if (!s.slot || !s.form) return null;
  const manual = s.form.approvalType === 'manual';
  const email = s.customer.email.trim();
  const refusal = s.outcome?.outcome === 'refused' ? s.outcome.refusal : null;
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
      {s.price ? (
        <section className="price" aria-labelledby="price-title">
          <h3 id="price-title">{t('walkIn.price')}</h3>
          <dl className="facts">
            <dt>{t('walkIn.subtotal')}</dt>
            <dd>{fmt.money(s.price.subtotal, s.price.currency)}</dd>
            {s.price.discounts.map((d, i) => (
              <DiscountRow
                key={`${d.type}|${i}`}
                label={d.label}
                amount={fmt.money(-Math.abs(d.amount), s.price!.currency)}
              />
            ))}
            <dt>{t('walkIn.total')}</dt>
            <dd className="strong">{fmt.money(s.price.total, s.price.currency)}</dd>
          </dl>
          {manual ? (
            // Not confirmed yet: the counter must not take money as for a confirmed booking.
            <p className="notice warn">
              {t('walkIn.manualPay', { amount: fmt.money(s.price.total, s.price.currency) })}
            </p>
          ) : (
            <>
              <p className="collect">
                {t('walkIn.collect', { amount: fmt.money(s.price.total, s.price.currency) })}
              </p>
              <p className="hint">{t('walkIn.externalNote')}</p>
            </>
          )}
        </section>
      ) : (
        <p className="notice warn">
          {s.priceOffline ? t('walkIn.priceOffline') : t('walkIn.noPrice')}
        </p>
      )}
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
          <button
            type="button"
            onClick={() => stores.walkIn.setState({ step: 'party', outcome: null })}
          >
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
              : s.price
                ? t('walkIn.confirm', { amount: fmt.money(s.price.total, s.price.currency) })
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

function DoneStep() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const fmt = useFormat();
  const outcome = useSlice(stores.walkIn, (s) => s.outcome);
  const price = useSlice(stores.walkIn, (s) => s.price);
  const productId = useSlice(stores.walkIn, (s) => s.productId);
  if (!outcome) return null;
  const number = outcome.reservation?.number;
  return (
    <div>
      <div className={`outcome outcome-${outcome.outcome}`} role="status">
        {outcome.outcome === 'booked' && (
          <>
            <h3>{t('walkIn.done.booked')}</h3>
            {number && <p className="big">{t('walkIn.done.number', { number })}</p>}
          </>
        )}
        {outcome.outcome === 'pending' && (
          <>
            <h3>{t('walkIn.done.pending')}</h3>
            {number && <p className="big">{t('walkIn.done.number', { number })}</p>}
            <p>{t('walkIn.done.pendingExplain')}</p>
          </>
        )}
        {outcome.outcome === 'queued' && (
          <>
            <h3>{t('walkIn.done.queued')}</h3>
            <p>{t('walkIn.done.queuedExplain')}</p>
          </>
        )}
        {price && outcome.outcome === 'booked' && (
          <p className="collect">
            {t('walkIn.collect', { amount: fmt.money(price.total, price.currency) })}
          </p>
        )}
        {price && outcome.outcome === 'pending' && (
          <p className="strong">
            {t('walkIn.done.pendingPay', { amount: fmt.money(price.total, price.currency) })}
          </p>
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          className="primary"
          autoFocus
          onClick={() => actions.startWalkIn(productId ? { productId } : undefined)}
        >
          {t('walkIn.another')}
        </button>
        {outcome.reservation && (
          <button type="button" onClick={() => actions.openReservation(outcome.reservation!)}>
            {t('walkIn.openReservation')}
          </button>
        )}
        {outcome.outcome === 'queued' && (
          <button type="button" onClick={() => stores.nav.getState().go({ name: 'outbox' })}>
            {t('walkIn.openOutbox')}
          </button>
        )}
        <button type="button" onClick={() => actions.openDay(null)}>
          {t('common.toDay')}
        </button>
      </div>
    </div>
  );
}
