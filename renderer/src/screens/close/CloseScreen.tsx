/**
 * The day's close of this counter (レジ締め): the opening float, the count of the drawer, cash
 * expected against counted, over/short with a required note when not zero, the day's walk-ins and
 * check-ins, sales by method, by hour and by product, the drawer's opens; then close (the journal
 * locks), print the close report, export the journal as CSV, and — with other counters in the
 * shop — the store's close.
 *
 * Over 300 lines: the screen holds the count and the day's state its parts read; the parts (the
 * on-site line, cash moves, drawer opens, the store's close, the chart) are components of their own.
 */
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asCallError, type CallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { csvBlob } from '../../app/platform';
import { AmountInput } from '../../components/AmountInput';
import { BackButton } from '../../components/BackButton';
import { DocumentView } from '../../components/DocumentView';
import { ErrorNote } from '../../components/ErrorNote';
import { langOf } from '../../i18n';
import { printDocument } from '../../money/printDocument';
import { countedTotal } from '../../stores/close';
import { printerStateOf } from '../../stores/printer';
import { CashMoves } from './CashMoves';
import { CountTable } from './CountTable';
import { DrawerOpens } from './DrawerOpens';
import { ItemsClose } from './ItemsClose';
import { DiscountsGiven } from './DiscountsGiven';
import { OnSiteClose } from './OnSiteClose';
import { StoreClose } from './StoreClose';
import { StaffFiguresTable } from '../staff/StaffFiguresTable';

/**
 * The charts load when the close is opened: Chart.js is most of their weight, and the counter's
 * first screen must not wait for it (the start's script budget, issue 6).
 */
const SalesChart = lazy(() => import('./SalesChart').then((m) => ({ default: m.SalesChart })));

