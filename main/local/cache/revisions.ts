/**
 * Revisions of what the cache holds, bumped by the code that writes it (decision G4): a date's
 * reservations, a date's check-ins, a month's availability, the catalogue, the sync state. A view
 * built from them is still right while every revision it read is unchanged. Never derived from
 * files' stamps: a burst of same-size rewrites within one tick of the file clock looks unchanged
 * (decision G1), and this process is the only writer of its cache.
 */
export class Revisions {
  /** One counter for every key: a bump never gives a value any key had before. */
  private last = 0;
  private readonly values = new Map<string, number>();

  /** Something under `key` changed. */
  bump(key: string): void {
    this.values.set(key, ++this.last);
  }

  /** The key's revision: 0 until it is first bumped. */
  of(key: string): number {
    return this.values.get(key) ?? 0;
  }
}
