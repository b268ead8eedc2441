/**
 * A number with − and + buttons, for headcounts: big targets for touch, a plain number field for
 * the keyboard (arrows step; Enter submits the form it is in).
 */
import { useId } from 'react';

interface StepperProps {
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  value: number;
  onChange(value: number): void;
  min?: number;
  max?: number;
  /** A hint under the field (e.g. the booked count). */
  hint?: string;
  invalid?: boolean;
  errorId?: string;
  disabled?: boolean;
}

export function Stepper({
  label,
  decreaseLabel,
  increaseLabel,
  value,
  onChange,
  min = 0,
  max = 999,
  hint,
  invalid,
  errorId,
  disabled,
}: StepperProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, errorId ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="stepper">
      <label htmlFor={id} className="stepper-label">
        {label}
      </label>
      <div className="stepper-row">
        <button
          type="button"
          className="step"
          aria-label={decreaseLabel}
          onClick={() => onChange(Math.max(min, value - 1))}
          disabled={disabled || value <= min}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className="step-value"
          min={min}
          max={max}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(n))
              onChange(Math.max(min, Math.min(max, n)));
          }}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className="step"
          aria-label={increaseLabel}
          onClick={() => onChange(Math.min(max, value + 1))}
          disabled={disabled || value >= max}
        >
          +
        </button>
      </div>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
