/**
 * What a revision of the office's lists changed, entry by entry, for the notice staff see; and
 * whether two copies of an entry say the same (their versions aside).
 */
import { ListName, type DeviceLists } from '../../../office/protocol/lists';
import type { Version } from '../../common/versioned';
import type { OfficeListChange } from '../../ipc/contract/office-lists';

/** JSON with every object's keys sorted: one text for one content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)),
        )
      : v,
  );

/** Content without the version: two copies saying the same. */
export function sameContent(a: object, b: object): boolean {
  const strip = (v: object) => {
    const { updatedAt: _a, updatedBy: _b, ...rest } = v as Version & Record<string, unknown>;
    return canonical(rest);
  };
  return strip(a) === strip(b);
}

const nameOf = (list: ListName, e: Record<string, unknown>) =>
  list === 'items'
    ? (e.name as { ja: string; en: string })
    : list === 'discountReasons'
      ? (e.words as { ja: string; en: string })
      : { ja: String(e.name), en: String(e.name) };
const inactive = (e: Record<string, unknown>) => e.active === false || e.removed === true;

/** What `next` changed of `before` (null: the first copy), entry by entry. */
export function changesOf(before: DeviceLists | null, next: DeviceLists): OfficeListChange[] {
  const changes: OfficeListChange[] = [];
  for (const list of ListName.options) {
    const was = new Map<string, Record<string, unknown>>(
      (before?.[list] ?? []).map((e) => [e.id, e as Record<string, unknown>]),
    );
    for (const entry of next[list] as Record<string, unknown>[]) {
      const prior = was.get(entry.id as string);
      if (prior && sameContent(prior, entry)) continue;
      changes.push({
        list,
        id: entry.id as string,
        name: nameOf(list, entry),
        kind:
          inactive(entry) && !(prior && inactive(prior)) ? 'inactive' : prior ? 'changed' : 'added',
      });
    }
  }
  return changes.slice(0, 500);
}
