/**
 * One product of the day: its marks (unpublished, needs approval, day status) and its slots, each
 * with a headcount bar. Memoized, as are its slots: a day reload re-renders only what changed.
 * The words, the formats and the way to a slot's manifest come from the day screen as props, not
 * through hooks in every row: a busy day's rows then neither subscribe to the language and the
 * store one by one nor pay for it on their first render (decision G9); a language switch still
 * re-renders them (another `t`, another `fmt`).
 */
import { memo, type CSSProperties } from 'react';
import type { SlotView } from '../../../../main/ipc/contract';
import { HeadcountBar } from '../../components/HeadcountBar';
import { heldText, ProductMarks, type ProductProps, type Shared } from './productParts';
import { slotCounts, slotPhase } from './slotFacts';

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
