/** The walk-in's failed call, if any, shown by its code inside the step. */
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';

export function StepError() {
  const { stores } = useApp();
  const error = useSlice(stores.walkIn, (s) => s.error);
  return error ? <ErrorNote code={error.code} /> : null;
}
