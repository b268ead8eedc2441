/** Records found: each row opens the record (its history, approvals, receipts). */
import type { RecordSummary } from '../../../../protocol/web';
import { pathOf } from '../../app/router';
import { Link } from '../../components/Link';
import { ScrollBox } from '../../components/ScrollBox';
import { hhmm, useYen } from '../../format';
import { useWords } from '../../i18n';
import { kindName, problemText } from '../record/kinds';

export function Results({ records }: { records: readonly RecordSummary[] }) {
  const words = useWords();
  const yen = useYen();
  const c = words.search.columns;
  return (
    <ScrollBox label={words.search.results}>
      <table className="results">
        <thead>
          <tr>
            <th scope="col">{c.date}</th>
            <th scope="col">{c.time}</th>
            <th scope="col">{c.counter}</th>
            <th scope="col">{c.kind}</th>
            <th scope="col" className="num">
              {c.amount}
            </th>
            <th scope="col">{c.reservation}</th>
            <th scope="col">{c.guest}</th>
            <th scope="col">{c.staff}</th>
            <th scope="col">{c.problem}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.key} className={r.problem ? 'problem' : undefined}>
              <td>
                <Link to={pathOf({ page: 'record', key: r.key })}>
                  {r.businessDate ?? '—'}
                  <span className="visually-hidden"> {words.search.open(r.id)}</span>
                </Link>
              </td>
              <td>{r.at === null ? '—' : hhmm(r.at)}</td>
              <td>{r.counterName}</td>
              <td>{kindName(words, r.kind)}</td>
              <td className="num">{yen(r.amount)}</td>
              <td>{r.reservationNumber ?? ''}</td>
              <td>{r.guest ?? ''}</td>
              <td>{r.staff?.name ?? ''}</td>
              <td>
                {r.problem && (
                  <>
                    <span aria-hidden="true">⚠ </span>
                    {problemText(words, r.problem)}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
