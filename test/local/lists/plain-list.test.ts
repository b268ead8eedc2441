/**
 * One list of the store's records on disk (AA42): one file per entry, in clear or sealed, in the
 * formats the items', reasons' and staff's own stores wrote before (a file written that way is
 * read); every entry stands alone — a damaged one, one of another shape, one under another
 * entry's name, one sealed with another key: each listed as unreadable by its name, the others
 * read.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlainList } from '../../../main/local/index';
import { openTestStore, removeDir, tempDir, TEST_KEY } from '../support';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

const Answer = z.strictObject({
  id: z.string().min(1),
  words: z.string().min(1),
  updatedAt: z.number().int().min(0),
  updatedBy: z.string().min(1),
});
type Answer = z.infer<typeof Answer>;
const answer = (id: string, words: string): Answer => ({
  id,
  words,
  updatedAt: 1,
  updatedBy: 'c1',
});

function listsAt(root: string, key = TEST_KEY) {
  const { files, cipher } = openTestStore(root, { key });
  return {
    plain: new PlainList(files, { dir: 'answers', schema: Answer }),
    sealed: new PlainList(files, {
      dir: 'secret',
      schema: Answer,
      sealed: { cipher, bindingOf: (id) => `secret/${id}` },
    }),
  };
}

function freshRoot(): string {
  const root = tempDir();
  dirs.push(root);
  return root;
}

/** Write a file as the stores before the shared list did: the record itself, or sealed. */
function writeOld(root: string, dir: string, name: string, content: unknown): void {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, dir, `${name}.json`), JSON.stringify(content));
}

describe('a plain list on disk', () => {
  it('reads back what it wrote, one file per entry, in clear', () => {
    const root = freshRoot();
    const { plain } = listsAt(root);
    plain.put(answer('web', 'ウェブ'));
    plain.put(answer('flyer', 'チラシ'));
    plain.put({ ...answer('web', 'ウェブサイト'), updatedAt: 2 });
    const read = listsAt(root).plain.entries();
    expect(read.unreadable).toEqual([]);
    expect(read.entries.map((e) => [e.id, e.words]).sort()).toEqual([
      ['flyer', 'チラシ'],
      ['web', 'ウェブサイト'],
    ]);
  });

  it('reads the files the stores wrote before it (the item and reason files, in clear)', () => {
    const root = freshRoot();
    writeOld(root, 'answers', 'web', answer('web', 'ウェブ'));
    expect(listsAt(root).plain.entries().entries).toEqual([answer('web', 'ウェブ')]);
  });

  it('lists a damaged entry, one of another shape and one under another’s name alone', () => {
    const root = freshRoot();
    const { plain } = listsAt(root);
    plain.put(answer('web', 'ウェブ'));
    mkdirSync(path.join(root, 'answers'), { recursive: true });
    writeFileSync(path.join(root, 'answers', 'broken.json'), '{"id":');
    writeOld(root, 'answers', 'odd', { id: 'odd', words: '', updatedAt: 1, updatedBy: 'c1' });
    writeOld(root, 'answers', 'moved', answer('flyer', 'チラシ'));
    const read = listsAt(root).plain.entries();
    expect(read.entries.map((e) => e.id)).toEqual(['web']);
    expect(read.unreadable).toEqual(
      expect.arrayContaining([
        { id: 'broken', problem: 'corrupt' },
        { id: 'odd', problem: 'corrupt' },
        { id: 'moved', problem: 'corrupt' },
      ]),
    );
    expect(read.unreadable).toHaveLength(3);
  });

  it('seals each entry bound to its id: never in clear, a moved file or another key fails alone', () => {
    const root = freshRoot();
    const { sealed } = listsAt(root);
    sealed.put(answer('a', '秘密のことば'));
    sealed.put(answer('b', 'もうひとつ'));
    sealed.put(answer('c', 'みっつめ'));
    // Sealed as the staff list sealed its members before: `{ v: 1, id, sealed }`.
    const { cipher: old } = openTestStore(root);
    writeOld(root, 'secret', 'd', {
      v: 1,
      id: 'd',
      sealed: old.seal(answer('d', 'まえの'), 'secret/d'),
    });
    // b's sealed content moved onto c's name: its seal is bound to b.
    const bFile = path.join(root, 'secret', 'b.json');
    const cFile = path.join(root, 'secret', 'c.json');
    const bText = JSON.parse(readFileSync(bFile, 'utf8')) as { sealed: string };
    writeFileSync(cFile, JSON.stringify({ v: 1, id: 'c', sealed: bText.sealed }));
    const text = readFileSync(path.join(root, 'secret', 'a.json'), 'utf8');
    expect(text).not.toContain('秘密');
    const read = listsAt(root).sealed.entries();
    expect(read.entries.map((e) => e.id).sort()).toEqual(['a', 'b', 'd']);
    expect(read.unreadable).toEqual([{ id: 'c', problem: 'sealed_elsewhere' }]);
    const elsewhere = listsAt(root, Buffer.alloc(32, 9)).sealed.entries();
    expect(elsewhere.entries).toEqual([]);
    expect(elsewhere.unreadable).toHaveLength(4);
  });
});
