/**
 * The records results are shown from (record-book.ts): opened from their date file's sealed value
 * once and kept, a newer version opened again, an unreadable one not shown; the kept records
 * bounded, the ones shown lately kept over older ones.
 */
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../main/api/client';
import { silentLogger } from '../../../main/api/index';
import { Cipher, fixedKeyProvider } from '../../../main/local/files/crypto';
import { RecordBook } from '../../../main/local/search/record-book';

const DATE = '2026-11-26';
const T1 = '2026-11-20T00:00:00.000Z';
const T2 = '2026-11-21T00:00:00.000Z';

function book(count: number) {
  const cipher = new Cipher(fixedKeyProvider(Buffer.alloc(32, 3)));
  const sealed: Record<string, { u: string; s: string }> = {};
  const put = (id: string, updatedAt: string) => {
    sealed[id] = { u: updatedAt, s: cipher.seal({ id, updatedAt } as Reservation, id) };
  };
  for (let i = 0; i < count; i++) put(`r${i}`, T1);
  let opened = 0;
  const counting = Object.create(cipher) as Cipher;
  counting.open = <T>(s: string, id: string): T => {
    opened++;
    return cipher.open<T>(s, id);
  };
  const records = new RecordBook(counting, { sealedOn: () => ({ ...sealed }) }, silentLogger);
  return { records, put, sealed, opened: () => opened };
}

describe('records shown', () => {
  it('opened once, the same object after; a newer version opened again', () => {
    const b = book(3);
    const first = b.records.record('r1', DATE, Date.parse(T1));
    expect(first?.id).toBe('r1');
    expect(b.records.record('r1', DATE, Date.parse(T1))).toBe(first);
    expect(b.opened()).toBe(1);
    b.put('r1', T2);
    expect(b.records.record('r1', DATE, Date.parse(T2))?.updatedAt).toBe(T2);
    expect(b.opened()).toBe(2);
  });

  it('not shown when the file holds another version or a value that cannot be opened', () => {
    const b = book(2);
    b.sealed['r1'] = { u: T1, s: 'not sealed' };
    expect(b.records.record('r0', DATE, Date.parse(T2))).toBeNull();
    expect(b.records.record('r1', DATE, Date.parse(T1))).toBeNull();
    expect(b.records.record('r0', DATE, Date.parse(T1))?.id).toBe('r0');
  });

  it('at most 500 kept: those shown lately stay, the oldest are opened again', () => {
    const b = book(900);
    const show = (i: number) => b.records.record(`r${i}`, DATE, Date.parse(T1));
    for (let i = 0; i < 500; i++) show(i);
    // r0–r9 shown again and again while 400 others come: they stay.
    for (let i = 500; i < 900; i++) {
      show(i);
      show(i % 10);
    }
    const opened = b.opened();
    for (let i = 0; i < 10; i++) show(i);
    expect(b.opened()).toBe(opened);
    // r10 was shown once, 800 records ago: gone, opened again.
    show(10);
    expect(b.opened()).toBe(opened + 1);
  });
});
