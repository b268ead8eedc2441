/**
 * Walk-in step 3: the customer first (the name is what staff ask first at the counter), then the
 * product's custom fields for each participant asked. The desk checks them when staff ask for the
 * price; its problems are shown at their fields, and the cursor goes to the first one.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { KEYS } from '../../app/shortcuts';
import { Kbd } from '../../components/Kbd';
import { asksParticipant } from '../../stores/walkinDraft';
import { CustomerFields } from './CustomerFields';
import { FieldInput } from './FieldInput';
import { isPlaced, problemAt, problemText } from './problems';
import { StepError } from './StepError';

export function DetailsStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const { form, headcount, answers, problems, quoting } = useSlice(
    stores.walkIn,
    useShallow((s) => ({
      form: s.form,
      headcount: Math.max(1, s.adults + s.children),
      answers: s.answers,
      problems: s.problems,
      quoting: s.quoting,
    })),
  );
  const w = stores.walkIn.getState();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(0);
  const focusedFor = useRef(0);

  const fields = form?.customFields ?? [];
  const participants = fields.some((f) => f.inputScope === 'all_participants') ? headcount : 1;

  // After a refused submit, the cursor goes to the first field that needs fixing.
  useEffect(() => {
    if (problems.length && submitted.current > focusedFor.current) {
      focusedFor.current = submitted.current;
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [problems]);

  const unplaced = problems.filter((p) => !isPlaced(p, fields, participants));

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
      {/* The cursor starts in the name, asked first; the questions follow it. */}
      <CustomerFields />
      {fields.length > 0 && (
        <section aria-labelledby="fields-title">
          <h3 id="fields-title">{t('walkIn.fields')}</h3>
          {Array.from({ length: participants }, (_, i) => i + 1).map((n) => {
            const asked = fields.filter((f) => asksParticipant(f, n));
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
                    problem={problemAt(problems, f.fieldId, n)}
                    onChange={(v) => w.setAnswer(n, f.fieldId, v)}
                  />
                ))}
              </fieldset>
            );
          })}
        </section>
      )}
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
