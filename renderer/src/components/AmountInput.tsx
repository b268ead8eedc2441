/**
 * A whole amount typed at the counter, never below zero (yen, or a count of notes): the numeric
 * keypad and the counter's large digits. A correction's signed amount is its own field.
 */
import type { InputHTMLAttributes } from 'react';

export function AmountInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="number" inputMode="numeric" min={0} className="money-input" {...props} />;
}
