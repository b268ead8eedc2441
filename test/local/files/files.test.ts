/**
 * The cache's files (files.ts): a write that changes nothing is skipped when the content was
 * remembered; a large file not remembered is written by the store's own serialization alone, and
 * still counted byte for byte; either way the file holds exactly what was written. A file that
 * cannot be read is set aside, stamped by the files' clock, and swept once older than the bound.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../../../main/api/index';
import { Files, confOpener, serialize } from '../../../main/local/files/files';
import { removeDir, tempDir } from '../support';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function files(now?: () => number): Files {
  const root = tempDir();
  dirs.push(root);
  return new Files(root, confOpener(root), silentLogger, undefined, now);
}

const day = { v: 2, records: { r1: { u: '2026-11-26T00:00:00.000Z', s: 'sealed-日本' } } };

describe('writing a file', () => {
  it('remembered: the same content again is not written; other content is', () => {
    const f = files();
    expect(f.write('d', 'a', { n: 1 })).toBe(true);
    expect(f.write('d', 'a', { n: 1 })).toBe(false);
    expect(f.write('d', 'a', { n: 2 })).toBe(true);
    expect(f.stats.writes).toBe(2);
  });

  it('not remembered: written each time it is asked, its bytes counted from the file', () => {
    const f = files();
    expect(f.write('dates', '2026-11-26', day, { remember: false })).toBe(true);
    const file = path.join(f.root, 'dates', '2026-11-26.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(day);
    // Multi-byte characters: bytes, not characters.
    expect(f.stats.bytesWritten).toBe(statSync(file).size);
    expect(f.stats.bytesWritten).toBe(Buffer.byteLength(serialize(day)));
    expect(f.write('dates', '2026-11-26', day, { remember: false })).toBe(true);
    expect(f.stats.writes).toBe(2);
  });

  it('a file remembered by an earlier write is still compared when the next is not remembered', () => {
    const f = files();
    f.write('d', 'a', day);
    expect(f.write('d', 'a', day, { remember: false })).toBe(false);
    expect(f.write('d', 'a', { ...day, v: 3 }, { remember: false })).toBe(true);
    expect(f.read('d', 'a', z.object({ v: z.number() }))).toEqual({ v: 3 });
  });
});

describe('a file that cannot be read', () => {
  it('is set aside stamped by the files’ clock, and swept only once older than the bound', () => {
    const setAt = Date.parse('2026-11-24T03:00:00Z');
    const f = files(() => setAt);
    f.write('d', 'a', { n: 1 });
    writeFileSync(path.join(f.root, 'd', 'a.json'), '{ not json');
    expect(f.read('d', 'a', z.object({ n: z.number() }))).toBeNull();
    const aside = path.join(f.root, 'd', `a.json.corrupt-${setAt}`);
    expect(readdirSync(path.join(f.root, 'd'))).toEqual([path.basename(aside)]);
    // Kept while it is not older than the bound (a bound of its own moment keeps it)…
    expect(f.sweep(setAt).setAside).toBe(0);
    expect(existsSync(aside)).toBe(true);
    // …and swept the moment it is.
    expect(f.sweep(setAt + 1).setAside).toBe(1);
    expect(existsSync(aside)).toBe(false);
  });

  it('set aside twice at one moment (a clock that stands still), both are kept', () => {
    const setAt = Date.parse('2026-11-24T03:00:00Z');
    const f = files(() => setAt);
    const schema = z.object({ n: z.number() });
    f.write('d', 'a', { n: 1 });
    for (const garbage of ['{ one', '{ two']) {
      writeFileSync(path.join(f.root, 'd', 'a.json'), garbage);
      expect(f.read('d', 'a', schema)).toBeNull();
    }
    const kept = readdirSync(path.join(f.root, 'd')).sort();
    expect(kept).toEqual([`a.json.corrupt-${setAt}`, `a.json.corrupt-${setAt + 1}`]);
    expect(kept.map((name) => readFileSync(path.join(f.root, 'd', name), 'utf8'))).toEqual([
      '{ one',
      '{ two',
    ]);
  });
});
