/**
 * The store's close, the parts a counter of an older version publishes without (decision Z13):
 * cash put in, taken out and changed, counter items by tax rate and category, discounts given —
 * every counter's that sent them added up — and which counters did not send which part, so the
 * store's figures are never read as if those counters had none.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { itemWords, type StoreClosePart, type StoreCloseView } from '../../../../main/ipc/contract';
import { langOf } from '../../i18n';
import { CashTotals } from './CashMoves';
import { DiscountsGiven } from './DiscountsGiven';
import { ItemsClose } from './ItemsClose';

export function StoreParts({ view }: { view: StoreCloseView }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lang = langOf(i18n);
  const partName: Record<StoreClosePart, string> = {
    items: itemWords[lang].closeTitle,
    discountsGiven: t('money.journal.discounts'),
    cashMoves: t('money.cash.title'),
  };
  const list = new Intl.ListFormat(lang, { type: 'conjunction' });
  const { cashMoves: moves } = view;
  return (
    <>
      {view.notReported.map((c) => (
        <p key={c.counterId} className="notice warn">
          {t('money.close.storeNotReported', {
            counter: c.counterName || c.counterId,
            parts: list.format(c.parts.map((p) => partName[p])),
          })}
        </p>
      ))}
      <section className="card cash-moves" aria-labelledby={`${id}-cash`}>
        <h3 id={`${id}-cash`}>
          {t('money.cash.title')}
          {t('money.close.allCounters')}
        </h3>
        {moves.count === 0 ? <p>{t('money.cash.none')}</p> : <CashTotals moves={moves} />}
      </section>
      <ItemsClose line={view.items} store />
      {view.discountsGiven.count > 0 && <DiscountsGiven given={view.discountsGiven} store />}
    </>
  );
}
