/**
 * Why a booking is cancelled: the reasons, each with its hint. The cancel asks it, and so does a
 * change, whose old booking is cancelled with it.
 */
import { useTranslation } from 'react-i18next';
import { CANCEL_REASONS, type CancelReason } from '../../stores/cancel';

export function CancelReasonFields({
  legend,
  name,
  value,
  onChoose,
  focusFirst = false,
}: {
  legend: string;
  /** The radios' group name. */
  name: string;
  value: CancelReason | null;
  onChoose(reason: CancelReason): void;
  /** The first reason takes the focus (the cancel screen opens on it). */
  focusFirst?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {CANCEL_REASONS.map((r, i) => (
        <label key={r} className="choice">
          <input
            type="radio"
            name={name}
            value={r}
            checked={value === r}
            autoFocus={focusFirst && i === 0}
            onChange={() => onChoose(r)}
          />
          <span>
            {t(`cancel.reasons.${r}`)}
            <span className="hint"> {t(`cancel.reasonHints.${r}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
