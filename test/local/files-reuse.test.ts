/**
 * `Files.read(…, { reuse: true })`: the parsed content is handed back while the file on disk is
 * the same one, and read again as soon as it is not — written by the app, changed or damaged
 * from outside (issue 16: a busy day's file is read after every poll and check-in).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../main/api/log';
import { Files, confOpener } from '../../main/local/files';

const Doc = z.object({ n: z.number() });
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

function files() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fd-files-'));
  roots.push(root);
  const setAside: string[] = [];
  const f = new Files(
    root,
    confOpener(root),
    createLogger(() => {}),
    (dir, name) => setAside.push(`${dir}/${name}`),
  );
  return { f, root, setAside, file: path.join(root, 'd', 'x.json') };
}

describe('Files.read with reuse', () => {
  it('hands back the same parsed object while the file is unchanged', () => {
    const { f } = files();
    f.write('d', 'x', { n: 1 });
    const first = f.read('d', 'x', Doc, { reuse: true });
    expect(first).toEqual({ n: 1 });
    expect(f.read('d', 'x', Doc, { reuse: true })).toBe(first);
    // Without reuse, a fresh object every time.
    expect(f.read('d', 'x', Doc)).not.toBe(first);
  });

  it('reads again after the app writes the file', () => {
    const { f } = files();
    f.write('d', 'x', { n: 1 });
    f.read('d', 'x', Doc, { reuse: true });
    f.write('d', 'x', { n: 2 });
    expect(f.read('d', 'x', Doc, { reuse: true })).toEqual({ n: 2 });
  });

  it('reads again when the file is changed from outside, and sets a damaged one aside', () => {
    const { f, file, setAside } = files();
    f.write('d', 'x', { n: 1 });
    f.read('d', 'x', Doc, { reuse: true });
    writeFileSync(file, JSON.stringify({ n: 30 }));
    expect(f.read('d', 'x', Doc, { reuse: true })).toEqual({ n: 30 });
    writeFileSync(file, '{ not json');
    expect(f.read('d', 'x', Doc, { reuse: true })).toBeNull();
    expect(setAside).toEqual(['d/x']);
  });

  it('forgets a removed file', () => {
    const { f } = files();
    f.write('d', 'x', { n: 1 });
    f.read('d', 'x', Doc, { reuse: true });
    f.remove('d', 'x');
    expect(f.read('d', 'x', Doc, { reuse: true })).toBeNull();
  });
});
