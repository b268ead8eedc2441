/**
 * Booked adults and children against capacity. The bar is decoration: the same numbers are in
 * the text beside it, so it is hidden from assistive technology. Without a known capacity (a slot
 * past its deadline is not in availability) it stays empty and dashed: filled to the end, it
 * would read as "full".
 */
export function HeadcountBar({
  adults,
  children,
  capacity,
}: {
  adults: number;
  children: number;
  capacity: number | null;
}) {
  if (capacity === null) return <span className="bar unknown" aria-hidden="true" />;
  const total = Math.max(capacity, adults + children, 1);
  const pct = (n: number) => `${Math.min(100, (n / total) * 100)}%`;
  return (
    <span className="bar" aria-hidden="true">
      <span className="bar-adults" style={{ width: pct(adults) }} />
      <span className="bar-children" style={{ width: pct(children) }} />
    </span>
  );
}
