/**
 * One word, one home (AA31, AA32): a text is written in one catalogue of its language — the
 * common one (ja/common.ts, en/common.ts) when several screens say it — and taken from there by
 * reference, so that two screens cannot drift apart. Read from the catalogues' sources (TypeScript
 * AST): a text written as a literal in two catalogues of one language fails, and so do a
 * catalogue whose Japanese and English keys differ and a word the common catalogue holds twice.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../renderer/src/i18n/catalogue';
import { FEATURES_EN } from '../../../renderer/src/i18n/en';

const SOURCES = import.meta.glob(
  ['../../../renderer/src/i18n/ja/*.ts', '../../../renderer/src/i18n/en/*.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

type Lang = 'ja' | 'en';
type Tree = { [k: string]: unknown };

/** The texts a catalogue's source writes as literals, each with its key path. */
export function writtenTexts(source: string): { key: string; text: string }[] {
  const file = ts.createSourceFile('catalogue.ts', source, ts.ScriptTarget.Latest, true);
  const out: { key: string; text: string }[] = [];
  const visit = (node: ts.Node, keys: string[]): void => {
    if (ts.isPropertyAssignment(node)) {
      const path = [...keys, node.name.getText(file).replace(/^['"]|['"]$/g, '')];
      const value = node.initializer;
      if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
        out.push({ key: path.join('.'), text: value.text });
      else ts.forEachChild(value, (child) => visit(child, path));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, keys));
  };
  visit(file, []);
  return out;
}

/** Each catalogue of a language by its name (the file's), its texts as written. */
function catalogues(lang: Lang): Map<string, { key: string; text: string }[]> {
  const out = new Map<string, { key: string; text: string }[]>();
  for (const [path, source] of Object.entries(SOURCES)) {
    const m = new RegExp(`/i18n/${lang}/(\\w+)\\.ts$`).exec(path);
    if (m && m[1] !== 'index') out.set(m[1]!, writtenTexts(source));
  }
  return out;
}

/** The texts written in two catalogues or more of one language, with where. */
export function writtenTwice(
  written: Map<string, { key: string; text: string }[]>,
): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [catalogue, texts] of written)
    for (const { key, text } of texts)
      where.set(text, [...(where.get(text) ?? []), `${catalogue}: ${key}`]);
  return Object.fromEntries(
    [...where].filter(([, places]) => new Set(places.map((p) => p.split(':')[0])).size > 1),
  );
}

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object')
      for (const [kk, vv] of leaves(v as Tree, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(prefix + k, v);
  }
  return out;
}

describe('the catalogues', () => {
  it('are every file of each language, merged', () => {
    expect([...catalogues('ja').keys()].sort()).toEqual(Object.keys(FEATURES).sort());
    expect([...catalogues('en').keys()].sort()).toEqual(Object.keys(FEATURES_EN).sort());
  });

  it.each<Lang>(['ja', 'en'])('write each text in one catalogue of %s', (lang) => {
    expect(writtenTwice(catalogues(lang))).toEqual({});
  });

  it('have the same keys in Japanese and English, catalogue by catalogue', () => {
    for (const [name, words] of Object.entries(FEATURES)) {
      const en = FEATURES_EN[name as keyof typeof FEATURES].en as Tree;
      expect([...leaves(en).keys()].sort(), name).toEqual(
        [...leaves(words.ja as Tree).keys()].sort(),
      );
    }
  });

  it('hold no common word twice (the same in both languages)', () => {
    const ja = leaves(FEATURES.common.ja.common as Tree);
    const en = leaves(FEATURES_EN.common.en.common as Tree);
    const pairs = [...ja].map(([key, text]) => `${String(text)} | ${String(en.get(key))}`);
    expect(pairs.filter((p, i) => pairs.indexOf(p) !== i)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a text written in two catalogues, not one taken by reference', () => {
    const twice = new Map([
      [
        'walkin',
        writtenTexts(`export const ja = { walkIn: { total: '合計', back: common.back } };`),
      ],
      ['cancel', writtenTexts(`export const ja = { cancel: { total: '合計' } };`)],
      ['common', writtenTexts(`export const words = { back: '戻る' };`)],
    ]);
    expect(writtenTwice(twice)).toEqual({ 合計: ['walkin: walkIn.total', 'cancel: cancel.total'] });
  });
});
