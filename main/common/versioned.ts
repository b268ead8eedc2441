/**
 * A record any counter of the shop may change, the later change kept everywhere (decision S26;
 * generalised for every shared list by AA41): which of two copies of it is newer.
 */
import { z } from 'zod';

/** What says which change is newer: the later `updatedAt`, then the greater counter id. */
export const Versioned = {
  /** Our clock when it was last changed, at the counter that changed it. */
  updatedAt: z.number().int().min(0),
  /** The counter that changed it (breaks a tie of times). */
  updatedBy: z.string().min(1).max(200),
};

export interface Version {
  updatedAt: number;
  updatedBy: string;
}

/**
 * Whether `a` is newer than `b` (or `b` is none): the later `updatedAt`, then the greater
 * `updatedBy`, then (two different copies of one stamp, which no counter makes but a peer may
 * send) the greater content in a fixed key order, so every counter settles on the same one (AA41).
 */
export function isNewer(a: Version, b: Version | null | undefined): boolean {
  if (!b) return true;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
  if (a.updatedBy !== b.updatedBy) return a.updatedBy > b.updatedBy;
  return canonical(a) > canonical(b);
}

/** JSON with every object's keys sorted: the same text for the same content on every counter. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)),
        )
      : v,
  );
}
