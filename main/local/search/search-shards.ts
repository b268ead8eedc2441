/**
 * The search index on disk: `search/<store>/sNN.json`, its entries in 32 shards by a hash of the
 * reservation id, each sealed whole with the cache's AES-GCM cipher and bound to its path (names
 * and phones are personal data; compressed first), and `meta.json` (format, shards written). A shard holds only
 * what the index searches and ranks by (`StoredEntry`), never the records: those are the date
 * files' (decision N12).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import type { Cipher } from '../files/crypto';
import type { StoredEntry } from './search-index';

export const SHARDS = 32;
/** Of the shards' content; another is rebuilt. 2: lean entries, not records (N12). */
export const FORMAT = 2;

export const Meta = z.object({
  v: z.literal(1),
  format: z.number(),
  shards: z.array(z.string()),
});

/** A shard's content, once opened: the entries and the version of their readings. */
export interface ShardContent {
  r: number;
  e: StoredEntry[];
}

const isString = (v: unknown): v is string => typeof v === 'string';

function isStoredEntry(x: unknown): x is StoredEntry {
  if (!Array.isArray(x) || x.length !== 11) return false;
  const [id, updated, name, readings, last, first, phone, email, number, status, items] =
    x as unknown[];
  return (
    isString(id) &&
    typeof updated === 'number' &&
    isString(name) &&
    (readings === null || (Array.isArray(readings) && readings.every(isString))) &&
    isString(last) &&
    isString(first) &&
    isString(phone) &&
    isString(email) &&
    (number === null || isString(number)) &&
    isString(status) &&
    Array.isArray(items) &&
    items.length % 3 === 0 &&
    items.every((n) => Number.isInteger(n))
  );
}

/**
 * Its shape, checked by hand: the content is sealed (authenticated) by this counter, so a schema
 * parse, which copies every entry, would only cost time.
 */
export function isShardContent(value: unknown): value is ShardContent {
  const v = value as ShardContent;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.r === 'number' &&
    Array.isArray(v.e) &&
    v.e.every(isStoredEntry)
  );
}

/** The shard of a reservation id: FNV-1a, cheap for the 20 000 ids of a first sync. */
export function shardOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `s${String((h >>> 0) % SHARDS).padStart(2, '0')}`;
}

/**
 * A shard's file content: its entries as JSON, compressed (names, domains and digits repeat: a
 * third of the size, on disk and in what a flush writes), sealed, bound to its path.
 */
export function shardFile(cipher: Cipher, bound: string, content: ShardContent) {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(content), 'utf8'), { level: 1 });
  return { v: 2, s: cipher.sealBytes(packed, bound) };
}

/** The schema a shard file is read with: opened with the cipher, bound to its path. */
export function shardSchema(cipher: Cipher, bound: string) {
  return z.object({ v: z.literal(2), s: z.string() }).transform((file, ctx): ShardContent => {
    let content: unknown;
    try {
      content = JSON.parse(inflateRawSync(cipher.openBytes(file.s, bound)).toString('utf8'));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'sealed content cannot be opened' });
      return z.NEVER;
    }
    if (isShardContent(content)) return content;
    ctx.addIssue({ code: 'custom', message: 'not a search shard' });
    return z.NEVER;
  });
}
