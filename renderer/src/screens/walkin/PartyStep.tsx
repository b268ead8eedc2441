/** Walk-in step 2: the party (adults, children) and the next slots that fit it. */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { KEYS } from '../../app/shortcuts';
import { Kbd } from '../../components/Kbd';
import { Stepper } from '../../components/Stepper';
import { MisfitNote } from './MisfitNote';
import { problemAt, problemText } from './problems';
import { StepError } from './StepError';

export function PartyStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const { adults, children, fit, slot, checking, problems } = useSlice(
    stores.walkIn,
    useShallow((s) => ({
      adults: s.adults,
      children: s.children,
      fit: s.fit,
      slot: s.slot,
      checking: s.checking,
      problems: s.problems,
    })),
  );
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
        {fit?.misfit && <MisfitNote misfit={fit.misfit} proposals={fit.nextSlots.length > 0} />}
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
