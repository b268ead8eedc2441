/**
 * Changing a booking's time or headcount (issue 15), reached from a reservation (the day view,
 * the search) and from check-in's "more / fewer people": the new slot and party, the reason, the
 * answers the new headcount adds; fit, price, fee and difference shown as they are chosen; one
 * confirm. The new booking is made first; the old one is cancelled only once it stands.
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { KEYS } from '../../app/shortcuts';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { Kbd } from '../../components/Kbd';
import { ready } from '../../stores/changeDraft';
import { ChangeAnswers } from './ChangeAnswers';
import { ChangeOutcomeView } from './ChangeOutcomeView';
import { QuotePanel, ReasonChoice } from './QuotePanel';
import { TargetFields } from './TargetFields';

export function ChangeScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(
    stores.change,
    useShallow((x) => ({
      reservation: x.reservation,
      start: x.start,
      kind: x.kind,
      quote: x.quote,
      quoting: x.quoting,
      confirming: x.confirming,
      outcome: x.outcome,
      error: x.error,
      sendCancellationEmail: x.sendCancellationEmail,
      sendConfirmationEmail: x.sendConfirmationEmail,
    })),
  );
  const c = stores.change.getState();
  const r = s.reservation;

  if (!r) {
    return (
      <section className="screen" aria-labelledby="change-title">
        <BackButton />
        <h2 id="change-title">{t('change.title')}</h2>
      </section>
    );
  }
  const heading = (
    <>
      <h2 id="change-title">{t('change.title')}</h2>
      <p>
        {r.customerName || t('common.noName')} · {r.productName} · {fmt.date(r.date)}{' '}
        {fmt.time(r.startTime)} · {t('common.party', { adults: r.adults, children: r.children })}
        {r.number && ` · ${t('change.numberShort', { number: r.number })}`}
      </p>
    </>
  );
  if (s.outcome) {
    return (
      <section className="screen change" aria-labelledby="change-title">
        {heading}
        <ChangeOutcomeView outcome={s.outcome} />
      </section>
    );
  }
  const canConfirm = ready(s.quote) && !s.quoting && !s.confirming;

  return (
    <section className="screen change" aria-labelledby="change-title">
      <BackButton />
      {heading}
      <p className="hint">{t('change.explain')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canConfirm) void c.confirm();
        }}
      >
        <TargetFields />
        {s.kind === 'change' && <ReasonChoice />}
        {s.start && <ChangeAnswers />}
        <QuotePanel />
        {s.kind === 'change' && (
          <label className="choice">
            <input
              type="checkbox"
              checked={s.sendCancellationEmail}
              onChange={(e) => c.setSendCancellationEmail(e.target.checked)}
            />
            <span>{t('cancel.sendEmail')}</span>
          </label>
        )}
        <label className="choice">
          <input
            type="checkbox"
            checked={s.sendConfirmationEmail}
            disabled={r.email === null}
            onChange={(e) => c.setSendConfirmationEmail(e.target.checked)}
          />
          <span>{t('change.sendConfirmation')}</span>
        </label>
        {s.error && <ErrorNote code={s.error.code} />}
        {s.quote && s.quote.problems.length > 0 && (
          <p className="notice warn" role="alert">
            {t('walkIn.fixFields', { n: s.quote.problems.length })}
          </p>
        )}
        <div className="actions">
          <button
            type="submit"
            className="primary"
            disabled={!canConfirm}
            aria-keyshortcuts="Enter"
          >
            {s.confirming
              ? t('change.confirming')
              : s.kind === 'extra'
                ? t('change.confirmExtra')
                : t('change.confirm')}{' '}
            <Kbd keys={KEYS.confirm} />
          </button>
        </div>
      </form>
    </section>
  );
}
