/**
 * The audit list (issue 29), for whoever may read it (managers by default): the records of some
 * business days — sign-ins, approvals, wrong PINs, what moved money or settings — and those that
 * cannot be read, said as such; exported as CSV.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditWords, type AuditEntryView } from '../../../../main/ipc/contract';
import { asCallError, type CallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { langOf } from '../../i18n';
import { csvBlob } from '../../app/platform';

export function AuditScreen() {
  const { t, i18n } = useTranslation();
  const { api, stores, platform } = useApp();
  const fmt = useFormat();
  const id = useId();
  const today = useSlice(stores.day, (s) => s.today) ?? '';
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [entries, setEntries] = useState<AuditEntryView[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);

  const load = useCallback(
    (days: { from: string; to: string }) =>
      api
        .call('audit.list', days)
        .then((list) => {
          setEntries(list.entries);
          setError(null);
        })
        .catch((failure: unknown) => setError(asCallError(failure))),
    [api],
  );
  const show = () => {
    if (from && to) void load({ from, to });
  };
  // Once, for the day it opens on.
  useEffect(() => {
    if (today) void load({ from: today, to: today });
  }, [load, today]);

  async function exportCsv() {
    setDone(null);
    try {
      const out = await api.call('audit.csv', { from, to, locale: langOf(i18n) });
      platform.download(out.fileName, csvBlob(out.csv));
      setDone(t('staff.audit.exported', { count: out.rows, file: out.fileName }));
    } catch (failure) {
      setError(asCallError(failure));
    }
  }

  return (
    <section className="screen audit" aria-labelledby="audit-title">
      <BackButton />
      <h2 id="audit-title">{t('staff.audit.title')}</h2>
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <label htmlFor={`${id}-from`}>{t('staff.audit.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label htmlFor={`${id}-to`}>{t('staff.audit.to')}</label>
        <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className="primary">
          {t('staff.audit.show')}
        </button>
        <button type="button" onClick={() => void exportCsv()}>
          {t('staff.audit.export')}
        </button>
      </form>
      <p role="status" className="hint">
        {done}
      </p>
      {error && <ErrorNote code={error.code} />}
      {entries && entries.length === 0 && <p>{t('staff.audit.none')}</p>}
      {entries && entries.length > 0 && (
        <table className="tender-table audit-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.audit.columns.time')}</th>
              <th scope="col">{t('staff.audit.columns.kind')}</th>
              <th scope="col">{t('staff.audit.columns.staff')}</th>
              <th scope="col">{t('staff.audit.columns.approvedBy')}</th>
              <th scope="col">{t('staff.audit.columns.subject')}</th>
              <th scope="col">{t('staff.audit.columns.action')}</th>
              <th scope="col">{t('staff.audit.columns.counter')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{e.at === null ? '—' : fmt.instant(e.at)}</td>
                <th scope="row">
                  {t(`staff.audit.kinds.${e.kind}`)}
                  {e.problem && (
                    <span className="hint">
                      {' '}
                      {t(`staff.audit.problems.${e.problem as 'corrupt'}`)}
                    </span>
                  )}
                </th>
                <td>{e.staffName ?? ''}</td>
                <td>{e.approvedByName ?? ''}</td>
                <td>{e.subjectName ?? ''}</td>
                <td>{auditWords.actionText(auditWords[langOf(i18n)], e)}</td>
                <td>{e.counterName ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
