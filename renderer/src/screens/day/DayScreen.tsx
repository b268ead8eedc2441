/**
 * The day: every product's slots with booked headcounts, pending approvals, and how old the data
 * is. It paints from the cache at once; a refresh runs behind and never hides what is shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { useProgressive } from '../../components/useProgressive';
import { localNow } from '../../format/format';
import { currentDay } from '../../stores/day';
import { DateSwitcher } from './DateSwitcher';
import { nextBookable } from './nextSlot';
import { ProductCard } from './ProductCard';

/** Slots that fill about one screen: the products holding them are rendered first (G7). */
const FIRST_SLOTS = 12;
/** Pending approvals listed before staff ask for all of them. */
const PENDING_LISTED = 5;

/** How many products, from the first, hold the first screen's slots (at least one). */
function firstScreen(products: readonly { slots: readonly unknown[] }[]): number {
  let count = 0;
  let slots = 0;
  for (const p of products) {
    if (count > 0 && slots >= FIRST_SLOTS) break;
    count++;
    slots += Math.max(1, p.slots.length);
  }
  return count;
}

export function DayScreen() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const view = useSlice(stores.day, currentDay);
  const date = useSlice(stores.day, (s) => s.date);
  const error = useSlice(stores.day, (s) => s.error);
  const loading = useSlice(stores.day, (s) => s.loading);
  const refreshing = useSlice(stores.day, (s) => s.refreshing);
  const now = useSlice(stores.status, (s) => s.now);
  const fmt = useFormat();
  const painted = useRef(false);
  const [allPending, setAllPending] = useState(false);
  const products = view?.products ?? [];
  // A busy day's first screen is painted first, the rest of its products right behind (G7).
  const productList = useRef<HTMLDivElement>(null);
  const fillProducts = useMemo(() => ({ list: productList, step: 1 }), []);
  const shownProducts = useProgressive(
    products.length,
    firstScreen(products),
    1,
    view?.date,
    fillProducts,
  );
  const pending = view?.pendingApprovals ?? [];
  const listedPending = allPending ? pending : pending.slice(0, PENDING_LISTED);
  const shownPending = useProgressive(listedPending.length, PENDING_LISTED, 20, view?.date);

  const timeZone = view?.store.timeZone ?? fmt.timeZone;
  // Minutes are enough for "next"; recomputed when the clock ticks past one.
  const nowTime = localNow(now, timeZone).time;
  const next = useMemo(() => {
    const out = new Map<string, string | null>();
    if (view)
      for (const p of view.products) out.set(p.id, nextBookable(p, view.date, view.today, nowTime));
    return out;
  }, [view, nowTime]);

  useEffect(() => {
    // For the benchmark (bench/ui.bench.ts): the first day view with data is on screen once
    // the frame it was committed for has been painted (a task after the next frame's callback).
    if (view && !painted.current) {
      painted.current = true;
      performance.mark('fd:day-rendered');
      requestAnimationFrame(() => setTimeout(() => performance.mark('fd:day-painted'), 0));
    }
  }, [view]);

  if (!view) {
    return (
      <section className="screen" aria-labelledby="day-title">
        <h2 id="day-title">{t('day.title')}</h2>
        {error ? (
          <ErrorNote code={error.code} />
        ) : (
          <p role="status">{loading || date === null ? t('day.loading') : t('day.noData')}</p>
        )}
      </section>
    );
  }

  return (
    <section className="screen day" aria-labelledby="day-title">
      <div className="day-head">
        <h2 id="day-title">
          {fmt.date(view.date)}
          {view.date === view.today && <span className="badge plain">{t('day.today')}</span>}
        </h2>
        <p className="age">
          {view.syncedAt
            ? t('day.age', {
                age: fmt.age(view.syncedAt, now),
                time: fmt.instant(view.syncedAt, now),
              })
            : t('day.neverSynced')}
        </p>
        <button
          type="button"
          onClick={() => void stores.day.getState().refresh()}
          disabled={refreshing}
        >
          {refreshing ? t('day.refreshing') : t('day.refresh')}
        </button>
      </div>
      <DateSwitcher date={view.date} today={view.today} />
      {view.incomplete && (
        <p className="notice" role="status">
          {t('day.incomplete')}
        </p>
      )}
      {error && <ErrorNote code={error.code} />}
      {view.pendingApprovals.length > 0 && (
        <section className="pending card" aria-labelledby="pending-title">
          <h3 id="pending-title">{t('day.pendingTitle', { n: view.pendingApprovals.length })}</h3>
          <p className="hint">{t('day.pendingExplain')}</p>
          <ul id="pending-list">
            {listedPending.slice(0, shownPending).map((r) => (
              <li key={`${r.id}|${r.productId}|${r.startTime}`}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => actions.openReservation(r)}
                >
                  {fmt.time(r.startTime)} {r.productName} · {r.customerName} ·{' '}
                  {t('common.party', { adults: r.adults, children: r.children })}
                </button>
              </li>
            ))}
          </ul>
          {pending.length > PENDING_LISTED && (
            <button
              type="button"
              aria-expanded={allPending}
              aria-controls="pending-list"
              onClick={() => setAllPending((all) => !all)}
            >
              {allPending
                ? t('day.pendingFewer', { n: PENDING_LISTED })
                : t('day.pendingAll', { n: pending.length })}
            </button>
          )}
        </section>
      )}
      {view.products.length === 0 ? (
        <p>{t('day.noProducts')}</p>
      ) : (
        // Busy while the rest of a busy day is still being added behind its first screen.
        <div
          ref={productList}
          className="products"
          aria-busy={shownProducts < view.products.length}
        >
          {view.products.slice(0, shownProducts).map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              nextStart={next.get(p.id) ?? null}
              t={t}
              fmt={fmt}
              openManifest={actions.openManifest}
            />
          ))}
        </div>
      )}
    </section>
  );
}
