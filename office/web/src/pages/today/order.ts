/** Which stores the live page shows, and in what order: the flagged first, then by name. */
import type { LiveStore } from '../../../../protocol/web';

const byName = new Intl.Collator('ja');

export function ordered(stores: readonly LiveStore[]): LiveStore[] {
  return [...stores].sort(
    (a, b) =>
      Number(b.flags.length > 0) - Number(a.flags.length > 0) || byName.compare(a.name, b.name),
  );
}

/** Full-width and half-width alike, case aside: "ｼﾌﾞﾔ" finds "シブヤ", "kyoto" "Kyoto". */
function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function matching(stores: readonly LiveStore[], filter: string): LiveStore[] {
  const wanted = folded(filter.trim());
  return wanted ? stores.filter((s) => folded(s.name).includes(wanted)) : [...stores];
}
