/**
 * A PIN pad (issue 29): a masked field the keyboard types into and digit keys to tap, counter
 * sized. The PIN lives in the field alone (uncontrolled: never mirrored into the page's markup,
 * never kept in a store); only how many digits are in is state. Knowing the PIN's length (a
 * tile's), the pad answers at its last digit: one tap and the PIN, nothing more.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'backspace'] as const;

export function PinPad({
  label,
  hint,
  digits,
  busy,
  submitLabel,
  onPin,
}: {
  label: string;
  hint: string;
  /** The PIN's length when known: it is sent at its last digit; otherwise on Enter or the button. */
  digits: number | null;
  busy: boolean;
  submitLabel: string;
  onPin(pin: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [count, setCount] = useState(0);

  useEffect(() => field.current?.focus(), []);

  function send() {
    const input = field.current;
    if (!input || busy) return;
    const pin = input.value;
    if (!/^\d{4,8}$/.test(pin)) return;
    // The last digit is in: a mark for the bench (issue 29: painted within 100 ms after it).
    performance.mark('fd:pin-entered');
    input.value = '';
    setCount(0);
    onPin(pin);
  }

  function changed() {
    const input = field.current;
    if (!input) return;
    const clean = input.value.replace(/\D/g, '').slice(0, 8);
    if (clean !== input.value) input.value = clean;
    setCount(clean.length);
    if (digits !== null && clean.length === digits) send();
  }

  function press(key: (typeof KEYS)[number]) {
    const input = field.current;
    if (!input || busy) return;
    if (key === 'clear') input.value = '';
    else if (key === 'backspace') input.value = input.value.slice(0, -1);
    else input.value += key;
    changed();
    input.focus();
  }

  return (
    <form
      className="pin-pad"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={field}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        aria-describedby={`${id}-hint ${id}-count`}
        disabled={busy}
        onChange={changed}
      />
      <p className="hint pin-hint">
        <span id={`${id}-hint`}>{hint}</span>{' '}
        <span id={`${id}-count`} aria-live="polite">
          {busy ? t('staff.signIn.checking') : t('staff.signIn.entered', { count })}
        </span>
      </p>
      <div className="pin-keys" role="group" aria-label={t('staff.signIn.pad')}>
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            disabled={busy}
            onClick={() => press(key)}
            aria-label={
              key === 'clear'
                ? t('staff.signIn.clear')
                : key === 'backspace'
                  ? t('staff.signIn.backspace')
                  : undefined
            }
          >
            {key === 'clear'
              ? t('staff.signIn.clearKey')
              : key === 'backspace'
                ? t('staff.signIn.backspaceKey')
                : key}
          </button>
        ))}
      </div>
      {digits === null && (
        <button type="submit" className="primary" disabled={busy || count < 4}>
          {submitLabel}
        </button>
      )}
    </form>
  );
}
