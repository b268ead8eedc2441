/**
 * Walk-in step 1: the product, from the day's products at this store, as tiles (decision G17):
 * name, list prices, the next slot a walk-in can take and its seats; the most sold here first,
 * those with nothing left today last (a closed day said so).
 */
import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { localNow, type Format } from '../../format/format';
import { currentDay } from '../../stores/day';
import { productTiles, type ProductTile } from './productTiles';
import { StepError } from './StepError';

export function ProductStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const date = useSlice(stores.walkIn, (s) => s.date);
  // The walk-in's day (today), or the day on screen until today's has come.
  const view = useSlice(stores.day, (s) => (date ? s.days[date] : undefined) ?? currentDay(s));
  const choices = useSlice(stores.walkIn, (s) => s.choices);
  const now = useSlice(stores.status, (s) => s.now);
  const { chooseProduct, loadChoices } = stores.walkIn.getState();
  useEffect(() => {
    void loadChoices();
  }, [loadChoices]);

  const tiles = view
    ? productTiles(view.products, choices, {
        date: view.date,
        today: view.today,
        nowTime: localNow(now, view.store.timeZone).time,
      })
    : [];
  // The order changes when the desk's sales come (the first walk-in of a session): the focus,
  // still on a tile as it was given, moves to the new first one so that Enter takes it.
  const list = useRef<HTMLUListElement>(null);
  const first = tiles[0]?.product.id;
  useEffect(() => {
    const focused = document.activeElement;
    if (focused?.classList.contains('product-tile') && list.current?.contains(focused))
      list.current.querySelector<HTMLElement>('.product-tile')?.focus();
  }, [first]);
  return (
    <div>
      <h3>{t('walkIn.chooseProduct')}</h3>
      <StepError />
      {tiles.length === 0 && <p>{t('walkIn.noProducts')}</p>}
      <ul ref={list} className="product-tiles">
        {tiles.map((tile, i) => (
          <li key={tile.product.id}>
            <button
              type="button"
              className={`product-tile${tile.next ? '' : ' unavailable'}`}
              autoFocus={i === 0}
              onClick={() => void chooseProduct(tile.product.id)}
            >
              <TileContent tile={tile} t={t} fmt={fmt} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TileContent({ tile, t, fmt }: { tile: ProductTile; t: TFunction; fmt: Format }) {
  const { product, prices, currency, next } = tile;
  const money = (n: number) => fmt.money(n, currency ?? undefined);
  const nextText =
    next === null
      ? tile.closed
        ? null
        : t('walkIn.tile.noSlot')
      : next.remaining === null
        ? t('walkIn.tile.nextUnknown', { time: fmt.time(next.startTime) })
        : t('walkIn.tile.next', { time: fmt.time(next.startTime), remaining: next.remaining });
  const marks = [
    tile.closed && (
      <span key="closed" className="badge off">
        {t('walkIn.tile.closed')}
      </span>
    ),
    product.approvalType === 'manual' && (
      <span key="manual" className="badge warn">
        {t('walkIn.manualBadge')}
      </span>
    ),
    !product.isPublished && (
      <span key="unpublished" className="badge plain">
        {t('day.unpublished')}
      </span>
    ),
  ].filter(Boolean);
  // Spaces between the parts: the button's name is read as one line.
  return (
    <>
      <span className="tile-name">{product.name}</span>
      {marks.length > 0 && (
        <>
          {' '}
          <span className="tile-marks">{marks}</span>
        </>
      )}
      {prices && (
        <>
          {' '}
          <span className="tile-price">
            {t('walkIn.tile.price', { adult: money(prices.adult), child: money(prices.child) })}
          </span>
        </>
      )}
      {nextText && (
        <>
          {' '}
          <span className="tile-next">{nextText}</span>
        </>
      )}
    </>
  );
}
