/**
 * The head office in set-up (issue 40): enrol this counter with the office's address and the
 * enrolment code (checked against the office's certificate in the main process; the credential
 * never comes here), then what it is enrolled as, "send now", a replacement PC's restore, and the
 * check of this counter's journal against the office's copy, day by day.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeCheck, OfficeView } from '../../../../main/ipc/contract';
import { asCallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';

export function OfficeSettings() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { api, stores } = useApp();
  const now = useSlice(stores.status, (s) => s.now);
  const restore = useSlice(stores.status, (s) => s.status?.office?.restore ?? null);
  const [view, setView] = useState<OfficeView | null>(null);
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'enrol' | 'check' | 'send' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<OfficeCheck | null>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    // An older main process (or a test's) without the office: set-up shows the form only.
    api.call('office.get', {}).then(
      (v) => live && setView(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const run = async <T,>(step: 'enrol' | 'check' | 'send', call: () => Promise<T>) => {
    setBusy(step);
    setError(null);
    try {
      return await call();
    } catch (e) {
      setError(asCallError(e).code);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const enrol = async (e: FormEvent) => {
    e.preventDefault();
    const enrolled = await run('enrol', () => api.call('office.enrol', { url, code }));
    if (enrolled) {
      setView(enrolled);
      setCode('');
    }
  };

  return (
    <section className="card office-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('office.setup.title')}</h3>
      <p className="hint">{t('office.setup.explain')}</p>
      {view?.training ? (
        <p role="note">{t('office.setup.training')}</p>
      ) : view?.enrolled ? (
        <>
          <p role="status">
            {t('office.setup.enrolled', {
              organisation: view.organisation,
              store: view.store,
              counter: view.counter,
            })}
          </p>
          <p>{t('office.setup.address', { url: view.url })}</p>
          {view.enrolledAt !== null && (
            <p>{t('office.setup.since', { time: fmt.instant(view.enrolledAt, now) })}</p>
          )}
          {restore && (
            <p role="status">
              <label htmlFor={`${id}-restore`}>
                {t('office.bar.restoring', { through: restore.through, head: restore.head })}
              </label>{' '}
              <progress id={`${id}-restore`} max={restore.head} value={restore.through} />
            </p>
          )}
          <button
            type="button"
            disabled={busy !== null}
            onClick={() =>
              void run('send', () => api.call('office.send', {})).then((v) => v && setView(v))
            }
          >
            {t('office.setup.sendNow')}
          </button>
          {view.damaged.length > 0 && (
            <section aria-labelledby={`${id}-damaged`}>
              <h4 id={`${id}-damaged`}>{t('office.setup.damagedTitle')}</h4>
              <p className="hint">{t('office.setup.damagedHint')}</p>
              <ul>
                {view.damaged.map((d) => (
                  <li key={d.seq}>
                    {t('office.setup.damagedItem', {
                      seq: d.seq,
                      date: d.businessDate ?? '—',
                      kind: d.kind ?? '—',
                      amount: fmt.money(d.amount),
                      problem: d.problem ?? '—',
                    })}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <OfficeCheckView
            check={check}
            busy={busy === 'check'}
            onRun={() =>
              void run('check', () => api.call('office.check', {})).then((c) => c && setCheck(c))
            }
          />
        </>
      ) : (
        <form onSubmit={(e) => void enrol(e)} aria-labelledby={`${id}-title`}>
          <label htmlFor={`${id}-url`}>{t('office.setup.url')}</label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            aria-describedby={`${id}-url-hint`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <p id={`${id}-url-hint`} className="hint">
            {t('office.setup.urlHint')}
          </p>
          <label htmlFor={`${id}-code`}>{t('office.setup.code')}</label>
          <input
            id={`${id}-code`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            aria-describedby={`${id}-code-hint`}
            onChange={(e) => setCode(e.target.value)}
          />
          <p id={`${id}-code-hint`} className="hint">
            {t('office.setup.codeHint')}
          </p>
          <button type="submit" disabled={busy !== null || !url.trim() || !code.trim()}>
            {busy === 'enrol' ? t('office.setup.enrolling') : t('office.setup.enrol')}
          </button>
        </form>
      )}
      {error && <ErrorNote code={error} />}
    </section>
  );
}

/** The check: every day where the counter and the office differ, with both figures. */
function OfficeCheckView({
  check,
  busy,
  onRun,
}: {
  check: OfficeCheck | null;
  busy: boolean;
  onRun: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const figures = (f: { count: number; sum: number } | null) =>
    f
      ? t('office.check.figures', { count: f.count, sum: fmt.money(f.sum) })
      : t('office.check.none');
  return (
    <section aria-labelledby={`${id}-check`}>
      <h4 id={`${id}-check`}>{t('office.check.title')}</h4>
      <p className="hint">{t('office.check.explain')}</p>
      <button type="button" disabled={busy} onClick={onRun}>
        {busy ? t('office.check.running') : t('office.check.run')}
      </button>
      {check && (
        <>
          <p role="status">
            {check.differences.length === 0
              ? t('office.check.same', { from: check.from, to: check.to, days: check.days })
              : t('office.check.differ', { count: check.differences.length })}
          </p>
          {check.differences.length > 0 && (
            <table aria-labelledby={`${id}-check`}>
              <thead>
                <tr>
                  <th scope="col">{t('office.check.day')}</th>
                  <th scope="col">{t('office.check.counter')}</th>
                  <th scope="col">{t('office.check.office')}</th>
                  <th scope="col">{t('office.check.waiting')}</th>
                </tr>
              </thead>
              <tbody>
                {check.differences.map((d) => (
                  <tr key={d.businessDate}>
                    <th scope="row">{d.businessDate}</th>
                    <td>{figures(d.counter)}</td>
                    <td>{figures(d.office)}</td>
                    <td>{d.pending > 0 ? t('office.check.pending', { count: d.pending }) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
