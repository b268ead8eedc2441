/**
 * One product of the day as a dense row (decision G16): its name and marks, then its slots as
 * chips read at a glance — start, seats left, parties expected and arrived, waiting for approval,
 * money to take. Slots over are folded away until staff open them; the one running now is marked,
 * and the next one a walk-in can take stands out. Memoized with props from the day screen, as the
 * cards are (G9): a reload re-renders only the rows that changed.
 */
import { memo, type CSSProperties } from 'react';
import type { SlotView } from '../../../../main/ipc/contract';
import { heldText, ProductMarks, type ProductProps, type Shared } from './productParts';
import { slotCounts, slotPhase, type SlotPhase } from './slotFacts';

export const ProductRow = memo(function ProductRow({
  product,
  nextStart,
  nowTime,
  showPast,
  t,
  fmt,
  openManifest,
}: ProductProps) {
  const titleId = `product-${product.id}`;
  const slots = product.slots
    .map((slot) => ({ slot, phase: slotPhase(slot, nowTime) }))
    .filter(({ phase }) => showPast || phase !== 'past');
  return (
    <article
      className="product row"
      aria-labelledby={titleId}
      // Its size before it is laid out (styles.css): from the number of its chips.
      style={{ '--slots': slots.length } as CSSProperties}
    >
      <header className="product-head">
        <h3 id={titleId}>{product.name}</h3>
        <ProductMarks product={product} t={t} notable />
      </header>
      <div className="row-slots">
        {product.slots.length === 0 ? (
          <p className="hint">{t('day.noSlots')}</p>
        ) : slots.length === 0 ? (
          <p className="hint">{t('day.allPast')}</p>
        ) : (
          <ul className="slot-chips">
            {slots.map(({ slot, phase }, i) => (
              <li key={slot.startTime}>
                {/* Where the day's now falls between the slots over and the rest, when shown. */}
                {phase !== 'past' && i > 0 && slots[i - 1]!.phase === 'past' && (
                  <span className="now-line" aria-hidden="true" />
                )}
                <SlotChip
                  productId={product.id}
                  slot={slot}
                  phase={phase}
                  isNext={slot.startTime === nextStart}
                  t={t}
                  fmt={fmt}
                  openManifest={openManifest}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
});

const SlotChip = memo(function SlotChip({
  productId,
  slot,
  phase,
  isNext,
  t,
  fmt,
  openManifest,
}: Shared & {
  productId: string;
  slot: SlotView;
  phase: SlotPhase;
  isNext: boolean;
}) {
  const c = slotCounts(slot);
  const classes = ['slot', 'chip-slot', phase];
  if (isNext) classes.push('next');
  if (c.full) classes.push('full');
  return (
    <button
      type="button"
      className={classes.join(' ')}
      onClick={() => openManifest(productId, slot.startTime)}
    >
      {/* Spaces between the parts: the button's name is read as one line. */}
      <span className="slot-time">{fmt.time(slot.startTime)}</span>{' '}
      {phase === 'running' && (
        <>
          {/* Seen as the chip's thick left edge; said in words to assistive technology. */}
          <span className="visually-hidden">{t('day.running')}</span>{' '}
        </>
      )}
      {isNext && (
        <>
          <span className="badge next-badge">{t('day.nextBookable')}</span>{' '}
        </>
      )}
      {/* Seats: unknown matters only for a slot still on sale (one past its deadline has none). */}
      {(slot.capacity !== null || slot.bookable) && (
        <>
          <span className="seats">
            {c.full
              ? t('day.full')
              : slot.capacity === null
                ? t('day.capacityUnknown')
                : t('day.seatsLeft', { capacity: slot.capacity, remaining: slot.remaining ?? 0 })}
          </span>{' '}
        </>
      )}
      <span>
        {c.arrived > 0
          ? t('day.partiesArrived', { n: c.parties, arrived: c.arrived })
          : t('day.parties', { n: c.parties })}
      </span>
      {c.pending > 0 && (
        <>
          {' '}
          <span className="warn-text">{t('day.pendingShort', { n: c.pending })}</span>
        </>
      )}
      {c.unpaid > 0 && (
        <>
          {' '}
          <span className="warn-text">{t('day.unpaid', { n: c.unpaid })}</span>
        </>
      )}
      {/* Rare (queued walk-ins, while offline) and which counter matters: said in full. */}
      {slot.heldByQueued.length > 0 && (
        <>
          {' '}
          <span>{heldText(slot, t)}</span>
        </>
      )}
    </button>
  );
});
