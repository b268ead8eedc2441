/**
 * One store today: takings, by method and brand, each kind of money, what the counters report,
 * and the counters. A flagged store says why in words and with a mark, not by colour alone.
 */
import type { LiveStore, Tally } from '../../../../protocol/web';
import { useYen } from '../../format';
import { useWords } from '../../i18n';
import { CounterTable } from './CounterTable';

export function StoreCard({ store, today }: { store: LiveStore; today: string }) {
  const words = useWords();
  const yen = useYen();
  const w = words.today;
  const flagged = store.flags.length > 0;
  const tally = (t: Tally | null) =>
    t === null ? w.notReported : words.common.tally(yen(t.amount), t.count);
  const headingId = `store-${store.id}`;
  return (
    <article className={flagged ? 'store flagged' : 'store'} aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>
          {flagged && (
            <span className="flag-mark">
              <span aria-hidden="true">⚠ </span>
              {w.flagged}
              <span className="visually-hidden">: </span>
            </span>
          )}
          {store.name}
        </h2>
        <p className="store-total">
          <span>{w.total}</span> <strong>{yen(store.total)}</strong>
        </p>
      </header>
      {flagged && (
        <ul className="flags">
          {store.flags.map((flag) => (
            <li key={flag}>{w.flags[flag]}</li>
          ))}
        </ul>
      )}
      {store.yesterday && (
        <p className="yesterday">
          {w.yesterday(
            store.yesterday.closedCounters,
            store.yesterday.counters,
            yen(store.yesterday.overShort),
          )}
        </p>
      )}
      <div className="store-body">
        <dl className="figures">
          <Figure term={w.walkIns} value={tally(store.walkIns)} />
          <Figure term={w.collections} value={tally(store.collections)} />
          <Figure term={w.goods} value={tally(store.goods)} />
          <Figure term={w.refunds} value={tally(store.refunds)} />
          <Figure term={w.corrections} value={tally(store.corrections)} />
          <Figure term={w.cashIn} value={tally(store.cashIn)} />
          <Figure term={w.cashOut} value={tally(store.cashOut)} />
          <Figure term={w.refundsOwed} value={tally(store.refundsOwed)} />
          <Figure term={w.onsiteUnpaid} value={tally(store.onsiteUnpaid)} />
        </dl>
        {store.byMethod.length > 0 && (
          <table className="methods">
            <caption>{w.byMethod}</caption>
            <tbody>
              {store.byMethod.map((m) => (
                <tr key={`${m.method}:${m.brand ?? ''}`}>
                  <th scope="row">
                    {methodName(words.methods, m.method)}
                    {m.brand && ` · ${m.brand}`}
                  </th>
                  <td>{words.common.tally(yen(m.amount), m.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {store.counters.length > 0 && <CounterTable counters={store.counters} today={today} />}
    </article>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A method's name in the page's words; one a newer counter knows and this page not, as it came. */
export function methodName(methods: Record<string, string>, method: string): string {
  return Object.hasOwn(methods, method) ? methods[method]! : method;
}
