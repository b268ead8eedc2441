/**
 * Counter items sold alone (issue 30): the tiles and the picked list, the counter's discounts and
 * the tender (the walk-in's panels: I15), record — then the receipt; no booking, so it works offline as online. Below, the
 * manager's catalogue (ItemCatalogue.tsx).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { printsAtOnce } from '../../stores/money';
import { ReceiptActions } from '../money/ReceiptActions';
import { tenderTotalOf } from '../../checkout/tender';
import { DiscountFields } from '../../checkout/DiscountFields';
import { TenderPanel } from '../../checkout/TenderPanel';
import { ItemCatalogue } from './ItemCatalogue';
import { BasketPanel } from '../../checkout/BasketPanel';

export function ItemsScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const s = useSlice(
    stores.items,
    useShallow((x) => ({
      sold: x.sold,
      selling: x.selling,
      error: x.error,
      // What the tender pays: the items less the counter's discounts.
      total: tenderTotalOf(x) ?? 0,
      picked: x.basket.length,
      receiptLocale: x.receiptLocale,
    })),
  );
  const autoPrint = useSlice(stores.money, printsAtOnce);
  const items = stores.items.getState();
  useEffect(() => {
    void stores.items.getState().load();
  }, [stores.items]);

  return (
    <section className="items-screen" aria-labelledby="items-title">
      <h2 id="items-title">{t('items.title')}</h2>
      {s.sold ? (
        <div className="items-done">
          <p className="notice ok" role="status">
            {t('items.sold')} {fmt.money(s.sold.amount)}
          </p>
          {s.sold.change > 0 && (
            <p className="change-due">
              <span>{t('money.tender.change')}</span> <strong>{fmt.money(s.sold.change)}</strong>
            </p>
          )}
          <ReceiptActions entryId={s.sold.id} autoPrint={autoPrint} locale={s.receiptLocale} />
          <button type="button" className="primary" autoFocus onClick={() => items.newSale()}>
            {t('items.newSale')}
          </button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void items.sell();
          }}
        >
          <BasketPanel store={stores.items} />
          {s.picked > 0 ? (
            <>
              <DiscountFields store={stores.items} />
              <TenderPanel store={stores.items} queued={false} />
            </>
          ) : (
            <p className="hint">{t('items.nothingPicked')}</p>
          )}
          {s.error && <ErrorNote code={s.error.code} />}
          <div className="actions">
            <button type="submit" className="primary" disabled={s.selling || s.picked === 0}>
              {s.selling ? t('items.selling') : t('items.sell', { amount: fmt.money(s.total) })}
            </button>
          </div>
        </form>
      )}
      <ItemCatalogue />
    </section>
  );
}
