/**
 * The store's close: every counter of the shop, closed or not yet, the store's totals, its on-site
 * line (every counter's collections, the shop's unpaid), its figures by staff, and its cash in/out,
 * items by rate and discounts (StoreParts: which counters did not send them, said). A counter not
 * closed has not counted (never "short"); one not reached, or with no figures shared, is named and
 * the store's figures said to be incomplete (AA20, AA21).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { StaffFiguresTable } from '../staff/StaffFiguresTable';
import { OnSiteClose } from './OnSiteClose';
import { StoreParts } from './StoreParts';

export function StoreClose() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const view = useSlice(stores.close, (s) => s.store);
  const error = useSlice(stores.close, (s) => s.storeError);
  const overShort = (n: number | null) =>
    n === null
      ? t('common.none')
      : n === 0
        ? t('money.close.even')
        : n > 0
          ? t('money.close.over', { amount: fmt.money(n) })
          : t('money.close.short', { amount: fmt.money(-n) });
  const missing = view?.missing ?? [];
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('money.close.storeTitle')}</h3>
      <button type="button" onClick={() => void stores.close.getState().loadStore()}>
        {t('money.close.storeLoad')}
      </button>
      {error && <ErrorNote code={error.code} />}
      {missing.length > 0 && (
        <div className="notice warn" role="alert">
          <p>{t('money.close.storeIncomplete')}</p>
          <ul>
            {missing.map((m) => (
              <li key={m.counterId}>
                {m.reason === 'no_figures'
                  ? t('money.close.storeNoFigures', { counter: m.counterName })
                  : m.asOf === null
                    ? t('money.close.storeNotReachedNone', { counter: m.counterName })
                    : t('money.close.storeNotReachedAsOf', {
                        counter: m.counterName,
                        time: fmt.instant(m.asOf),
                      })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {view && (
        <table className="tender-table">
          <caption>{t('money.close.storeCounters', { count: view.counters.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.close.counter')}</th>
              <th scope="col">{t('money.close.state')}</th>
              <th scope="col">{t('money.close.expected')}</th>
              <th scope="col">{t('money.close.counted')}</th>
              <th scope="col">{t('money.close.overShort')}</th>
            </tr>
          </thead>
          <tbody>
            {view.counters.map((c) => (
              <tr key={c.counterId}>
                <th scope="row">{c.counterName}</th>
                <td>
                  {c.closed ? t('money.close.closed') : t('money.close.notClosed')}
                  {!c.reached && ` · ${t('money.close.notReached')}`}
                </td>
                <td>{c.hasFigures ? fmt.money(c.expectedCash) : t('common.none')}</td>
                <td>
                  {!c.closed || c.countedCash === null
                    ? t('money.close.notCounted')
                    : fmt.money(c.countedCash)}
                </td>
                <td>{c.closed ? overShort(c.overShort) : t('common.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view && <OnSiteClose line={view.onSite} store />}
      {view && <StaffFiguresTable rows={view.byStaff} />}
      {view && <StoreParts view={view} />}
      {view && view.unreadable.length > 0 && (
        <p className="notice warn">
          {t('money.close.storeUnreadable', { count: view.unreadable.length })}
        </p>
      )}
      {view && (
        <p className="strong">
          {missing.length > 0 && t('money.close.storeSummaryIncomplete')}
          {t('money.close.storeSummary', {
            sales: fmt.money(view.byTender.reduce((sum, r) => sum + r.sales - r.refunds, 0)),
            overShort: overShort(view.overShort),
          })}
        </p>
      )}
    </section>
  );
}
