/**
 * What the booking becomes: the date, a slot of that date, the party; for more people in the same
 * slot, whether the extra ones are booked on their own (nothing cancelled) or everyone again.
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { Stepper } from '../../components/Stepper';
import { extraAllowed, fewer } from '../../stores/changeDraft';

export function TargetFields() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const {
    reservation: r,
    to,
    slots,
    kind,
  } = useSlice(
    stores.change,
    useShallow((s) => ({ reservation: s.reservation, to: s.to, slots: s.slots, kind: s.kind })),
  );
  const c = stores.change.getState();
  if (!r || !to) return null;
  // The booking's own slot stays a choice even when the day's data no longer lists it.
  const times = slots ?? [];
  const listed = times.some((s) => s.startTime === to.startTime);
  const options = listed ? times : [{ startTime: to.startTime, remaining: null }, ...times];
  const extra = to.adults + to.children - r.adults - r.children;

  return (
    <>
      <fieldset>
        <legend>{t('change.when')}</legend>
        <label className="field">
          <span>{t('change.date')}</span>
          <input
            type="date"
            value={to.date}
            onChange={(e) => e.target.value && void c.setDate(e.target.value)}
          />
        </label>
        <div role="radiogroup" aria-label={t('change.time')}>
          {slots === null && <p role="status">{t('common.loading')}</p>}
          {slots !== null && options.length === 0 && <p>{t('change.noSlots')}</p>}
          {options.map((s) => (
            <label key={s.startTime} className="choice">
              <input
                type="radio"
                name="change-time"
                checked={to.startTime === s.startTime}
                autoFocus={to.startTime === s.startTime}
                onChange={() => c.chooseTime(s.startTime)}
              />
              <span>
                {fmt.time(s.startTime)}
                {to.date === r.date && s.startTime === r.startTime && (
                  <span className="hint"> {t('change.current')}</span>
                )}
                {s.remaining !== null && (
                  <span className="hint"> {t('walkIn.remaining', { n: s.remaining })}</span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="steppers">
        <Stepper
          label={t('walkIn.adults')}
          decreaseLabel={t('walkIn.fewerAdults')}
          increaseLabel={t('walkIn.moreAdults')}
          value={to.adults}
          onChange={(n) => c.setAdults(n)}
          hint={t('checkIn.booked', { n: r.adults })}
        />
        <Stepper
          label={t('walkIn.children')}
          decreaseLabel={t('walkIn.fewerChildren')}
          increaseLabel={t('walkIn.moreChildren')}
          value={to.children}
          onChange={(n) => c.setChildren(n)}
          hint={t('checkIn.booked', { n: r.children })}
        />
      </div>
      {extraAllowed(r, to) && (
        <fieldset>
          <legend>{t('change.extraTitle', { n: extra })}</legend>
          <label className="choice">
            <input
              type="radio"
              name="change-kind"
              checked={kind === 'extra'}
              onChange={() => c.chooseKind('extra')}
            />
            <span>
              {t('change.kindExtra', { n: extra })}
              <span className="hint"> {t('change.kindExtraHint')}</span>
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="change-kind"
              checked={kind === 'change'}
              onChange={() => c.chooseKind('change')}
            />
            <span>
              {t('change.kindWhole', { n: to.adults + to.children })}
              <span className="hint"> {t('change.kindWholeHint')}</span>
            </span>
          </label>
        </fieldset>
      )}
      {fewer(r, to) && <p className="notice">{t('change.fewerExplain')}</p>}
    </>
  );
}
