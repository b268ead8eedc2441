/**
 * What the quick search found: by name, phone, e-mail or number; today's and upcoming parties
 * first. A long list is capped and says that more matched (typing more narrows it); an answer
 * that counted past the list (older versions counted to 100) says how many.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { CheckInState, ReservationStatus } from '../../components/Badges';
import { ErrorNote } from '../../components/ErrorNote';

export function SearchScreen() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const query = useSlice(stores.search, (s) => s.query);
  const text = useSlice(stores.search, (s) => s.text);
  const results = useSlice(stores.search, (s) => s.results);
  const exact = useSlice(stores.search, (s) => s.exact);
  const total = useSlice(stores.search, (s) => s.total);
  const more = useSlice(stores.search, (s) => s.more);
  const searching = useSlice(stores.search, (s) => s.searching);
  const error = useSlice(stores.search, (s) => s.error);
  const fmt = useFormat();
  const list = exact ? [exact, ...results.filter((r) => r.id !== exact.id)] : results;
  useEffect(() => {
    if (!query) return;
    // For the benchmark: results of a query on screen, then painted (the day view's way).
    performance.mark('fd:search-rendered', { detail: query });
    requestAnimationFrame(() =>
      setTimeout(() => performance.mark('fd:search-painted', { detail: query }), 0),
    );
  }, [query, results, exact]);
  return (
    <section className="screen" aria-labelledby="search-title">
      <BackButton />
      <h2 id="search-title">{t('search.title')}</h2>
      <p className="hint">{t('search.explain')}</p>
      {error && <ErrorNote code={error.code} />}
      <p role="status" className="search-status">
        {!text.trim()
          ? t('search.empty')
          : searching && query !== text.trim()
            ? t('search.searching')
            : more
              ? t('search.countMore', { n: list.length, total, query })
              : total > list.length
                ? t('search.countCapped', { n: list.length, total, query })
                : t('search.count', { n: list.length, query })}
      </p>
      {list.length > 0 && (
        <ul className="results">
          {list.map((r) => (
            <li key={`${r.id}|${r.date}|${r.productId}`}>
              <button type="button" className="result" onClick={() => actions.openReservation(r)}>
                <span className="result-name">{r.customerName || t('common.noName')}</span>
                <span>
                  {fmt.shortDate(r.date)} {fmt.time(r.startTime)} · {r.productName}
                </span>
                <span>{t('common.party', { adults: r.adults, children: r.children })}</span>
                {r.number && <span>{t('common.number', { number: r.number })}</span>}
                <ReservationStatus status={r.status} />
                <CheckInState checkIn={r.checkIn} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
