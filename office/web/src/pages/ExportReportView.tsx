/**
 * What an export holds, and what it left out or changed (decision AB67), shown beside its
 * download: a record left out is named with why, so the accountant never books a silent gap.
 */
import type { ExportReport } from '../../../protocol/web';
import { ScrollBox } from '../components/ScrollBox';
import { useYen } from '../format';
import { useWords } from '../i18n';
import { kindName } from './record/kinds';

export function ExportReportView({ report }: { report: ExportReport }) {
  const words = useWords();
  const yen = useYen();
  const w = words.exports.report;
  const c = words.search.columns;
  return (
    <section className="export-report" aria-labelledby="export-report-title">
      <h2 id="export-report-title">{w.title}</h2>
      <p>{w.file(report.fileName, report.rows)}</p>
      {report.skipped.length > 0 && (
        <>
          <h3 className="warn">
            <span aria-hidden="true">⚠ </span>
            {w.skipped(report.skipped.length)}
          </h3>
          <ScrollBox label={w.skipped(report.skipped.length)}>
            <table className="plain">
              <thead>
                <tr>
                  <th scope="col">{c.date}</th>
                  <th scope="col">{c.counter}</th>
                  <th scope="col">{words.record.id}</th>
                  <th scope="col">{c.kind}</th>
                  <th scope="col" className="num">
                    {c.amount}
                  </th>
                  <th scope="col">{w.reason}</th>
                </tr>
              </thead>
              <tbody>
                {report.skipped.map((s) => (
                  <tr key={`${s.counterName}:${s.recordId}`}>
                    <td>{s.businessDate ?? '—'}</td>
                    <td>{s.counterName}</td>
                    <td>{s.recordId}</td>
                    <td>{kindName(words, s.kind)}</td>
                    <td className="num">{yen(s.amount)}</td>
                    <td>
                      {w.reasons[s.reason]}
                      {s.detail && <small> {words.errors.detail(s.detail)}</small>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
      {report.warnings.length > 0 && (
        <>
          <h3 className="warn">
            <span aria-hidden="true">⚠ </span>
            {w.warnings(report.warnings.length)}
          </h3>
          <ScrollBox label={w.warnings(report.warnings.length)}>
            <table className="plain">
              <thead>
                <tr>
                  <th scope="col">{words.record.id}</th>
                  <th scope="col">{w.field}</th>
                  <th scope="col">{w.text}</th>
                  <th scope="col">{w.replaced}</th>
                </tr>
              </thead>
              <tbody>
                {report.warnings.map((warning, i) => (
                  <tr key={i}>
                    <td>{warning.recordId}</td>
                    <td>{warning.field}</td>
                    <td>{warning.text}</td>
                    <td>{warning.characters.join(' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
    </section>
  );
}
