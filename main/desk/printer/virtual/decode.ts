/**
 * Reads back a printer's command stream, as the virtual printer receives it: the text lines as
 * they would print (Shift-JIS in kanji mode, positions as spaces, wide characters once), the QR
 * codes' payloads from the printer's own QR commands, cuts, drawer pulses, raster images and
 * status requests. Knows the commands the counter sends (ReceiptLine's ESC/POS and StarPRNT, the
 * encoder's QR and pulse, the status requests) and refuses any other, so a test sees a stream
 * that changed (decision M8). Test and training tooling: nothing prints through it.
 */
import type { PrinterLanguage } from '../../../ipc/contract';

export interface Printout {
  lines: string[];
  codes: string[];
  cuts: number;
  pulses: number;
  images: number;
  statusRequests: number;
  /** Bytes a command asked the printer to send back (status), in order. */
  answers: Array<{ kind: 'realtime'; n: number } | { kind: 'star' } | { kind: 'paper' }>;
}

export class UnknownCommand extends Error {
  override name = 'UnknownCommand';
}

/** Dots of a half-width character of the standard font (12 × 24). */
const CELL = 12;
const sjis = new TextDecoder('shift_jis');

/** The code page's line-drawing characters ReceiptLine draws rules with. */
const RULE: Record<number, string> = { 0x95: '-', 0x96: '|' };

class Page {
  readonly lines: string[] = [];
  private cells: string[] = [];
  private col = 0;
  width = 1;
  kanji = false;
  japan = false;

  private put(text: string, cells: number): void {
    this.cells[this.col] = text;
    for (let i = 1; i < cells * this.width; i++) this.cells[this.col + i] = '';
    this.col += cells * this.width;
  }

  /** Bytes of text: Shift-JIS pairs in kanji mode, one byte a character otherwise. */
  text(bytes: number[]): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      const lead = (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);
      if (this.kanji && lead && i + 1 < bytes.length) {
        this.put(sjis.decode(Uint8Array.from([b, bytes[++i]!])), 2);
      } else if (b === 0x5c && this.japan) this.put('¥', 1);
      else if (b >= 0x20 && b < 0x7f) this.put(String.fromCharCode(b), 1);
      else if (b >= 0xa1 && b <= 0xdf) this.put(sjis.decode(Uint8Array.from([b])), 1);
      else this.put(RULE[b] ?? '+', 1);
    }
  }

  moveTo(dots: number): void {
    const col = Math.round(dots / CELL);
    for (let c = this.col; c < col; c++) this.cells[c] ??= ' ';
    this.col = col;
  }

  moveBy(dots: number): void {
    this.moveTo(this.col * CELL + dots);
  }

  feed(): void {
    const line = Array.from(this.cells, (c) => c ?? ' ')
      .join('')
      .trimEnd();
    this.lines.push(line);
    this.cells = [];
    this.col = 0;
  }
}

const u16 = (b: Buffer, at: number) => b[at]! | (b[at + 1]! << 8);

/** Fixed lengths of ESC/POS commands by their first two bytes. */
const ESCPOS_FIXED: Record<string, number> = {
  '1b40': 2,
  '1b74': 3,
  '1b52': 3,
  '1b4d': 3,
  '1b20': 3,
  '1b32': 2,
  '1b33': 3,
  '1b7b': 3,
  '1b2d': 3,
  '1b45': 3,
  '1b61': 3,
  '1b64': 3,
  '1b4a': 3,
  '1d61': 3,
  '1d42': 3,
  '1d4c': 4,
  '1d57': 4,
  '1d72': 3,
  '1c2e': 2,
  '1c26': 2,
  '1c2d': 3,
  '1c53': 4,
  '1c43': 3,
};

function decodeEscPos(b: Buffer, out: Printout, page: Page): void {
  let qr: string | null = null;
  let text: number[] = [];
  const flush = () => {
    page.text(text);
    text = [];
  };
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c === 0x0a) {
      flush();
      page.feed();
      i++;
      continue;
    }
    if (c === 0x0d) {
      i++;
      continue;
    }
    if (c !== 0x1b && c !== 0x1d && c !== 0x1c && c !== 0x10) {
      text.push(c);
      i++;
      continue;
    }
    flush();
    const key = b.subarray(i, i + 2).toString('hex');
    const n = b[i + 2]!;
    if (c === 0x10 && b[i + 1] === 0x04) {
      out.statusRequests++;
      out.answers.push({ kind: 'realtime', n });
      i += 3;
    } else if (key === '1b24') {
      page.moveTo(u16(b, i + 2));
      i += 4;
    } else if (key === '1b5c') {
      page.moveBy((u16(b, i + 2) << 16) >> 16);
      i += 4;
    } else if (key === '1b70') {
      out.pulses++;
      i += 5;
    } else if (key === '1d21') {
      page.width = (n >> 4) + 1;
      i += 3;
    } else if (key === '1d56') {
      out.cuts++;
      i += n >= 65 ? 4 : 3;
    } else if (key === '1d72') {
      out.answers.push({ kind: 'paper' });
      i += 3;
    } else if (key === '1d28' || key === '1c28') {
      // GS ( k (QR), GS ( L (graphics), FS ( A (font): pL pH then that many bytes.
      const len = u16(b, i + 3);
      const body = b.subarray(i + 5, i + 5 + len);
      if (key === '1d28' && n === 0x6b && body[0] === 0x31 && body[1] === 0x50)
        qr = body.subarray(3).toString('latin1');
      if (key === '1d28' && n === 0x6b && body[0] === 0x31 && body[1] === 0x51 && qr !== null) {
        out.codes.push(qr);
        qr = null;
      }
      if (key === '1d28' && n === 0x4c && body[1] === 0x32) out.images++;
      i += 5 + len;
    } else if (key === '1d38' && n === 0x4c) {
      // GS 8 L p1 p2 p3 p4: graphics kept, printed by GS ( L fn 50.
      i += 7 + b.readUInt32LE(i + 3);
    } else if (key === '1d76') {
      out.images++;
      i += 8 + u16(b, i + 4) * u16(b, i + 6);
    } else if (key in ESCPOS_FIXED) {
      if (key === '1c43') page.kanji = n === 1 || n === 0x31;
      if (key === '1c26') page.kanji = true;
      if (key === '1c2e') page.kanji = false;
      if (key === '1b52') page.japan = n === 8;
      i += ESCPOS_FIXED[key]!;
    } else throw new UnknownCommand(`ESC/POS: ${key} at ${i}`);
  }
  flush();
}

