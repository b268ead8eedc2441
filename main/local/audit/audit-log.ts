/**
 * The audit list (issue 29): append-only, one record per file under its business day
 * (`audit/<businessDate>/<id>.json`). What happened and when stay in clear (kind, day, time) so a
 * record whose seal no longer opens is still listed for what it was; who did it (names) is sealed
 * with the cache's cipher, bound to the record's id, with a digest of the clear part inside the
 * seal. Every record stands alone: a corrupt, foreign-sealed or unknown one is listed as
 * unreadable and never blocks the others (decision S32). Training's audit is in memory.
 */
import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { LocalDate } from '../../common/primitives';
import { AuditKind, StaffStamp } from '../../common/staff';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';

export { AuditKind };

const Clear = {
  id: z.string().min(1).max(100),
  at: z.number().int(),
  businessDate: LocalDate,
  counterId: z.string().min(1).max(200),
  kind: AuditKind,
  /** The permissions approved, or the channel of an action. */
  action: z.string().max(200).nullable(),
  /** What it is about: a journal entry's id, a reservation's number, a channel. */
  ref: z.string().max(200).nullable(),
  detail: z.string().max(200).nullable(),
};

/** What is sealed: who. */
const Names = {
  counterName: z.string().max(100),
  staff: StaffStamp.nullable(),
  approvedBy: StaffStamp.nullable(),
  /** The member an event is about (a failed PIN's, a change's). */
  subject: StaffStamp.nullable(),
};

export const AuditRecord = z.object({ ...Clear, ...Names });
export type AuditRecord = z.infer<typeof AuditRecord>;

export type NewAuditRecord = Omit<AuditRecord, 'id'> & { id?: string };

export interface UnreadableAudit {
  id: string;
  problem: 'corrupt' | 'sealed_elsewhere' | 'unknown_kind';
  businessDate: string | null;
  kind: string | null;
  at: number | null;
}

export interface AuditDays {
  records: AuditRecord[];
  unreadable: UnreadableAudit[];
}

export interface AuditLog {
  append(record: NewAuditRecord): AuditRecord;
  /** Business days from `from` to `to`, oldest first, and what could not be read. */
  range(from: string, to: string): AuditDays;
}

const DIR = 'audit';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const VERSION = 1;

const ClearPart = z.object(Clear);
const Envelope = z.object({
  v: z.number().int(),
  id: z.string(),
  kind: z.string(),
  businessDate: z.string().nullable().catch(null),
  at: z.number().nullable().catch(null),
  clear: z.record(z.string(), z.unknown()),
  sealed: z.string(),
});
const Opened = z.object({ names: z.object(Names), digest: z.string() });

const digestOf = (clear: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(clear)).digest('base64');

/** The file's content for a record. */
export function sealAudit(cipher: Cipher, record: AuditRecord): Record<string, unknown> {
  const { counterName, staff, approvedBy, subject, ...clear } = record;
  return {
    v: VERSION,
    id: record.id,
    kind: record.kind,
    businessDate: record.businessDate,
    at: record.at,
    clear,
    sealed: cipher.seal(
      { names: { counterName, staff, approvedBy, subject }, digest: digestOf(clear) },
      record.id,
    ),
  };
}

/** A record from a file's text, or why not. Never throws. */
export function openAudit(
  cipher: Cipher,
  text: string,
  name: string,
  dayDir: string,
): { ok: true; record: AuditRecord } | { ok: false; unreadable: UnreadableAudit } {
  const fail = (problem: UnreadableAudit['problem'], known: Partial<UnreadableAudit> = {}) => ({
    ok: false as const,
    unreadable: { id: name, problem, businessDate: dayDir, kind: null, at: null, ...known },
  });
  let envelope: z.infer<typeof Envelope>;
  try {
    envelope = Envelope.parse(JSON.parse(text));
  } catch {
    return fail('corrupt');
  }
  const known = {
    businessDate: envelope.businessDate ?? dayDir,
    kind: envelope.kind,
    at: envelope.at,
  };
  if (envelope.id !== name) return fail('corrupt', known);
  if (envelope.v > VERSION || !AuditKind.safeParse(envelope.kind).success)
    return fail('unknown_kind', known);
  let opened: z.infer<typeof Opened>;
  try {
    opened = Opened.parse(cipher.open(envelope.sealed, envelope.id));
  } catch {
    return fail('sealed_elsewhere', known);
  }
  if (opened.digest !== digestOf(envelope.clear)) return fail('corrupt', known);
  const clear = ClearPart.safeParse(envelope.clear);
  if (!clear.success || clear.data.id !== name) return fail('corrupt', known);
  return { ok: true, record: { ...clear.data, ...opened.names } };
}

/** The audit on disk: appended one file at a time, read a range of days when asked. */
export class SealedAuditLog implements AuditLog {
  constructor(
    private readonly files: Files,
    private readonly cipher: Cipher,
  ) {}

  append(record: NewAuditRecord): AuditRecord {
    const full = AuditRecord.parse({ ...record, id: record.id ?? randomUUID() });
    this.files.write(`${DIR}/${full.businessDate}`, full.id, sealAudit(this.cipher, full), {
      remember: false,
    });
    return full;
  }

  range(from: string, to: string): AuditDays {
    const records: AuditRecord[] = [];
    const unreadable: UnreadableAudit[] = [];
    const days = this.files
      .dirs(DIR)
      .filter((d) => DAY.test(d) && d >= from && d <= to)
      .sort();
    for (const day of days)
      for (const name of this.files.list(`${DIR}/${day}`)) {
        let text = '';
        try {
          text = readFileSync(path.join(this.files.root, DIR, day, `${name}.json`), 'utf8');
        } catch {
          // Gone meanwhile or unreadable at the disk: listed like a damaged file.
        }
        const read = openAudit(this.cipher, text, name, day);
        if (read.ok) records.push(read.record);
        else unreadable.push(read.unreadable);
      }
    records.sort((a, b) => a.at - b.at);
    return { records, unreadable };
  }

  /** Remove the days before `before` (a business date); how many days went. */
  purge(before: string): number {
    return this.files.removeDirsBefore(DIR, before);
  }
}

/** Training's audit: in memory, gone with the session. */
export class MemoryAuditLog implements AuditLog {
  private readonly records: AuditRecord[] = [];

  append(record: NewAuditRecord): AuditRecord {
    const full = AuditRecord.parse({ ...record, id: record.id ?? randomUUID() });
    this.records.push(full);
    return full;
  }

  range(from: string, to: string): AuditDays {
    return {
      records: this.records
        .filter((r) => r.businessDate >= from && r.businessDate <= to)
        .sort((a, b) => a.at - b.at),
      unreadable: [],
    };
  }
}
