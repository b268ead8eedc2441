/**
 * The close's on-site line (issue 27, decision I9): the collections of bookings paid on site, by
 * tender, beside the walk-ins — this counter's on its close, every counter's on the store's —;
 * then the shop's on-site bookings of the day still unpaid — money the shop expected and did not
 * take — and the unpaid no-shows, who owe nothing.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnSiteCloseLine, OnSiteOwing } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';

export function OnSiteClose({ line: o, store }: { line: OnSiteCloseLine; store?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  return (
    <section className="card onsite-close" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(store ? 'onsiteClose.storeTitle' : 'onsiteClose.title')}</h3>
      <dl className="facts">
        <dt>{t('onsiteClose.taken')}</dt>
        <dd>
          {t('onsiteClose.line', {
            count: o.collections.count,
            amount: fmt.money(o.collections.amount),
          })}
          {o.discounts > 0 &&
            ` · ${t('onsiteClose.discounts', { amount: fmt.money(o.discounts) })}`}
        </dd>
        {o.byTender.map((row) => (
          <Pair
            key={row.method}
            label={t(`money.methods.${row.method}`)}
            value={t('onsiteClose.line', { count: row.count, amount: fmt.money(row.amount) })}
          />
        ))}
      </dl>
      <h4 id={`${id}-unpaid`}>
        {t('onsiteClose.unpaidTitle')}{' '}
        <span className={o.unpaid.count > 0 ? 'warn-text' : undefined}>
          {t('onsiteClose.unpaidLine', {
            count: o.unpaid.count,
            amount: fmt.money(o.unpaid.amount),
          })}
        </span>
      </h4>
      <OwingList items={o.unpaid.items} labelledBy={`${id}-unpaid`} />
      <h4 id={`${id}-noshows`}>
        {t('onsiteClose.noShowsTitle')} {o.noShows.count}
      </h4>
      <OwingList items={o.noShows.items} labelledBy={`${id}-noshows`} />
    </section>
  );
}

function Pair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function OwingList({ items, labelledBy }: { items: OnSiteOwing[]; labelledBy: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (items.length === 0) return <p className="hint">{t('onsiteClose.none')}</p>;
  return (
    <ul className="owing-list" aria-labelledby={labelledBy}>
      {items.map((u) => (
        <li key={u.reservationId}>
          {fmt.time(u.startTime)} {u.productName} · {u.customerName || t('common.noName')}
          {u.number && ` · ${t('common.number', { number: u.number })}`} ·{' '}
          {u.owed === null ? t('onsiteClose.unknownAmount') : fmt.money(u.owed)}
          {!u.methodKnown && ` (${t('onsiteClose.methodNotSaid')})`}
        </li>
      ))}
    </ul>
  );
}
