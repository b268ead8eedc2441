/**
 * What the counter lost or set aside, kept until staff acknowledge it: a file found unreadable
 * (the outbox's, a day's check-ins, a reservations file), a check-in record that failed its
 * checksum, cached records that could not be opened, the cache key found changed. Nothing of that
 * is ever only a log line: the status bar shows what is here and what to do.
 *
 * One small file per store (`meta/damage.json`). Notices of the same kind and date that staff
 * have not yet seen are merged (a count), so a rebuild of thousands of records is one notice.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DamageKind } from '../../common/local-records';
import type { Files } from './files';

export const DamageEntry = z.object({
  id: z.string(),
  kind: DamageKind,
  /** Our clock (epoch ms): first seen, and last seen when merged. */
  at: z.number(),
  lastAt: z.number(),
  /** Records or files concerned. */
  count: z.number().int().min(1),
  /** The store's date concerned (check-ins), if any. */
  date: z.string().nullable(),
  /** Where, relative to the store's data (never a customer's data). */
  where: z.string().nullable(),
  acknowledgedAt: z.number().nullable(),
});
export type DamageEntry = z.infer<typeof DamageEntry>;

const DamageFile = z.object({ v: z.literal(1), entries: z.array(DamageEntry) });

/** Acknowledged entries kept for the record (the newest); unacknowledged ones are never dropped. */
const ACKNOWLEDGED_KEPT = 20;
const DIR = 'meta';
const NAME = 'damage';

export interface DamageReport {
  kind: DamageKind;
  count?: number;
  date?: string | null;
  where?: string | null;
}

export class DamageLog {
  constructor(
    private readonly files: Files,
    private readonly now: () => number = Date.now,
  ) {}

  private load(): DamageEntry[] {
    return this.files.read(DIR, NAME, DamageFile)?.entries ?? [];
  }

  private save(entries: DamageEntry[]): void {
    const open = entries.filter((e) => e.acknowledgedAt === null);
    const seen = entries
      .filter((e) => e.acknowledgedAt !== null)
      .sort((a, b) => b.acknowledgedAt! - a.acknowledgedAt!)
      .slice(0, ACKNOWLEDGED_KEPT);
    this.files.write(DIR, NAME, { v: 1, entries: [...open, ...seen] });
  }

  /** Note damage; merged into an unacknowledged entry of the same kind and date. */
  report(report: DamageReport): DamageEntry {
    const entries = this.load();
    const at = this.now();
    const date = report.date ?? null;
    const count = report.count ?? 1;
    const same = entries.find(
      (e) => e.acknowledgedAt === null && e.kind === report.kind && e.date === date,
    );
    if (same) {
      same.count += count;
      same.lastAt = at;
      same.where = report.where ?? same.where;
      this.save(entries);
      return same;
    }
    const entry: DamageEntry = {
      id: randomUUID(),
      kind: report.kind,
      at,
      lastAt: at,
      count,
      date,
      where: report.where ?? null,
      acknowledgedAt: null,
    };
    this.save([...entries, entry]);
    return entry;
  }

  /** What staff have not yet acknowledged, oldest first. */
  open(): DamageEntry[] {
    return this.load()
      .filter((e) => e.acknowledgedAt === null)
      .sort((a, b) => a.at - b.at);
  }

  /** Staff saw it; returns whether there was such an open entry. */
  acknowledge(id: string): boolean {
    const entries = this.load();
    const entry = entries.find((e) => e.id === id && e.acknowledgedAt === null);
    if (!entry) return false;
    entry.acknowledgedAt = this.now();
    this.save(entries);
    return true;
  }
}
