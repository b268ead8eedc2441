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

/**
 * The organisation's search key: its own, derived, so a term never equals a sealed byte. Made
 * once per data key (the keyring keeps one Buffer per organisation), with the terms of the pieces
 * it has hashed: names are made of few pieces, so most of a batch's are known already.
 */
export interface SearchKey {
  key: Buffer;
  terms: Map<string, number>;
}
const searchKeys = new WeakMap<Buffer, SearchKey>();
/** Pieces remembered per organisation before the memory is cleared and begun again. */
const MAX_REMEMBERED = 50_000;

export function searchKey(dataKey: Buffer): SearchKey {
  let found = searchKeys.get(dataKey);
  if (!found) {
    found = {
      key: Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'front-desk guest terms', 32)),
      terms: new Map(),
    };
    searchKeys.set(dataKey, found);
  }
  return found;
}

/** The pieces a key is found by: every two characters (a one-character key is its own piece). */
function pieces(key: string): string[] {
  const chars = [...key];
  if (chars.length < PIECE) return chars.length ? [key] : [];
  const out: string[] = [];
  for (let i = 0; i + PIECE <= chars.length; i++) out.push(chars.slice(i, i + PIECE).join(''));
  return out;
}

function term(key: SearchKey, piece: string): number {
  let found = key.terms.get(piece);
  if (found === undefined) {
    found = createHmac('sha256', key.key).update(piece).digest().readInt32BE(0);
    if (key.terms.size >= MAX_REMEMBERED) key.terms.clear();
    key.terms.set(piece, found);
  }
  return found;
}

/** The terms a record's guest is kept under (distinct, sorted). */
export function guestTerms(key: SearchKey, keys: readonly string[]): number[] {
  const distinct = new Set<string>();
  for (const k of keys) for (const p of pieces(k)) distinct.add(p);
  return [...new Set([...distinct].map((p) => term(key, p)))].sort((a, b) => a - b);
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
export function queryTerms(key: SearchKey, form: string): number[] {
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
