/**
 * What both layouts of a product of the day share (the rows of ProductRow.tsx, the roomy cards of
 * ProductCard.tsx, fetched after the first paint): the props the day screen gives them, the
 * product's marks and the words for seats held by queued walk-ins.
 */
import type { TFunction } from 'i18next';
import type { ProductView, SlotView } from '../../../../main/ipc/contract';
import type { Format } from '../../format/format';

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
