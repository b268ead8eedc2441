/**
 * Counter items beside a tender (issue 30): quick tiles of the store's items on sale, the most sold
 * at this counter first, and the items picked with their quantities; the reduced-rate ones marked
 * ※ as the receipt marks them. Works on any store holding a basket: the walk-in's, items alone.
 */
import { useId } from 'react';
import type { StoreApi } from 'zustand';
import { useTranslation } from 'react-i18next';
import { REDUCED_RATE } from '../../../main/ipc/contract';
import { useApp, useSlice } from '../app/context';
import { useFormat } from '../app/hooks';
import { langOf } from '../i18n';
import { basketTotal, type BasketActions, type BasketState } from './basket';
import '../screens/items/items.css';

export type BasketStore = StoreApi<BasketState & BasketActions>;

/** The tiles shown: items on sale, the most sold first, then by name. */
const TILES = 12;

export function BasketPanel({ store }: { store: BasketStore }) {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const id = useId();
  const lang = langOf(i18n);
  const view = useSlice(stores.items, (s) => s.view);
  const basket = useSlice(store, (s) => s.basket);
  const b = store.getState();
  const onSale = (view?.items ?? [])
    .filter((i) => i.active)
    .sort((a, b2) => b2.sold - a.sold || a.name[lang].localeCompare(b2.name[lang], lang))
    .slice(0, TILES);
  const mark = (rate: number) => (rate === REDUCED_RATE ? ' ※' : '');
  if (!view) return null;
  return (
    <fieldset className="items-panel">
      <legend>{t('items.panel')}</legend>
      {onSale.length === 0 ? (
        <p className="hint">{t('items.none')}</p>
      ) : (
        <ul className="item-tiles" aria-label={t('items.tilesLabel')}>
          {onSale.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="item-tile"
                aria-label={t('items.add', { name: item.name[lang] })}
                onClick={() => b.addItem(item)}
              >
                <span className="tile-name">
                  {item.name[lang]}
                  {mark(item.rate)}
                </span>
                <span className="tile-price">{fmt.money(item.price)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {basket.length > 0 && (
        <table className="picked" aria-labelledby={`${id}-picked`}>
          <caption id={`${id}-picked`}>{t('items.picked')}</caption>
          <tbody>
            {basket.map((line) => (
              <tr key={line.itemId}>
                <th scope="row">
                  {line.name[lang]}
                  {mark(line.rate)}
                </th>
                <td>
                  <input
                    type="number"
                    min={0}
                    max={999}
                    inputMode="numeric"
                    value={line.quantity}
                    aria-label={t('items.quantity', { name: line.name[lang] })}
                    onChange={(e) => b.setItemQuantity(line.itemId, Number(e.target.value) || 0)}
                  />
                </td>
                <td className="amount">{fmt.money(line.unitPrice * line.quantity)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t('items.remove', { name: line.name[lang] })}
                    onClick={() => b.setItemQuantity(line.itemId, 0)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('items.itemsTotal')}</th>
              <td />
              <td className="amount">{fmt.money(basketTotal(basket))}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      {basket.some((l) => l.rate === REDUCED_RATE) && <p className="hint">{t('items.reduced')}</p>}
    </fieldset>
  );
}
