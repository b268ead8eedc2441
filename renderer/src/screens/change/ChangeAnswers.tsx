/**
 * The answers the new booking needs. Those of the people already booked are carried over; staff
 * are asked only for what the new headcount adds (and for anything the desk finds missing).
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { newHeadcount } from '../../stores/changeDraft';
import { asksParticipant } from '../../stores/walkinDraft';
import { FieldInput } from '../walkin/FieldInput';
import { problemAt } from '../walkin/problems';

/** No problems: one array, so that the slice stays the same between renders. */
const NONE: never[] = [];

export function ChangeAnswers() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const s = useSlice(
    stores.change,
    useShallow((x) => ({
      reservation: x.reservation,
      start: x.start,
      to: x.to,
      kind: x.kind,
      answers: x.kind === 'extra' ? x.extraAnswers : x.answers,
      problems: x.quote?.problems ?? NONE,
    })),
  );
  const c = stores.change.getState();
  const { reservation: r, start, to } = s;
  if (!r || !start || !to) return null;
  const fields = start.form.customFields;
  const headcount = Math.max(0, newHeadcount(r, to, s.kind));
  const booked = r.adults + r.children;
  // Carried over: the people already booked (an extra party's own people are all new). What was
  // carried decides what is asked, not what is typed: a field stays while staff fill it in.
  const isNew = (n: number) => s.kind === 'extra' || n > booked;
  const carriedAnswers = s.kind === 'extra' ? start.carriedExtra : start.carried;
  const carriedHas = (n: number, fieldId: string) =>
    carriedAnswers.some((p) => p.participantNumber === n && fieldId in p.fieldValues);
  const people = Array.from({ length: headcount }, (_, i) => i + 1).map((n) => ({
    n,
    asked: fields.filter((f) => {
      if (!asksParticipant(f, n)) return false;
      if (problemAt(s.problems, f.fieldId, n)) return true;
      return !carriedHas(n, f.fieldId) && (isNew(n) || f.isRequired);
    }),
  }));
  const asked = people.filter((p) => p.asked.length > 0);
  const carried = s.kind === 'change' ? Math.min(booked, headcount) : 0;

  if (fields.length === 0) return null;
  return (
    <section aria-labelledby="change-answers-title">
      <h3 id="change-answers-title">{t('walkIn.fields')}</h3>
      {carried > 0 && <p className="hint">{t('change.carried', { n: carried })}</p>}
      {s.kind === 'change' && headcount < booked && (
        <p className="hint">{t('change.leftBehind', { from: headcount + 1, to: booked })}</p>
      )}
      {asked.map(({ n, asked: list }) => (
        <fieldset key={n} className="participant">
          <legend>{n === 1 ? t('walkIn.booker') : t('walkIn.participant', { n })}</legend>
          {list.map((f) => (
            <FieldInput
              key={f.fieldId}
              field={f}
              participantNumber={n}
              value={s.answers[n]?.[f.fieldId]}
              problem={problemAt(s.problems, f.fieldId, n)}
              onChange={(v) => c.setAnswer(n, f.fieldId, v)}
            />
          ))}
        </fieldset>
      ))}
    </section>
  );
}
