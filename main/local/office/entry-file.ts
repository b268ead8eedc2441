/**
 * One office outbox entry on disk: `office/entries/<seq, 12 digits>.json`, written atomically by
 * `Files` (0600). What the office totals and sorts by (seq, stream, id, day, time, kind, amount)
 * stays in clear, so an entry whose seal no longer opens is still sent for what it was; the record
 * itself is sealed with the counter's cipher, bound to its seq, with a digest of the clear part
 * inside the seal (decision AB20). Never throws on reading: a damaged file is an entry with
 * `body: null` and a `problem`, standing alone.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { OfficeRecord } from '../../../office/protocol/wire';
import { Stream } from '../../../office/protocol/wire';
import type { Cipher } from '../files/crypto';

const VERSION = 1;
/** Entry file names: the seq, zero-padded so that names sort as seqs. */
export const nameOf = (seq: number) => String(seq).padStart(12, '0');
export const SEQ_NAME = /^\d{12}$/;

const Clear = z.object({
  v: z.number().int(),
  seq: z.number().int().positive(),
  stream: Stream,
  id: z.string().min(1).max(100),
  businessDate: z.string().nullable(),
  at: z.number().int().nullable(),
  kind: z.string().min(1).max(40).nullable(),
  amount: z.number().int(),
  problem: z.string().max(60).nullable(),
  sealed: z.string(),
});
const Opened = z.object({
  body: z.record(z.string(), z.unknown()).nullable(),
  digest: z.string(),
});

const boundTo = (seq: number) => `office:${nameOf(seq)}`;
const digestOf = (clear: Omit<OfficeRecord, 'body'>) =>
  createHash('sha256').update(JSON.stringify(clear)).digest('base64');

const clearOf = (r: OfficeRecord): Omit<OfficeRecord, 'body'> => ({
  seq: r.seq,
  stream: r.stream,
  id: r.id,
  businessDate: r.businessDate,
  at: r.at,
  kind: r.kind,
  amount: r.amount,
  problem: r.problem,
});

export function sealEntry(cipher: Cipher, record: OfficeRecord): Record<string, unknown> {
  const clear = clearOf(record);
  return {
    v: VERSION,
    ...clear,
    sealed: cipher.seal({ body: record.body, digest: digestOf(clear) }, boundTo(record.seq)),
  };
}

/** An entry from its file's text; a damaged one with what is still known of it. */
export function openEntry(cipher: Cipher, text: string, seq: number): OfficeRecord {
  const damaged = (problem: string, known: Partial<OfficeRecord> = {}): OfficeRecord => ({
    seq,
    stream: 'journal',
    id: `unreadable-${nameOf(seq)}`,
    businessDate: null,
    at: null,
    kind: null,
    amount: 0,
    ...known,
    body: null,
    problem,
  });
  let clear: z.infer<typeof Clear>;
  try {
    clear = Clear.parse(JSON.parse(text));
  } catch {
    return damaged('corrupt');
  }
  const { v: _v, sealed, ...known } = clear;
  if (clear.seq !== seq) return damaged('corrupt');
  let opened: z.infer<typeof Opened>;
  try {
    opened = Opened.parse(cipher.open(sealed, boundTo(seq)));
  } catch {
    return damaged('sealed_elsewhere', known);
  }
  if (opened.digest !== digestOf(known)) return damaged('corrupt', known);
  return { ...known, body: opened.body };
}
