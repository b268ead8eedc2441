/** Which slot of a product is the next one a walk-in can take: it stands out in the day view. */
import type { ProductView } from '../../../../main/ipc/contract';

export function nextBookable(
  product: ProductView,
  date: string,
  today: string,
  nowTime: string,
): string | null {
  if (date < today) return null;
  for (const s of product.slots) {
    if (!s.bookable || (s.remaining !== null && s.remaining <= 0)) continue;
    if (date === today && s.startTime <= nowTime) continue;
    return s.startTime;
  }
  return null;
}
