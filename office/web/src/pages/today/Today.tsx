/**
 * Today, live: every store the person may see, flagged ones first, refreshed every 2 s in place.
 * A chain of 1 000 stores stays usable: a filter by name and pages of PAGE_SIZE cards (only those
 * are drawn).
 */
import { useMemo, useState } from 'react';
import { useSession } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { clock, useYen } from '../../format';
import { useWords } from '../../i18n';
import { matching, ordered } from './order';
import { StoreCard } from './StoreCard';
import { useLive } from './useLive';

export const PAGE_SIZE = 20;

export function Today({ pollMs }: { pollMs?: number }) {
  const words = useWords();
  const yen = useYen();
  const w = words.today;
  const { client } = useSession();
  const { answer, error } = useLive(client, pollMs);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);

  const sorted = useMemo(() => (answer ? ordered(answer.stores) : []), [answer]);
  const shown = useMemo(() => matching(sorted, filter), [sorted, filter]);
  const flagged = sorted.filter((s) => s.flags.length > 0).length;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const at = Math.min(page, pages - 1);
  const visible = shown.slice(at * PAGE_SIZE, (at + 1) * PAGE_SIZE);
  const chainTotal = sorted.reduce((sum, s) => sum + s.total, 0);

  return (
    <section className="today" aria-labelledby="today-title">
      <div className="page-head">
        <h1 id="today-title">
          {w.title}
          {answer && <span className="subtle"> {answer.date}</span>}
        </h1>
        {/* Not a live region: read out every 2 s it would drown everything else. */}
        <p className="updated">{answer && !error && w.updated(clock(answer.at))}</p>
      </div>
      {error !== null && answer && (
        <p className="error-note" role="alert">
          <span aria-hidden="true" className="icon">
            ⚠
          </span>{' '}
          {w.stale(clock(answer.at))}
        </p>
      )}
      {error !== null && !answer && <ErrorNote error={error} />}
      {!answer && error === null && <p className="loading">{words.common.loading}</p>}
      {answer && (
        <>
          <div className="toolbar">
            <label className="filter">
              {w.filter}
              <input
                type="search"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setPage(0);
                }}
              />
            </label>
            <p className="summary">
              {w.shown(shown.length, sorted.length, flagged)}
              {' · '}
              {w.chainTotal} <strong>{yen(chainTotal)}</strong>
            </p>
          </div>
          {visible.length === 0 && <p>{w.noStores}</p>}
          <div className="stores">
            {visible.map((store) => (
              <StoreCard key={store.id} store={store} today={answer.date} />
            ))}
          </div>
          {pages > 1 && <Pager page={at} pages={pages} onPage={setPage} />}
        </>
      )}
    </section>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(p: number): void }) {
  const w = useWords().today.page;
  return (
    <nav className="pager" aria-label={w.label}>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {w.previous}
      </button>
      <span>{w.of(page + 1, pages)}</span>
      <button type="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {w.next}
      </button>
    </nav>
  );
}
