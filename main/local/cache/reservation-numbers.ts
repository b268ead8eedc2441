/**
 * Reservation number → date, so that a scanned number finds its day file. Kept in shards by the
 * number's last digit (one for numbers not ending in one), each loaded once and written by
 * `flush()` with the reservations.
 */
import type { Files } from '../files/files';
import { storeDir } from '../files/layout';
import { NumbersFile } from './schema';

const shardOf = (n: string) => (/\d$/.test(n) ? n.slice(-1) : 'x');

export class ReservationNumbers {
  private readonly dir: string;
  /** Shards loaded so far: shard → number → date. */
  private readonly shards = new Map<string, { numbers: Record<string, string>; dirty: boolean }>();

  constructor(
    private readonly files: Files,
    storeId: string,
  ) {
    this.dir = storeDir('numbers', storeId);
  }

  private shard(shard: string) {
    let entry = this.shards.get(shard);
    if (!entry) {
      const file = this.files.read(this.dir, shard, NumbersFile);
      entry = { numbers: { ...file?.numbers }, dirty: false };
      this.shards.set(shard, entry);
    }
    return entry;
  }

  note(number: string, date: string): void {
    const entry = this.shard(shardOf(number));
    if (entry.numbers[number] === date) return;
    entry.numbers[number] = date;
    entry.dirty = true;
  }

  dateOf(number: string): string | undefined {
    return this.shard(shardOf(number)).numbers[number];
  }

  /** Shards waiting for `flush()`. */
  get pendingWrites(): number {
    let dirty = 0;
    for (const entry of this.shards.values()) if (entry.dirty) dirty++;
    return dirty;
  }

  /** Write the shards that changed; returns the number of files written. */
  flush(): number {
    let written = 0;
    for (const [shard, entry] of this.shards) {
      if (!entry.dirty) continue;
      entry.dirty = false;
      if (this.files.write(this.dir, shard, { v: 1, numbers: entry.numbers })) written++;
    }
    return written;
  }

  /** Forget the numbers of dates before the cutoff, and write what changed. */
  purge(cutoff: string): void {
    for (const name of this.files.list(this.dir)) {
      const entry = this.shard(name);
      for (const [number, date] of Object.entries(entry.numbers)) {
        if (date < cutoff) {
          delete entry.numbers[number];
          entry.dirty = true;
        }
      }
    }
    this.flush();
  }
}
