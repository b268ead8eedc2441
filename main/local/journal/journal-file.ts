/**
 * One journal record on disk: `journal/<businessDate>/<id>.json`, written atomically by `Files`
 * (0600). What names a person (the guest's name, a note staff wrote, who was signed in: issue 29)
 * is sealed with the cache's cipher, bound to the record's id; amounts, dates, kinds and tender
 * stay in clear, so a record whose seal no longer opens still says what money it was (decision
 * J1). The seal also carries a digest of the clear part: a clear part changed on disk does not
 * pass as the record it was.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Cipher } from '../files/crypto';
import { JournalRecord, type UnreadableRecord } from './records';

/**
 * The parts of a record that may name a person: the guest, a note, who did it (issue 29), the
 * notes of a sale's counter discounts (issue 30).
 */
const PERSONAL = ['customerName', 'note', 'staff', 'approvedBy', 'discountNotes'] as const;
type Personal = Partial<Record<(typeof PERSONAL)[number], unknown>>;

/** The file's format version. */
const VERSION = 1;
const KINDS: ReadonlySet<string> = new Set([
  'sale',
  'collection',
  'goods',
  'refund',
  'correction',
  'receipt',
  'close',
  'drawer',
  'cash',
]);

/** What every file has, whatever app wrote it: enough to list it when nothing else reads. */
const Envelope = z.object({
  v: z.number().int(),
  id: z.string(),
  kind: z.string(),
  businessDate: z.string().nullable().catch(null),
  clear: z.record(z.string(), z.unknown()),
  sealed: z.string(),
});

const Opened = z.object({
  // Texts, and the staff stamps (checked with the record below).
  personal: z.record(z.string(), z.unknown()),
  digest: z.string(),
});

const digestOf = (clear: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(clear)).digest('base64');

/** The file's content for a record. */
export function sealRecord(cipher: Cipher, record: JournalRecord): Record<string, unknown> {
  const clear: Record<string, unknown> = { ...record };
  const personal: Personal = {};
  for (const key of PERSONAL) {
    if (key in clear) {
      personal[key] = clear[key];
      delete clear[key];
    }
  }
  return {
    v: VERSION,
    id: record.id,
    kind: record.kind,
    businessDate: record.businessDate,
    clear,
    sealed: cipher.seal({ personal, digest: digestOf(clear) }, record.id),
  };
}

/** A collection's discount as its clear part says it (decision I7), if it says one. */
function discountOf(clear: Record<string, unknown>): number | null {
  const { discount } = clear;
  if (typeof discount !== 'object' || discount === null || !('amount' in discount)) return null;
  return typeof discount.amount === 'number' ? discount.amount : null;
}

export type ReadRecord =
  { ok: true; record: JournalRecord } | { ok: false; unreadable: UnreadableRecord };

/**
 * A record from a file's text, or why it cannot be read. Never throws: every record stands alone.
 * `name` and `dayDir` are where the file is (what is known of it when its content is not).
 */
export function openRecord(cipher: Cipher, text: string, name: string, dayDir: string): ReadRecord {
  const unreadable = (
    problem: UnreadableRecord['problem'],
    known: Partial<UnreadableRecord> = {},
  ): ReadRecord => ({
    ok: false,
    unreadable: { id: name, problem, businessDate: dayDir, ...known },
  });
  let envelope: z.infer<typeof Envelope>;
  try {
    envelope = Envelope.parse(JSON.parse(text));
  } catch {
    return unreadable('corrupt');
  }
  const { clear } = envelope;
  const amount = clear.amount ?? clear.total;
  const discount = discountOf(clear);
  const known = {
    id: envelope.id,
    businessDate: envelope.businessDate ?? dayDir,
    kind: envelope.kind,
    amount: typeof amount === 'number' ? amount : null,
    ...(typeof clear.reservationId === 'string' && { reservationId: clear.reservationId }),
    ...(typeof clear.at === 'number' && { at: clear.at }),
    ...(discount !== null && { discount }),
  };
  if (envelope.id !== name) return unreadable('corrupt', known);
  if (envelope.v > VERSION || !KINDS.has(envelope.kind)) return unreadable('unknown_kind', known);
  let opened: z.infer<typeof Opened>;
  try {
    opened = Opened.parse(cipher.open(envelope.sealed, envelope.id));
  } catch {
    return unreadable('sealed_elsewhere', known);
  }
  if (opened.digest !== digestOf(envelope.clear)) return unreadable('corrupt', known);
  const parsed = JournalRecord.safeParse({ ...envelope.clear, ...opened.personal });
  return parsed.success ? { ok: true, record: parsed.data } : unreadable('corrupt', known);
}
