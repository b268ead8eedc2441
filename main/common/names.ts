/**
 * How names, phones and e-mails are compared by search, at the counter and at the head office
 * alike (main/common: the office searches its books by the keys the counter sends): what the index
 * keeps and what a query becomes, by the same functions, so that both sides always agree.
 *
 * Names: full/half width folded (NFKC), katakana as hiragana, lower case, no spaces or dots, and
 * the kanji variants names are often registered with (髙橋, 山﨑, 渡邊) as their common forms, so
 * 高橋 finds 髙橋 and the analyzer reads them. Romaji typed by staff who heard "Yamada" becomes
 * hiragana through wanakana (Hepburn and its usual spellings).
 */
import { toHiragana } from 'wanakana';

/**
 * Kanji variants (異体字) seen in registered names, to their common forms. Unicode folds none of
 * these (they are distinct characters, not compatibility ones), and no package on npm keeps such
 * a list for names; this one is the variants staff meet at the counter, kept short on purpose.
 */
const NAME_VARIANTS: Record<string, string> = {
  髙: '高',
  﨑: '崎',
  嵜: '崎',
  邊: '辺',
  邉: '辺',
  齋: '斎',
  齊: '斉',
  濵: '浜',
  濱: '浜',
  櫻: '桜',
  澤: '沢',
  廣: '広',
  國: '国',
  嶋: '島',
  嶌: '島',
  榮: '栄',
  德: '徳',
  惠: '恵',
  瀨: '瀬',
  冨: '富',
  眞: '真',
  峯: '峰',
  條: '条',
  藏: '蔵',
  實: '実',
  槇: '槙',
  栁: '柳',
  桒: '桑',
  曻: '昇',
  '\u{20BB7}': '吉', // 𠮷 (the "tsuchi-yoshi")
};
const VARIANT_PATTERN = new RegExp(`[${Object.keys(NAME_VARIANTS).join('')}]`, 'gu');

/** The name's kanji in their common forms (what the analyzer's dictionary knows). */
export function commonKanji(text: string): string {
  return text.normalize('NFKC').replace(VARIANT_PATTERN, (c) => NAME_VARIANTS[c] ?? c);
}

/** Katakana to hiragana (the same sound; staff type either). */
export function katakanaToHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Full-width to half-width, common kanji, katakana to hiragana, lower case, no spaces or dots. */
export function normalizeText(text: string): string {
  return katakanaToHiragana(commonKanji(text))
    .toLowerCase()
    .replace(/[\s\u3000・·.\-‐]/g, '');
}

export function digitsOnly(text: string): string {
  return text.normalize('NFKC').replace(/\D/g, '');
}

/**
 * A phone's digits as written, and in the national form when it was written with Japan's country
 * code (+81 90… is 090…), so either way of reading it out finds it.
 */
export function phoneDigits(phone: string): string[] {
  const t = phone.normalize('NFKC').trim();
  const digits = t.replace(/\D/g, '');
  if (!digits) return [];
  const national = /^(\+|00)81/.test(t) ? `0${digits.replace(/^(00)?81/, '')}` : null;
  return national && national !== digits ? [digits, national] : [digits];
}

/** The e-mail as compared: folded width, lower case. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** Whether the text has kanji (a name the analyzer should read). */
export function hasKanji(text: string): boolean {
  return /[\p{Script=Han}々〆ヶ]/u.test(text);
}

/**
 * A query without "@" may still be part of an e-mail ("tanaka", "example.co"): only when it is
 * one ASCII word of e-mail characters with a letter and at least three characters, so that
 * Japanese names, phone digits and one or two letters never pull in every address.
 */
export function isEmailFragment(text: string): boolean {
  const t = text.normalize('NFKC').trim();
  return t.length >= 3 && /^[A-Za-z0-9._%+-]+$/.test(t) && /[A-Za-z]/.test(t);
}

/**
 * What romaji typed for a Japanese name sounds like, in hiragana: none when the text is not
 * romaji. Several spellings are tried, since Hepburn as people type it is loose: "kenichi" is
 * けにち to a converter but けんいち to whoever wrote it; a last "n" or consonant is still being
 * typed; "Ōno" and "Ohno" (passport spelling) are おおの.
 */
export function romajiReadings(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0304\u0302]/g, '') // macrons, circumflexes: ō, ô
    .normalize('NFKC')
    .toLowerCase()
    .trim();
  // Letters of Hepburn only (no l, q, x): English names are not read as Japanese.
  if (plain.length < 2 || !/^[a-km-pr-wyz' -]+$/.test(plain) || !/[aeiou]/.test(plain)) return [];
  const words = plain.replace(/oh(?=[^aeiouy'h]|$)/g, 'o');
  const spellings = new Set([words, words.replace(/(?<=[aeiou])n(?=[aeiouy])/g, "n'")]);
  if (/[^n]n$/.test(words)) spellings.add(words.slice(0, -1));
  const out = new Set<string>();
  for (const spelling of spellings) {
    const kana = toHiragana(spelling);
    // A consonant at the end is still being typed; one left inside means it was not romaji.
    const body = kana.replace(/[a-z]$/, '');
    if (/[a-z]/.test(body)) continue;
    const key = normalizeText(body.replace(/'/g, ''));
    if (key) out.add(key);
  }
  return [...out];
}