export function CloseScreen() {
  const { t, i18n } = useTranslation();
  const { stores, api, platform } = useApp();
  const fmt = useFormat();
  const id = useId();
  const c = useSlice(stores.close, (s) => s);
  const sharing = useSlice(stores.shop, (s) => s.settings?.sharing ?? false);
  const close = stores.close.getState();
  const [report, setReport] = useState<string | null>(null);
  const [busy, setBusy] = useState<'report' | 'csv' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);

  useEffect(() => {
    void stores.close.getState().open(null);
    // Whether the shop has other counters (sharing), for the store's close.
    if (!stores.shop.getState().settings) void stores.shop.getState().load();
  }, [stores.close, stores.shop]);

  const money = useCallback((n: number) => fmt.money(n), [fmt]);
  const v = c.view;
  const byHour = useMemo(
    () => (v?.salesByHour ?? []).map((h) => ({ label: `${h.hour}:00`, amount: h.amount })),
    [v?.salesByHour],
  );
  const byProduct = useMemo(
    () => (v?.salesByProduct ?? []).map((p) => ({ label: p.name, amount: p.amount })),
    [v?.salesByProduct],
  );

  if (!v)
    return (
      <section className="screen close" aria-labelledby="close-title">
        <BackButton />
        <h2 id="close-title">{t('money.close.title')}</h2>
        {c.error ? <ErrorNote code={c.error.code} /> : <p role="status">{t('common.loading')}</p>}
      </section>
    );

  const closed = v.closedAt !== null;
  const counted = countedTotal(c.counted);
  const expected = v.expectedCash - v.openingFloat + c.openingFloat;
  const overShort = counted - expected;
  const locale = langOf(i18n);

  async function withReport(show: boolean) {
    setBusy('report');
    setError(null);
    try {
      const doc = await api.call('close.report', { date: v!.businessDate, locale });
      if (show) setReport(doc.html);
      else printDocument(doc.html, platform.print);
    } catch (failure) {
      setError(asCallError(failure));
    } finally {
      setBusy(null);
    }
  }

  /** On the receipt printer when set-up routes the report there; else the page is printed. */
  async function printReport() {
    setBusy('report');
    setError(null);
    setDone(null);
    try {
      const answer = await api.call('close.print', { date: v!.businessDate, locale });
      if (!answer.ok)
        setDone(
          t('printer.printFailed', { state: t(`printer.states.${printerStateOf(answer.reason)}`) }),
        );
    } catch (failure) {
      const e = asCallError(failure);
      if (e.code !== 'PRINT_UNAVAILABLE') return setError(e);
      await withReport(false);
    } finally {
      setBusy(null);
    }
  }

  async function exportCsv() {
    setBusy('csv');
    setError(null);
    setDone(null);
    try {
      const day = v!.businessDate;
      const out = await api.call('journal.csv', { from: day, to: day, locale });
      platform.download(out.fileName, csvBlob(out.csv));
      // The audit goes with the journal, for whoever may read it (issue 29).
      if (stores.staff.getState().state?.may.includes('audit')) {
        const audit = await api.call('audit.csv', { from: day, to: day, locale });
        platform.download(audit.fileName, csvBlob(audit.csv));
      }
      setDone(t('money.close.csvDone', { count: out.rows, file: out.fileName }));
    } catch (failure) {
      setError(asCallError(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="screen close" aria-labelledby="close-title">
      <BackButton />
      <h2 id="close-title">
        {t('money.close.title')} · {fmt.date(v.businessDate)}
      </h2>
      {closed && (
        <p className="notice ok" role="status">
          {t('money.close.closedAt', { when: fmt.instant(v.closedAt!) })}
          {v.closedBy && ` ${t('staff.close.closedBy', { name: v.closedBy.name })}`}
        </p>
      )}
      {v.refundsOwed > 0 && (
        <p className="notice warn strong">
          {t('money.close.refundsOwed', { count: v.refundsOwed })}
        </p>
      )}
      {v.unreadable > 0 && (
        <p className="notice warn">{t('money.close.unreadable', { count: v.unreadable })}</p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void close.commit();
        }}
      >
        <div className="close-grid">
          <div>
            <label className="field">
              <span>{t('money.close.float')}</span>
              <AmountInput
                value={c.openingFloat}
                disabled={closed}
                onFocus={(e) => e.target.select()}
                onChange={(e) => close.setFloat(Number(e.target.value))}
              />
            </label>
            <CountTable counted={c.counted} disabled={closed} onChange={close.setCount} />
          </div>
          <section className="card" aria-labelledby={`${id}-cash`}>
            <h3 id={`${id}-cash`}>{t('money.close.cash')}</h3>
            <dl className="facts big-facts">
              <dt>{t('money.close.expected')}</dt>
              <dd>{fmt.money(expected)}</dd>
              <dt>{t('money.close.counted')}</dt>
              <dd>{fmt.money(counted)}</dd>
              <dt>{t('money.close.overShort')}</dt>
              <dd className={overShort === 0 ? 'strong' : 'strong warn-text'} aria-live="polite">
                {overShort === 0
                  ? t('money.close.even')
                  : overShort > 0
                    ? t('money.close.over', { amount: fmt.money(overShort) })
                    : t('money.close.short', { amount: fmt.money(-overShort) })}
              </dd>
            </dl>
            <label className="field">
              <span>{overShort !== 0 ? t('money.close.noteRequired') : t('money.close.note')}</span>
              <textarea
                value={c.note}
                maxLength={500}
                disabled={closed}
                aria-invalid={c.noteMissing || undefined}
                aria-describedby={c.noteMissing ? `${id}-note` : undefined}
                onChange={(e) => close.setNote(e.target.value)}
              />
            </label>
            {c.noteMissing && (
              <p id={`${id}-note`} className="problems shown" role="alert">
                {t('money.close.noteMissing')}
              </p>
            )}
            {c.error && <ErrorNote code={c.error.code} />}
            {!closed && (
              <button type="submit" className="primary" disabled={c.committing}>
                {c.committing ? t('money.close.closing') : t('money.close.commit')}
              </button>
            )}
          </section>
        </div>
      </form>

      <section className="card" aria-labelledby={`${id}-day`}>
        <h3 id={`${id}-day`}>{t('money.close.day')}</h3>
        <dl className="facts">
          <dt>{t('money.close.walkIns')}</dt>
          <dd>
            {t('money.close.walkInsValue', {
              count: v.walkIns.count,
              amount: fmt.money(v.walkIns.amount),
            })}
          </dd>
          <dt>{t('money.close.checkIns')}</dt>
          <dd>
            {t('money.close.checkInsValue', {
              arrived: v.checkIns.arrived,
              expected: v.checkIns.expected,
              rate:
                v.checkIns.rate === null
                  ? t('common.none')
                  : `${Math.round(v.checkIns.rate * 100)}%`,
            })}
          </dd>
          <dt>{t('money.close.noShows')}</dt>
          <dd>{v.checkIns.noShows}</dd>
        </dl>
        <table className="tender-table">
          <caption>{t('money.close.byTender')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.tender.method')}</th>
              <th scope="col">{t('money.close.sales')}</th>
              <th scope="col">{t('money.close.refunds')}</th>
              <th scope="col">{t('money.close.corrections')}</th>
              <th scope="col">{t('money.close.entries')}</th>
            </tr>
          </thead>
          <tbody>
            {v.byTender.map((row) => (
              <tr key={row.method}>
                <th scope="row">{t(`money.methods.${row.method}`)}</th>
                <td>{fmt.money(row.sales)}</td>
                <td>{fmt.money(row.refunds)}</td>
                <td>{fmt.money(row.corrections)}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <StaffFiguresTable rows={v.byStaff} />
      </section>

      <CashMoves moves={v.cashMoves} />
      <DrawerOpens opens={v.drawer} />
      {v.discountsGiven.count > 0 && <DiscountsGiven given={v.discountsGiven} />}
      <OnSiteClose line={v.onSite} />
      <ItemsClose line={v.items} />

      <Suspense fallback={null}>
        <div className="charts">
          <SalesChart
            title={t('money.close.byHour')}
            bars={byHour}
            money={money}
            labelHeader={t('money.close.hour')}
            amountHeader={t('money.close.sales')}
          />
          <SalesChart
            title={t('money.close.byProduct')}
            bars={byProduct}
            money={money}
            labelHeader={t('money.close.product')}
            amountHeader={t('money.close.sales')}
          />
        </div>
      </Suspense>

      <div className="actions">
        <button type="button" disabled={busy !== null} onClick={() => void printReport()}>
          {t('money.close.printReport')}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void withReport(true)}>
          {t('money.close.showReport')}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void exportCsv()}>
          {t('money.close.csv')}
        </button>
      </div>
      <p role="status" className="hint">
        {busy ? t('common.loading') : done}
      </p>
      {error && <ErrorNote code={error.code} />}
      {report && <DocumentView html={report} label={t('money.close.reportOf')} />}
      {sharing && <StoreClose />}
    </section>
  );
}
