/**
 * Kana readings of a kanji name, with kuromoji and its IPADIC dictionary (which knows family and
 * given names, 人名). Runs where the dictionary is loaded: the reading worker (reading-worker.ts),
 * or a test.
 *
 * A name can be read several ways (中島: なかじま, なかしま; 上村: うえむら, かみむら): every
 * person-name entry of a word's surface in the dictionary gives a reading, beside the analyzer's
 * own choice, and the family and given names' readings are combined (capped).
 */
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import type { NameParts } from './search-index';
import { katakanaToHiragana } from '../../common/names';

/** Readings kept per name part, and per whole name. */
const PER_PART = 6;
const PER_NAME = 12;
/** The reading in an IPADIC feature line (surface, pos ×4, conjugation ×2, base, reading, …). */
const READING_FIELD = 8;
const POS_DETAIL_2_FIELD = 3;

export type NameTokenizer = Tokenizer<IpadicFeatures>;

/** Every reading the dictionary gives a word as a person's name, and the analyzer's own. */
function wordReadings(tokenizer: NameTokenizer, token: IpadicFeatures): string[] {
  const own = token.reading && token.reading !== '*' ? [token.reading] : [];
  const surface = token.surface_form;
  const out = new Set(own);
  if (token.word_type === 'KNOWN') {
    const trie = tokenizer.viterbi_builder.trie;
    const dictionary = tokenizer.token_info_dictionary as NameTokenizer['token_info_dictionary'] & {
      target_map: Record<number, number[]>;
    };
    // Typed as one pair by @types/doublearray; the library returns every prefix found.
    const found = trie.commonPrefixSearch(surface) as unknown as { k: string; v: number }[];
    for (const { k, v } of found) {
      if (k !== surface) continue;
      for (const id of dictionary.target_map[v] ?? []) {
        const features = dictionary.getFeatures(String(id)).split(',');
        const reading = features[READING_FIELD];
        if (features[POS_DETAIL_2_FIELD] === '人名' && reading && reading !== '*') out.add(reading);
      }
    }
  }
  return [...out];
}

/** Readings of one part of a name (hiragana); none when a word in it cannot be read. */
function partReadings(tokenizer: NameTokenizer, part: string): string[] {
  const words = tokenizer.tokenize(part).filter((t) => t.surface_form.trim());
  if (words.length === 0) return [];
  let readings = [''];
  for (const word of words) {
    const options = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u.test(word.surface_form)
      ? [word.surface_form]
      : wordReadings(tokenizer, word);
    if (options.length === 0) return [];
    readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, PER_PART);
  }
  return readings.map(katakanaToHiragana);
}

/**
 * The readings of a name: family then given name, every combination (capped); a part that cannot
 * be read leaves the other part's readings alone.
 */
export function readName(tokenizer: NameTokenizer, name: NameParts): string[] {
  const last = name.last ? partReadings(tokenizer, name.last) : [];
  const first = name.first ? partReadings(tokenizer, name.first) : [];
  if (!last.length) return first.slice(0, PER_NAME);
  if (!first.length) return last.slice(0, PER_NAME);
  return last.flatMap((l) => first.map((f) => l + f)).slice(0, PER_NAME);
}
