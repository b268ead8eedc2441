/**
 * What the staff screens share: a PIN field (the PIN stays in the field, uncontrolled: never in
 * the page's markup or a store), what a refused PIN says (tries left, or until when to wait), and
 * the busy and error state of a form that calls the main process.
 */
import { useCallback, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { asCallError, type CallError } from '../../api/api';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { pinRefusalOf } from '../../stores/staff';

export function PinField({
  id,
  label,
  ref,
  required,
}: {
  id: string;
  label: string;
  ref: Ref<HTMLInputElement>;
  required: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4,8}"
        required={required}
      />
    </>
  );
}

/** A refused PIN: how many tries are left, or until when to wait; any other error by its code. */
export function PinError({ error }: { error: CallError | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!error) return null;
  const refusal = pinRefusalOf(error);
  if (!refusal) return <ErrorNote code={error.code} />;
  return (
    <p className="error-text" role="alert">
      {refusal.waitUntil !== null
        ? t('staff.signIn.waitUntil', { time: fmt.instant(refusal.waitUntil) })
        : t('staff.signIn.attemptsLeft', { count: refusal.attemptsLeft })}
    </p>
  );
}

/** A form's call: busy while it runs, its failure kept to show. */
export function useCalling() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CallError | null>(null);
  const run = useCallback(<T,>(work: () => Promise<T>, then?: (value: T) => void) => {
    setBusy(true);
    setError(null);
    work()
      .then((value) => then?.(value))
      .catch((failure: unknown) => setError(asCallError(failure)))
      .finally(() => setBusy(false));
  }, []);
  return { busy, error, run };
}
