/**
 * One record: what it is, who made and who approved it, its payments, lines and taxes, its history
 * oldest first (nothing is edited: a correction or refund is a new record after it), and each
 * receipt issued for it drawn as a copy.
 */
import { useCallback } from 'react';
import type { RecordDetail, RecordSummary } from '../../../../protocol/web';
import { useSession } from '../../app/context';
import { pathOf } from '../../app/router';
import { useLoad } from '../../app/useLoad';
import { ErrorNote } from '../../components/ErrorNote';
import { Link } from '../../components/Link';
import { dayAndTime, useYen } from '../../format';
import { useWords } from '../../i18n';
import { methodName } from '../today/StoreCard';
import { kindName, problemText } from './kinds';
import { ReceiptCopyView } from './ReceiptCopyView';

export function Record({ recordKey }: { recordKey: string }) {
  const words = useWords();
  const { client } = useSession();
  const load = useCallback(() => client.record(recordKey), [client, recordKey]);
  const { data, error, loading, reload } = useLoad(load);
  return (
    <section aria-labelledby="record-title">
      <p>
        <Link to="/app/search">← {words.record.back}</Link>
      </p>
      <h1 id="record-title">{words.record.title}</h1>
      {error !== null && <ErrorNote error={error} onRetry={reload} />}
      {loading && !data && <p className="loading">{words.common.loading}</p>}
      {data && <Detail detail={data} />}
    </section>
  );
}

function Detail({ detail }: { detail: RecordDetail }) {
  const words = useWords();
  const yen = useYen();
  const w = words.record;
  const c = words.search.columns;
  const r = detail.record;
  return (
    <>
      <dl className="record-facts">
        <Fact term={w.id} value={r.id} />
        <Fact term={c.date} value={r.businessDate ?? '—'} />
        <Fact term={c.time} value={r.at === null ? '—' : dayAndTime(r.at)} />
        <Fact term={c.counter} value={r.counterName} />
        <Fact term={c.kind} value={kindName(words, r.kind)} />
        <Fact term={c.amount} value={yen(r.amount)} />
        <Fact term={c.reservation} value={r.reservationNumber ?? '—'} />
        <Fact term={c.guest} value={r.guest ?? '—'} />
        <Fact term={c.staff} value={r.staff?.name ?? '—'} />
        <Fact term={w.approvedBy} value={r.approvedBy?.name ?? w.notApproved} />
        {r.problem && <Fact term={c.problem} value={problemText(words, r.problem)} />}
      </dl>
      {r.payments.length > 0 && (
        <table className="plain">
          <caption>{w.payments}</caption>
          <tbody>
            {r.payments.map((p, i) => (
              <tr key={i}>
                <th scope="row">
                  {methodName(words.methods, p.method)}
                  {p.brand && ` · ${p.brand}`}
                </th>
                <td className="num">{yen(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.lines.length > 0 && (
        <table className="plain">
          <caption>{w.lines}</caption>
          <thead>
            <tr>
              <th scope="col">{w.lines}</th>
              <th scope="col" className="num">
                {w.quantity}
              </th>
              <th scope="col" className="num">
                {c.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">{line.name}</th>
                <td className="num">{line.quantity}</td>
                <td className="num">{yen(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.taxes.length > 0 && (
        <table className="plain">
          <caption>{w.taxes}</caption>
          <tbody>
            {detail.taxes.map((t) => (
              <tr key={t.rate}>
                <th scope="row">{w.tax(t.rate)}</th>
                <td className="num">{yen(t.gross)}</td>
                <td className="num">
                  {w.taxIn} {yen(t.tax)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail.notes.length > 0 && (
        <section aria-labelledby="record-notes">
          <h2 id="record-notes">{w.notes}</h2>
          <ul>
            {detail.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </section>
      )}
      <History history={detail.history} current={r.key} />
      <section aria-labelledby="record-receipts">
        <h2 id="record-receipts">{w.receipts}</h2>
        {detail.receipts.length === 0 && <p>{words.common.none}</p>}
        <p className="hint">{detail.receipts.length > 0 && w.copyNote}</p>
        <div className="receipts">
          {detail.receipts.map((receipt) =>
            receipt.copy ? (
              <ReceiptCopyView
                key={receipt.record.key}
                copy={receipt.copy}
                reissue={receipt.reissue}
              />
            ) : (
              <p key={receipt.record.key} className="hint">
                {receipt.record.id}: {w.noCopy}
              </p>
            ),
          )}
        </div>
      </section>
    </>
  );
}

function History({ history, current }: { history: readonly RecordSummary[]; current: string }) {
  const words = useWords();
  const yen = useYen();
  const w = words.record;
  const c = words.search.columns;
  return (
    <section aria-labelledby="record-history">
      <h2 id="record-history">{w.history}</h2>
      <p className="hint">{w.historyHint}</p>
      <ol className="history" aria-labelledby="record-history">
        {history.map((h) => (
          <li key={h.key} className={h.key === current ? 'current' : undefined}>
            <span className="when">
              {h.at === null ? (h.businessDate ?? '—') : dayAndTime(h.at)}
            </span>{' '}
            {h.key === current ? (
              <strong>
                {kindName(words, h.kind)} ({w.thisRecord})
              </strong>
            ) : (
              <Link to={pathOf({ page: 'record', key: h.key })}>{kindName(words, h.kind)}</Link>
            )}{' '}
            <span className="num">{yen(h.amount)}</span>
            {h.staff && (
              <span>
                {' · '}
                {c.staff}: {h.staff.name}
              </span>
            )}
            {h.approvedBy && (
              <span>
                {' · '}
                {w.approvedBy}: {h.approvedBy.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
