/** A time of day (HH:mm) with its label, sent once typed in full and the field left. */
import { useId, useState } from 'react';

export function TimeField(props: {
  label: string;
  hint?: string;
  value: string;
  invalid?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div className="time-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="time"
        step={60}
        value={typed ?? props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => {
          // Sent once typed in full (HH:mm), when the field is left: not at every keystroke.
          if (typed && /^\d\d:\d\d$/.test(typed) && typed !== props.value) props.onChange(typed);
          setTyped(null);
        }}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}
