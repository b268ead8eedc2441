/**
 * Finding a guest by name without keeping names in clear (decision AB51). The counter sends a
 * guest's search keys (main/common/names.ts: the name normalised, its kana readings); the office
 * keeps, per record, keyed hashes (HMAC-SHA-256 under a key derived from the organisation's data
 * key with HKDF, cut to 32 bits) of every two-character piece of every key, and seals the name and
 * keys. A query's pieces are hashed the same way; the database's GIN index finds the records that
 * hold them all, and each candidate's sealed keys are opened to check the query is inside one
 * (a piece in common, or a cut hash that collides, is no match). Without the organisation's key the
 * hashes are numbers that name nobody.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { normalizeText, romajiReadings } from '../../main/common/names';

const PIECE = 2;

/** The organisation's search key: its own, derived, so a term never equals a sealed byte. */
export function searchKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'front-desk guest terms', 32));
}

/** The pieces a key is found by: every two characters (a one-character key is its own piece). */
function pieces(key: string): string[] {
  const chars = [...key];
  if (chars.length < PIECE) return chars.length ? [key] : [];
  const out: string[] = [];
  for (let i = 0; i + PIECE <= chars.length; i++) out.push(chars.slice(i, i + PIECE).join(''));
  return out;
}

function term(key: Buffer, piece: string): number {
  return createHmac('sha256', key).update(piece).digest().readInt32BE(0);
}

/** The terms a record's guest is kept under (distinct, sorted). */
export function guestTerms(key: Buffer, keys: readonly string[]): number[] {
  const out = new Set<number>();
  for (const k of keys) for (const p of pieces(k)) out.add(term(key, p));
  return [...out].sort((a, b) => a - b);
}

/**
 * What a typed query may mean, as the counter's search reads it: the text normalised, and, when it
 * is romaji ("yamada"), its kana readings. Each form is looked for alone.
 */
export function queryForms(query: string): string[] {
  const forms = new Set([normalizeText(query), ...romajiReadings(query)]);
  forms.delete('');
  return [...forms];
}

/** The terms a form is found by: every record that matches holds them all. */
export function queryTerms(key: Buffer, form: string): number[] {
  return guestTerms(key, [form]);
}

/** What a guest is found by: the keys the counter sent, and the name as the office reads it. */
export function guestKeys(guest: { name: string; keys: readonly string[] }): string[] {
  return [...new Set([normalizeText(guest.name), ...guest.keys])].filter(Boolean);
}

/** Whether a record's keys match the form (the check after the index). */
export function keysMatch(keys: readonly string[], form: string): boolean {
  return keys.some((k) => k.includes(form));
}
