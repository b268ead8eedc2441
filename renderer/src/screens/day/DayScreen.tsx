/**
 * The day: every product's slots with booked headcounts, pending approvals, and how old the data
 * is. It paints from the cache at once; a refresh runs behind and never hides what is shown.
 * Today opens at now (decision G16): slots over are folded into one line that opens them, the
 * pending approvals are a count that opens their list, and each product is a dense row (the roomy
 * cards are a choice, for touch screens).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { onNextPaint } from '../../app/paint';
import { ErrorNote } from '../../components/ErrorNote';
import type { DayView } from '../../../../main/ipc/contract';
import { localNow } from '../../format/format';
import { currentDay } from '../../stores/day';
import { DateSwitcher } from './DateSwitcher';
import { nextBookable } from './nextSlot';
import { DayProducts } from './DayProducts';
import { PendingNotice } from './PendingNotice';
import { slotPhase } from './slotFacts';

/** How many of the day's slots are over. */
function pastSlots(view: DayView, nowTime: string | null): number {
  let n = 0;
  if (nowTime !== null)
    for (const p of view.products)
      for (const s of p.slots) if (slotPhase(s, nowTime) === 'past') n++;
  return n;
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
  const layout = useSlice(stores.day, (s) => s.layout);
  const [showPast, setShowPast] = useState(false);

  const timeZone = view?.store.timeZone ?? fmt.timeZone;
  // Minutes are enough for "next"; recomputed when the clock ticks past one.
  const clock = localNow(now, timeZone);
  const nowTime = clock.time;
  // Before its data the day's head is drawn already, from the date asked for and the store's
  // today on the desk's clock (decision G27): its data then adds the products alone.
  const today = view?.today ?? clock.date;
  const shownDate = view?.date ?? date ?? today;
  const next = useMemo(() => {
    const out = new Map<string, string | null>();
    if (view)
      for (const p of view.products) out.set(p.id, nextBookable(p, view.date, view.today, nowTime));
    return out;
  }, [view, nowTime]);
  // Only today has a now: another day shows all its slots.
  const dayNow = shownDate === today ? nowTime : null;
  const past = useMemo(() => (view ? pastSlots(view, dayNow) : 0), [view, dayNow]);

  useEffect(() => {
    // For the benchmarks: the first day view with data is on screen once the frame it was
    // committed for has been painted.
    if (view && !painted.current) {
      painted.current = true;
      performance.mark('fd:day-rendered');
      onNextPaint(() => performance.mark('fd:day-painted'));
    }
  }, [view]);

  if (!view && error) {
    return (
      <section className="screen" aria-labelledby="day-title">
        <h2 id="day-title">{t('day.title')}</h2>
        <ErrorNote code={error.code} />
      </section>
    );
  }

  return (
    <section className={`screen day layout-${layout}`} aria-labelledby="day-title">
      {/* One line where it fits: the date, now, what is folded, refresh. */}
      <div className="day-head">
        <h2 id="day-title">
          {fmt.date(shownDate)}
          {shownDate === today && <span className="badge plain">{t('day.today')}</span>}
        </h2>
        {dayNow !== null && <p className="now-mark">{t('day.now', { time: fmt.time(dayNow) })}</p>}
        {past > 0 && (
          <button
            type="button"
            aria-expanded={showPast}
            aria-controls="day-products"
            onClick={() => setShowPast((shown) => !shown)}
          >
            {showPast ? t('day.pastHide') : t('day.pastShow', { n: past })}
          </button>
        )}
        {view && view.pendingApprovals.length > 0 && (
          <PendingNotice pending={view.pendingApprovals} date={view.date} />
        )}
        {/* The data's age is in the status bar, always in view; here only when never synced. */}
        {view && !view.syncedAt && <p className="age">{t('day.neverSynced')}</p>}
        <button
          type="button"
          onClick={() => void stores.day.getState().refresh()}
          disabled={refreshing}
        >
          {refreshing ? t('day.refreshing') : t('day.refresh')}
        </button>
      </div>
      <DateSwitcher date={shownDate} today={today} />
      {!view && (
        <p role="status">{loading || date === null ? t('day.loading') : t('day.noData')}</p>
      )}
      {view?.incomplete && (
        <p className="notice" role="status">
          {t('day.incomplete')}
        </p>
      )}
      {error && <ErrorNote code={error.code} />}
      {!view ? null : view.products.length === 0 ? (
        <p>{t('day.noProducts')}</p>
      ) : (
        <DayProducts
          date={view.date}
          products={view.products}
          layout={layout}
          next={next}
          nowTime={dayNow}
          showPast={showPast}
          t={t}
          fmt={fmt}
          openManifest={actions.openManifest}
        />
      )}
      {/* A setting more than a tool: below the day, not in its first line. */}
      {view && (
        <p className="day-layout">
          <button
            type="button"
            aria-pressed={layout === 'cards'}
            onClick={() =>
              stores.day.getState().chooseLayout(layout === 'cards' ? 'rows' : 'cards')
            }
          >
            {t('day.cardsLayout')}
          </button>
        </p>
      )}
    </section>
  );
}
