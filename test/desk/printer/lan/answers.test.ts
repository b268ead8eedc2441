/**
 * A printer's answers read defensively (decision AC3): whole answers read, partial ones waited
 * for, anything else refused — never a throw, whatever the bytes.
 */
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  readInfo,
  readStarVersion,
  readType,
  starModel,
} from '../../../../main/desk/printer/lan/answers';
import { namesReceiptPrinter, offerFor, paperOf } from '../../../../main/desk/printer/lan/models';
import { UNANSWERED } from '../../../../main/desk/printer/lan/ask';

const b = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('reading what a printer says it is', () => {
  it('reads GS I’s text answers, waits for a partial one, refuses another', () => {
    expect(readInfo(b([0x5f], 'TM-m30', [0]))).toEqual({ kind: 'ok', value: 'TM-m30', length: 8 });
    expect(readInfo(b([0x5f], 'TM-'))).toEqual({ kind: 'more' });
    expect(readInfo(b([]))).toEqual({ kind: 'more' });
    expect(readInfo(b([0x41, 0x5f], 'x', [0]))).toEqual({ kind: 'bad' });
    // Never ending: noise, not an answer.
    expect(readInfo(b([0x5f], 'A'.repeat(200)))).toEqual({ kind: 'bad' });
    // An Epson's automatic status (ASB) before the answer is skipped.
    expect(readInfo(b([0x14, 0, 0, 0x0f, 0x5f], 'EPSON', [0]))).toEqual({
      kind: 'ok',
      value: 'EPSON',
      length: 11,
    });
  });

  it('keeps printable ASCII of a text only, bounded', () => {
    expect(cleanText(b([0x01, 0xff], ' TM\n-m30 ', [0x80]))).toBe('TM-m30');
    expect(cleanText(Buffer.alloc(500, 0x41))).toHaveLength(64);
  });

  it('reads the type ID byte (kanji, cutter); a byte with the fixed-off bits set is not one', () => {
    expect(readType(b([0x03]))).toEqual({
      kind: 'ok',
      value: { kanji: true, cutter: true },
      length: 1,
    });
    expect(readType(b([0x02]))).toMatchObject({ value: { kanji: false, cutter: true } });
    expect(readType(b([0x90]))).toEqual({ kind: 'bad' });
    expect(readType(b([0x10]))).toEqual({ kind: 'bad' });
  });

  it('reads Star’s version answer; its model without the version', () => {
    const whole = b([0x1b, 0x23, 0x2a, 0x2c], 'TSP143IIIW Ver1.0', [0x0a, 0x00]);
    expect(readStarVersion(whole)).toEqual({
      kind: 'ok',
      value: 'TSP143IIIW Ver1.0',
      length: whole.length,
    });
    expect(readStarVersion(whole.subarray(0, 10))).toEqual({ kind: 'more' });
    expect(readStarVersion(b([0x1b, 0x23]))).toEqual({ kind: 'more' });
    // Its automatic status first (when set to send it): the answer after it is read.
    const status = [0x23, 0x86, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
    expect(readStarVersion(Buffer.concat([b(status), whole]))).toEqual({
      kind: 'ok',
      value: 'TSP143IIIW Ver1.0',
      length: status.length + whole.length,
    });
    // No header within the bytes a status may take: not Star's answer.
    expect(readStarVersion(Buffer.alloc(40, 0x41))).toEqual({ kind: 'bad' });
    expect(readStarVersion(b([0x1b, 0x23, 0x2a, 0x2c, 0x01], 'x', [0x0a]))).toEqual({
      kind: 'bad',
    });
    expect(starModel('TSP143IIIW Ver1.0')).toBe('TSP143IIIW');
    expect(starModel('mC-Print3 Ver. 2.1')).toBe('mC-Print3');
  });

  it('never throws, whatever the bytes', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    const wrong: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const bytes = Buffer.from(Array.from({ length: rand() % 40 }, () => rand() & 0xff));
      if (i % 3 === 0) bytes[0] = 0x5f;
      if (i % 5 === 0) bytes.set([0x1b, 0x23, 0x2a, 0x2c].slice(0, bytes.length));
      for (const read of [readInfo, readType, readStarVersion]) {
        const r = read(bytes);
        if (r.kind === 'ok' && r.length > bytes.length) wrong.push(bytes.toString('hex'));
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('what set-up is offered', () => {
  it('tells a receipt printer’s announcement from an office printer’s', () => {
    for (const name of [
      'EPSON TM-m30II',
      'TM-T88V',
      'Star TSP143IIILAN (STR_T-001)',
      'mC-Print3',
      'CITIZEN CT-S851II',
      'BIXOLON SRP-350III',
      'レシートプリンター',
    ])
      expect(namesReceiptPrinter(name), name).toBe(true);
    for (const name of ['HP LaserJet Pro M404', 'EPSON EP-883A', 'Brother HL-L2375DW', '', null])
      expect(namesReceiptPrinter(name), String(name)).toBe(false);
  });

  it('a roll’s width from the model; an unknown one 80 mm', () => {
    expect(paperOf('TM-m30')).toBe('80mm');
    expect(paperOf('TM-m10')).toBe('58mm');
    expect(paperOf('mC-Print2')).toBe('58mm');
    expect(paperOf('TSP143IIIW')).toBe('80mm');
    expect(paperOf(null)).toBe('80mm');
  });

  it('its language as it answered; its own kanji font only where it said so', () => {
    const epson = {
      answered: true,
      maker: 'EPSON',
      model: 'TM-m30',
      language: 'escpos' as const,
      kanji: true,
      cutter: true,
    };
    expect(offerFor('192.0.2.5', 9100, epson, null)).toEqual({
      connection: { kind: 'network', host: '192.0.2.5', port: 9100 },
      language: 'escpos',
      paper: '80mm',
      drawer: true,
      kanji: 'builtin',
    });
    expect(offerFor('h', 9100, { ...epson, kanji: null }, null).kanji).toBe('image');
    // Silent: the announcement's maker decides the language; Epson's commands otherwise.
    expect(offerFor('h', 9100, UNANSWERED, 'Star mC-Print3').language).toBe('starprnt');
    expect(offerFor('h', 9100, UNANSWERED, null)).toMatchObject({
      language: 'escpos',
      paper: '80mm',
      kanji: 'image',
    });
  });
});
