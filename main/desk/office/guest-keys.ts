/**
 * The guest as the counter's search keys them (AB57), for the office's search: the name
 * normalised as the search index normalises it, romaji heard as kana, and the kana readings the
 * search already holds for the booking. Never starts the reading worker: a kanji name not read
 * yet goes with its normalised form only.
 */
import type { BookFacts } from '../../../office/protocol/books';
import { normalizeText, romajiReadings } from '../../common/names';

/** The readings the search index holds for a booking's guest (null: none, or not read yet). */
export type ReadingsOf = (reservationId: string) => readonly string[] | null;

/** The contract's bounds (books.ts). */
const MAX_KEYS = 20;
const MAX_TEXT = 200;

export function guestOf(
  name: string | null,
  reservationId: string | null,
  known: { readingsOf?: ReadingsOf },
): BookFacts['guest'] {
  const written = name?.trim();
  if (!written) return null;
  const keys = new Set<string>([normalizeText(written), ...romajiReadings(written)]);
  if (reservationId)
    for (const reading of known.readingsOf?.(reservationId) ?? []) keys.add(normalizeText(reading));
  return {
    name: written.slice(0, MAX_TEXT),
    keys: [...keys]
      .filter(Boolean)
      .map((k) => k.slice(0, MAX_TEXT))
      .slice(0, MAX_KEYS),
  };
}