/** Fixed lengths of StarPRNT commands by their first bytes (ESC x, or ESC GS x / ESC RS x). */
const STAR_FIXED: Record<string, number> = {
  '1b40': 2,
  '1b20': 3,
  '1b73': 4,
  '1b7a': 3,
  '1b30': 2,
  '1b2d': 3,
  '1b46': 2,
  '1b45': 2,
  '1b35': 2,
  '1b34': 2,
  '1b6c': 3,
  '1b51': 3,
  '1b52': 3,
  '1b4a': 3,
  '1b61': 3,
  '1b1d61': 4,
  '1b1d74': 4,
  '1b1d03': 6,
  '1b1e61': 4,
  '1b1e46': 4,
  '1b1e52': 4,
  '1b1d7953': 6,
  // ESC GS P 0 / 1: the encoder's print-area start and end.
  '1b1d5030': 4,
  '1b1d5031': 4,
};

function decodeStar(b: Buffer, out: Printout, page: Page): void {
  let qr: string | null = null;
  let text: number[] = [];
  const flush = () => {
    page.text(text);
    text = [];
  };
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c === 0x0a) {
      flush();
      page.feed();
      i++;
      continue;
    }
    if (c === 0x0d || c === 0x12) {
      i++;
      continue;
    }
    if (c === 0x07) {
      // BEL after ESC BEL n1 n2: drawer 1 opens.
      out.pulses++;
      i++;
      continue;
    }
    if (c !== 0x1b) {
      text.push(c);
      i++;
      continue;
    }
    flush();
    const two = b.subarray(i, i + 2).toString('hex');
    const three = b.subarray(i, i + 3).toString('hex');
    const four = b.subarray(i, i + 4).toString('hex');
    if (three === '1b0601') {
      out.statusRequests++;
      out.answers.push({ kind: 'star' });
      i += 3;
    } else if (two === '1b07') i += 4;
    else if (three === '1b1d41') {
      page.moveTo(u16(b, i + 3));
      i += 5;
    } else if (three === '1b1d52') {
      page.moveBy((u16(b, i + 3) << 16) >> 16);
      i += 5;
    } else if (two === '1b69') {
      page.width = b[i + 3]! + 1;
      i += 4;
    } else if (two === '1b24') {
      const n = b[i + 2]!;
      page.kanji = n === 1 || n === 0x31;
      i += 3;
    } else if (two === '1b52') {
      page.japan = b[i + 2] === 0x38 || b[i + 2] === 8;
      i += 3;
    } else if (two === '1b64') {
      out.cuts++;
      i += 3;
    } else if (three === '1b1d53') {
      out.images++;
      i += 9 + u16(b, i + 4) * u16(b, i + 6);
    } else if (four === '1b1d7944') {
      const len = u16(b, i + 6);
      qr = b.subarray(i + 8, i + 8 + len).toString('latin1');
      i += 8 + len;
    } else if (four === '1b1d7950') {
      if (qr !== null) out.codes.push(qr);
      qr = null;
      i += 4;
    } else if (four in STAR_FIXED) i += STAR_FIXED[four]!;
    else if (three in STAR_FIXED) i += STAR_FIXED[three]!;
    else if (two in STAR_FIXED) i += STAR_FIXED[two]!;
    else throw new UnknownCommand(`StarPRNT: ${four} at ${i}`);
  }
  flush();
}

/** What `bytes` would print on a printer of `language`. Throws on a command it does not know. */
export function decodePrintout(language: PrinterLanguage, bytes: Buffer): Printout {
  const out: Printout = {
    lines: [],
    codes: [],
    cuts: 0,
    pulses: 0,
    images: 0,
    statusRequests: 0,
    answers: [],
  };
  const page = new Page();
  if (language === 'escpos') decodeEscPos(bytes, out, page);
  else decodeStar(bytes, out, page);
  out.lines = page.lines;
  return out;
}
