/**
 * Text into Shift_JIS as Windows writes it (CP932, what 弥生会計 reads), never silently lossy
 * (decision AB63). iconv-lite writes '?' for a character CP932 has not; here such a character
 * becomes 〓 (U+3013, ゲタ記号, JIS's own mark for "a character that could not be shown", itself
 * in CP932) and is reported, so the accountant sees where the text changed. A few characters that
 * Unicode holds twice (the wave dash, the minus…) are first written as CP932's own code point for
 * the same glyph: no report, nothing lost.
 */
import iconv from 'iconv-lite';

/** What an unencodable character becomes. */
export const CP932_FALLBACK = '〓';

/**
 * JIS X 0208 characters that Unicode's mapping tables disagree on: CP932 has the second of each
 * pair (the same glyph at the counter and in 弥生).
 */
const SAME_GLYPH: Record<string, string> = {
  '\u301C': '\uFF5E', // 〜 WAVE DASH → ～
  '\u2212': '\uFF0D', // − MINUS SIGN → －
  '\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE → ∥
  '\u2014': '\u2015', // — EM DASH → ―
  '\u00A2': '\uFFE0', // ¢
  '\u00A3': '\uFFE1', // £
  '\u00AC': '\uFFE2', // ¬
};

const known = new Map<string, boolean>();

/** One character (a code point) survives the round trip through CP932. */
function encodable(ch: string): boolean {
  let ok = known.get(ch);
  if (ok === undefined) {
    ok = iconv.decode(iconv.encode(ch, 'cp932'), 'cp932') === ch;
    known.set(ch, ok);
  }
  return ok;
}

/** The text CP932 can hold, and the characters that had to be replaced (each once). */
export function fitCp932(text: string): { text: string; replaced: string[] } {
  let out = '';
  const replaced: string[] = [];
  for (const raw of text) {
    const ch = SAME_GLYPH[raw] ?? raw;
    if (encodable(ch)) out += ch;
    else {
      out += CP932_FALLBACK;
      if (!replaced.includes(raw)) replaced.push(raw);
    }
  }
  return { text: out, replaced };
}

/** Text already fitted (fitCp932) as CP932 bytes. */
export const encodeCp932 = (text: string): Uint8Array =>
  new Uint8Array(iconv.encode(text, 'cp932'));
