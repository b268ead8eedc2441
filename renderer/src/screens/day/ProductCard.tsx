/**
 * One product of the day: its marks (unpublished, needs approval, day status) and its slots, each
 * with a headcount bar. Memoized, as are its slots: a day reload re-renders only what changed.
 * The words, the formats and the way to a slot's manifest come from the day screen as props, not
 * through hooks in every row: a busy day's rows then neither subscribe to the language and the
 * store one by one nor pay for it on their first render (decision G9); a language switch still
 * re-renders them (another `t`, another `fmt`).
 */
import { memo, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import type { ProductView, SlotView } from '../../../../main/ipc/contract';
import { HeadcountBar } from '../../components/HeadcountBar';
import type { Format } from '../../format/format';
import { slotCounts, slotPhase } from './slotFacts';

/** What every product of the day gets from the day screen, in either layout. */
export interface Shared {
  t: TFunction;
  fmt: Format;
  openManifest(productId: string, startTime: string): void;
}

/** Where the day stands: now in the store's zone (null: not today) and whether slots over show. */
export interface DayClock {
  nowTime: string | null;
  showPast: boolean;
}

/** One product of the day, in either layout: its slots, the next bookable one, the clock. */
export type ProductProps = Shared &
  DayClock & {
    product: ProductView;
    nextStart: string | null;
  };

const KNOWN_DAY_STATUS = new Set(['available', 'limited', 'closed', 'past', 'deadline_passed']);

export const ProductCard = memo(function ProductCard({
  product,
  nextStart,
  nowTime,
  showPast,
  t,
  fmt,
  openManifest,
}: ProductProps) {
  const titleId = `product-${product.id}`;
  // Slots over are folded away with the day's "earlier slots" (G16).
  const slots = showPast
    ? product.slots
    : product.slots.filter((s) => slotPhase(s, nowTime) !== 'past');
  return (
    <article
      className="product"
      aria-labelledby={titleId}
      // Its size before it is laid out (styles.css): from the number of its slots.
      style={{ '--slots': slots.length } as CSSProperties}
    >
      <header className="product-head">
        <h3 id={titleId}>{product.name}</h3>
        <ProductMarks product={product} t={t} />
      </header>
      {product.slots.length === 0 ? (
        <p className="hint">{t('day.noSlots')}</p>
      ) : slots.length === 0 ? (
        <p className="hint">{t('day.allPast')}</p>
      ) : (
        <ul className="slots">
          {slots.map((slot) => (
            <li key={slot.startTime}>
              <SlotButton
                productId={product.id}
                slot={slot}
                isNext={slot.startTime === nextStart}
                t={t}
                fmt={fmt}
                openManifest={openManifest}
              />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
});

/** The seats queued walk-ins hold in a slot, by counter: "held by queued walk-ins: 3 at 受付1". */
export function heldText(slot: SlotView, t: TFunction): string {
  return t('day.heldByQueued', {
    list: slot.heldByQueued
      .map((h) => t('day.heldBy', { counter: h.counterName, seats: h.seats }))
      .join(', '),
  });
}

/** Day statuses the rows leave out: on sale, which every chip's seats already say. */
const ON_SALE = new Set(['available', 'limited']);

/**
 * A product's marks: unpublished, needs approval, the day's status (closed stands out). `notable`
 * (the rows): the day's status only when the product is not on sale.
 */
export function ProductMarks({
  product,
  t,
  notable = false,
}: {
  product: ProductView;
  t: TFunction;
  notable?: boolean;
}) {
  return (
    <span className="marks">
      {!product.isPublished && <span className="badge plain">{t('day.unpublished')}</span>}
      {product.approvalType === 'manual' && <span className="badge warn">{t('day.manual')}</span>}
      {product.dayStatus && !(notable && ON_SALE.has(product.dayStatus)) && (
        <span className={`badge day-${product.dayStatus}`}>
          {KNOWN_DAY_STATUS.has(product.dayStatus)
            ? t(`day.status.${product.dayStatus as 'available'}`)
            : t('day.status.other', { status: product.dayStatus })}
        </span>
      )}
      {product.dayStatus === null && <span className="badge plain">{t('day.status.unknown')}</span>}
    </span>
  );
}

const SlotButton = memo(function SlotButton({
  productId,
  slot,
  isNext,
  t,
  fmt,
  openManifest,
}: Shared & {
  productId: string;
  slot: SlotView;
  isNext: boolean;
}) {
  const { adults, children } = slot.booked;
  const { pending, unpaid, unpaidAmount, parties, full } = slotCounts(slot);
  return (
    <button
      type="button"
      className={`slot${isNext ? ' next' : ''}${full ? ' full' : ''}`}
      onClick={() => openManifest(productId, slot.startTime)}
    >
      <span className="slot-time">
        {fmt.time(slot.startTime)}
        {slot.endTime && `–${fmt.time(slot.endTime)}`}
      </span>
      {isNext && <span className="badge next-badge">{t('day.nextBookable')}</span>}
      <HeadcountBar adults={adults} children={children} capacity={slot.capacity} />
      <span className="slot-counts">
        {t('day.booked', { adults, children })}
        {' · '}
        {slot.capacity === null
          ? t('day.capacityUnknown')
          : t('day.capacity', { capacity: slot.capacity, remaining: slot.remaining ?? 0 })}
        {slot.heldByQueued.length > 0 && (
          <>
            {' · '}
            {heldText(slot, t)}
          </>
        )}
      </span>
      <span className="slot-extra">
        {t('day.parties', { n: parties })}
        {pending > 0 && (
          <>
            {' · '}
            <span className="warn-text">{t('day.pendingInSlot', { n: pending })}</span>
          </>
        )}
        {full && (
          <>
            {' · '}
            {t('day.full')}
          </>
        )}
        {unpaid > 0 && (
          <>
            {' · '}
            <span className="warn-text">
              {t('onsite.slotUnpaid', { n: unpaid, amount: fmt.money(unpaidAmount) })}
            </span>
          </>
        )}
      </span>
    </button>
  );
});
