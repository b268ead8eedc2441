/**
 * Search the books by 電子帳簿保存法's keys (date range, amount, counterparty) and more: a store,
 * its dates, amounts from/to, a reservation number, a guest's name, staff. The answer comes a page
 * at a time (`next`); "show more" adds the next page below. The form and what was found live in
 * the app (SearchState), so coming back from a record finds them as they were.
 */
import { useState, type FormEvent } from 'react';
import type { RecordSummary, SearchQuery } from '../../../../protocol/web';
import { useSession } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { StoreSelect } from '../../components/StoreSelect';
import { day } from '../../format';
import { useWords } from '../../i18n';
import { Results } from './Results';

export interface SearchForm {
  storeId: string;
  from: string;
  to: string;
  min: string;
  max: string;
  reservation: string;
  guest: string;
  staff: string;
}

export interface SearchState {
  form: SearchForm;
  /** What was asked (the form may have changed since), what came, and the next page's key. */
  found: {
    query: SearchQuery;
    records: RecordSummary[];
    next: string | null;
    tookMs: number;
  } | null;
}

export function queryOf(form: SearchForm): SearchQuery {
  const text = (value: string) => value.trim() || undefined;
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  return {
    storeId: form.storeId,
    from: form.from,
    to: form.to,
    min: number(form.min),
    max: number(form.max),
    reservation: text(form.reservation),
    guest: text(form.guest),
    staff: text(form.staff),
  };
}

export function Search({
  state,
  onState,
}: {
  state: SearchState | null;
  onState(state: SearchState): void;
}) {
  const words = useWords();
  const w = words.search;
  const { client, me } = useSession();
  const today = day();
  const current: SearchState = state ?? {
    form: {
      storeId: me.stores[0]?.id ?? '',
      from: today,
      to: today,
      min: '',
      max: '',
      reservation: '',
      guest: '',
      staff: '',
    },
    found: null,
  };
  const { form, found } = current;
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const edit = (change: Partial<SearchForm>) =>
    onState({ ...current, form: { ...form, ...change } });

  const run = async (query: SearchQuery, more: boolean) => {
    setWorking(true);
    setError(null);
    try {
      const answer = await client.search(query);
      onState({
        form,
        found: {
          query,
          records: more && found ? [...found.records, ...answer.records] : answer.records,
          next: answer.next,
          tookMs: answer.tookMs,
        },
      });
    } catch (failure) {
      setError(failure);
    } finally {
      setWorking(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.from > form.to) {
      setProblem(w.badRange);
      return;
    }
    setProblem(null);
    void run(queryOf(form), false);
  };

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{w.title}</h1>
      <form className="query" onSubmit={submit}>
        <StoreSelect value={form.storeId} onChange={(storeId) => edit({ storeId })} />
        <label>
          {words.common.from}
          <input
            type="date"
            required
            value={form.from}
            onChange={(e) => edit({ from: e.target.value })}
          />
        </label>
        <label>
          {words.common.to}
          <input
            type="date"
            required
            value={form.to}
            onChange={(e) => edit({ to: e.target.value })}
          />
        </label>
        <label>
          {w.min}
          <input
            type="number"
            inputMode="numeric"
            step="1"
            value={form.min}
            onChange={(e) => edit({ min: e.target.value })}
          />
        </label>
        <label>
          {w.max}
          <input
            type="number"
            inputMode="numeric"
            step="1"
            value={form.max}
            onChange={(e) => edit({ max: e.target.value })}
          />
        </label>
        <label>
          {w.reservation}
          <input
            type="text"
            value={form.reservation}
            onChange={(e) => edit({ reservation: e.target.value })}
          />
        </label>
        <label>
          {w.guest}
          <input type="text" value={form.guest} onChange={(e) => edit({ guest: e.target.value })} />
        </label>
        <label>
          {w.staff}
          <input type="text" value={form.staff} onChange={(e) => edit({ staff: e.target.value })} />
        </label>
        <button type="submit" className="primary" disabled={working || !form.storeId}>
          {w.submit}
        </button>
      </form>
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
      {found && (
        <>
          <p className="found" role="status">
            {w.found(found.records.length, String(Math.round(found.tookMs)), found.next !== null)}
          </p>
          {found.records.length === 0 ? <p>{w.none}</p> : <Results records={found.records} />}
          {found.next !== null && (
            <button
              type="button"
              disabled={working}
              onClick={() => void run({ ...found.query, after: found.next ?? undefined }, true)}
            >
              {w.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}
