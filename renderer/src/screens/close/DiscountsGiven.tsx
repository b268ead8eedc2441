/**
 * The close's discounts given at the counter (issue 30): how many, how much, and by reason in the
 * words the records kept (a reason renamed since still reads as it was given) — this counter's, or
 * every counter's on the store's.
 */
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountsGiven as Given } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';
import { langOf } from '../../i18n';

export function DiscountsGiven({ given, store }: { given: Given; store?: boolean }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const lang = langOf(i18n);
  return (
    <section className="card discounts-given" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('money.journal.discounts')}
        {store && t('money.close.allCounters')}
      </h3>
      <dl className="facts">
        <dt>{t('money.close.discountsAll')}</dt>
        <dd>{t('onsiteClose.line', { count: given.count, amount: fmt.money(given.amount) })}</dd>
        {given.byReason.map((r) => (
          <Fragment key={r.id}>
            <dt>{r[lang]}</dt>
            <dd>{t('onsiteClose.line', { count: r.count, amount: fmt.money(r.amount) })}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
