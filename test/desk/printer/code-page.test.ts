/**
 * Every word paper prints (main/common/words: receipts and slips, the close report, money, the
 * manifest, a reservation's words, the test page), in Japanese and English, prints on a thermal
 * printer as itself: through the printer's code page (cp932) in kanji mode and read back, nothing
 * comes out as `?` (a character the code page lacks is printed as its look-alike); and a
 * caption's words are kept whole at the roll's edge.
 */
import { describe, expect, it } from 'vitest';
import * as close from '../../../main/common/words/close';
import * as manifest from '../../../main/common/words/manifest';
import * as money from '../../../main/common/words/money';
import * as printer from '../../../main/common/words/printer';
import * as receipt from '../../../main/common/words/receipt';
import * as reservation from '../../../main/common/words/reservation';
import { decodePrintout } from '../../../main/desk/printer/virtual/decode';
import {
  COLUMNS,
  escapeLine,
  thermalBytes,
  wordLines,
} from '../../../main/desk/receipt/receipt-thermal';

/** Every text of a catalogue: its strings, and its functions of values given `1`. */
function texts(words: unknown): string[] {
  if (typeof words === 'string') return [words];
  if (typeof words === 'function') return texts((words as (...a: number[]) => unknown)(1, 1, 1));
  if (words && typeof words === 'object') return Object.values(words).flatMap(texts);
  return [];
}

const catalogues = { close, manifest, money, printer, receipt, reservation };

describe('printed words on the receipt printer', () => {
  for (const [name, words] of Object.entries(catalogues))
    it(`prints ${name}'s words, ja and en, without a ?`, async () => {
      const all = [...texts(words.ja), ...texts(words.en)].filter(
        (t) => t.trim() && !t.includes('?'),
      );
      expect(all.length).toBeGreaterThan(5);
      const bytes = await thermalBytes(all.map((t) => `|${escapeLine(t)}`).join('\n'), {
        language: 'escpos',
        paper: '80mm',
      });
      const printed = decodePrintout('escpos', bytes).lines.join('');
      expect(printed).not.toContain('?');
    });

  it('would print a ? for a character the code page lacks, were it not for its look-alike', async () => {
    const raw = await thermalBytes('|練習モード — ABC', { language: 'escpos', paper: '80mm' });
    expect(decodePrintout('escpos', raw).lines.join('')).toContain('?');
    const mended = await thermalBytes(`|${escapeLine('練習モード — ABC')}`, {
      language: 'escpos',
      paper: '80mm',
    });
    expect(decodePrintout('escpos', mended).lines.join('')).toContain('練習モード ― ABC');
  });
});

describe('a caption on the roll', () => {
  it('breaks between words, never inside one; Japanese left for the printer to break', () => {
    const hint = 'Show this code at the counter to open your booking';
    expect(wordLines(hint, COLUMNS['80mm'])).toEqual([
      'Show this code at the counter to open your',
      'booking',
    ]);
    expect(wordLines(hint, COLUMNS['58mm'])).toEqual([
      'Show this code at the counter to',
      'open your booking',
    ]);
    expect(wordLines('受付でこのコードを読み取るとご予約が開きます', 32)).toEqual([
      '受付でこのコードを読み取るとご予約が開きます',
    ]);
    expect(wordLines('774978928', 48)).toEqual(['774978928']);
  });
});
