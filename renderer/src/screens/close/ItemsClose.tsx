/**
 * The close's counter items (issue 30): items sold alone, every item by category, and the day's
 * takings by tax rate with the tax they contain — the figures the invoice system's receipts add
 * up to, the reduced rate marked ※ as on them — this counter's, or every counter's on the store's.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { itemWords, type ItemsCloseLine } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';
import { langOf } from '../../i18n';

export function ItemsClose({ line, store }: { line: ItemsCloseLine; store?: boolean }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const w = itemWords[langOf(i18n)];
  return (
    <section className="card items-close" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {w.closeTitle}
        {store && t('money.close.allCounters')}
      </h3>
      <dl className="facts">
        <dt>{w.alone}</dt>
        <dd>{w.count(line.alone.count, fmt.money(line.alone.amount))}</dd>
      </dl>
      {line.byRate.length > 0 && (
        <table className="tender-table">
          <caption>{w.byRate}</caption>
          <thead>
            <tr>
              <th scope="col">{w.rateColumn}</th>
              <th scope="col">{w.amount}</th>
              <th scope="col">{w.tax}</th>
            </tr>
          </thead>
          <tbody>
            {line.byRate.map((r) => (
              <tr key={r.rate}>
                <th scope="row">{w.rate(r.rate)}</th>
                <td>{fmt.money(r.amount)}</td>
                <td>{fmt.money(r.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {line.byCategory.length > 0 && (
        <table className="tender-table">
          <caption>{w.byCategory}</caption>
          <thead>
            <tr>
              <th scope="col">{w.category}</th>
              <th scope="col">{w.quantity}</th>
              <th scope="col">{w.amount}</th>
            </tr>
          </thead>
          <tbody>
            {line.byCategory.map((c) => (
              <tr key={c.category}>
                <th scope="row">{w.categories[c.category]}</th>
                <td>{c.quantity}</td>
                <td>{fmt.money(c.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
