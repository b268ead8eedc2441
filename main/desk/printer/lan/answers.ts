/**
 * What a receipt printer says when asked what it is, read defensively (decision AC3): every
 * reader takes the bytes so far and says `more` (wait), `bad` (not this answer: give up on the
 * language) or the value. Nothing here throws on any input.
 *
 * ESC/POS, `GS I n` (Epson's "Transmit printer ID"): n = 66 maker, 67 model, 69 the country's
 * font ("KANJI JAPANESE" on a Japanese model) answer `5F` + text + `00`; n = 2, the type ID, one
 * byte: bit 0 two-byte (kanji) characters, bit 1 an autocutter, bits 4 and 7 always off.
 * StarPRNT (and Star Line Mode), `ESC # * LF NUL` "Inquire printer version": answered
 * `ESC # * ,` + model and version + `LF NUL` (e.g. "TSP143IIIW Ver1.0").
 */
export type Read<T> = { kind: 'more' } | { kind: 'bad' } | { kind: 'ok'; value: T; length: number };

const GS = 0x1d;
const ESC = 0x1b;

/** The questions, in the order they are asked. */
export const ESCPOS_ASK = {
  maker: Buffer.from([GS, 0x49, 66]),
  model: Buffer.from([GS, 0x49, 67]),
  font: Buffer.from([GS, 0x49, 69]),
  type: Buffer.from([GS, 0x49, 2]),
} as const;
export const STAR_ASK = Buffer.from([ESC, 0x23, 0x2a, 0x0a, 0x00]);

/** Longest text an answer may carry before it is taken for noise (Epson's send buffer: 99). */
const MAX_TEXT = 96;

const MORE = { kind: 'more' } as const;
const BAD = { kind: 'bad' } as const;

/** Printable ASCII kept, the rest dropped; trimmed and bounded (the model is shown to staff). */
export function cleanText(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
  return out.replace(/\s+/g, ' ').trim().slice(0, 64);
}

/**
 * Automatic status blocks (ASB: 4 bytes, the first with bits 0, 1 and 7 off and bit 4 on) an
 * Epson set to send them may put before an answer: skipped, so the answer is still read.
 */
export function skipAsb(bytes: Buffer): Buffer {
  let at = 0;
  while (bytes.length - at >= 4 && (bytes[at]! & 0x93) === 0x10) at += 4;
  return at === 0 ? bytes : bytes.subarray(at);
}

/** Answers are ASCII text: a control or 8-bit byte inside one means it is not an answer. */
const printable = (bytes: Buffer) => bytes.every((b) => b >= 0x20 && b <= 0x7e);

/** `GS I` 65–69: `5F` text `00`. */
export function readInfo(whole: Buffer): Read<string> {
  const bytes = skipAsb(whole);
  const skipped = whole.length - bytes.length;
  if (bytes.length === 0) return MORE;
  if (bytes[0] !== 0x5f) return BAD;
  const end = bytes.indexOf(0x00, 1);
  if (end < 0) return bytes.length > MAX_TEXT ? BAD : MORE;
  if (end > MAX_TEXT || !printable(bytes.subarray(1, end))) return BAD;
  return { kind: 'ok', value: cleanText(bytes.subarray(1, end)), length: skipped + end + 1 };
}

export interface TypeId {
  kanji: boolean;
  cutter: boolean;
}

/** `GS I 2`: one byte, bits 4 and 7 fixed off (another byte is not a type ID). */
export function readType(bytes: Buffer): Read<TypeId> {
  if (bytes.length === 0) return MORE;
  const b = bytes[0]!;
  if ((b & 0x90) !== 0) return BAD;
  return { kind: 'ok', value: { kanji: (b & 0x01) !== 0, cutter: (b & 0x02) !== 0 }, length: 1 };
}

/** Bytes a Star may send before its answer (its automatic status, when set to send it). */
const STAR_PREAMBLE = 32;
const STAR_HEAD = Buffer.from([ESC, 0x23, 0x2a, 0x2c]);

/** Star's `ESC # * ,` version `LF NUL`, after whatever status the printer sent first. */
export function readStarVersion(bytes: Buffer): Read<string> {
  const at = bytes.indexOf(STAR_HEAD);
  if (at < 0) {
    // Not yet: the header may still come after a status, or come in two parts.
    if (bytes.length >= STAR_PREAMBLE + STAR_HEAD.length) return BAD;
    return MORE;
  }
  if (at > STAR_PREAMBLE) return BAD;
  const start = at + STAR_HEAD.length;
  const end = bytes.indexOf(0x0a, start);
  if (end < 0) return bytes.length - start > MAX_TEXT ? BAD : MORE;
  if (end - start > MAX_TEXT || !printable(bytes.subarray(start, end))) return BAD;
  // The NUL after LF may come in the next packet or not at all: the text is whole at LF.
  const length = bytes[end + 1] === 0x00 ? end + 2 : end + 1;
  return { kind: 'ok', value: cleanText(bytes.subarray(start, end)), length };
}

/** "TSP143IIIW Ver1.0" → model "TSP143IIIW" (the version dropped). */
export function starModel(version: string): string {
  return version.replace(/\s*Ver\.?\s*[\d.]+.*$/i, '').trim() || version;
}
