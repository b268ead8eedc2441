/**
 * docs/decisions.md is the one home of every decision, and code cites them by id ("decision G4",
 * "decisions 41–43"). This test keeps the two in step: every id cited in the code, tests, benches,
 * scripts, READMEs and docs is defined in decisions.md, and exactly once; decisions.md's lines stay
 * within 200 characters and its sections are titled by subject, never by issue.
 *
 * A citation is an id list after the word "decision(s)" or "decisions.md", in any of the forms the
 * repository uses (see `citations` below). Bare ids in parentheses, "(G4)", are not read: F2 is
 * also a key and R1 a fixture's name. Not scanned: docs/decisions-inbox/ (ids proposed there are
 * not filed yet) and this file (its examples are made up).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DECISIONS = 'docs/decisions.md';
const MAX_LINE = 200;

/** Where citations are looked for: folders walked (their own generated output skipped), files. */
const SCANNED_FOLDERS = [
  'main',
  'office',
  'renderer',
  'preload',
  'sandbox',
  'test',
  'bench',
  'scripts',
];
const SCANNED_FILES = ['README.md', 'electron-builder.yml', 'package.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'results', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|yml|yaml|json|css|html)$/;
const THIS_FILE = 'test/docs/decisions.test.ts';

/** An id as decisions.md defines it: `- **G4. Title.**` at the start of a line. */
const ENTRY = /^- \*\*([A-Z]{0,2}\d+)\. /;
/** What looks like an entry but is not in that form (indented, or a paragraph of its own). */
const STRAY_ENTRY = /^(?:\s+- |\s*)\*\*[A-Z]{0,2}\d+\. /;

const ID = String.raw`\b[A-Z]{0,2}\d{1,3}(?!\w|\.\d)`;
const ITEM = String.raw`${ID}(?:\s*[–-]\s*${ID})?`;
const SEPARATOR = String.raw`\s*,\s*(?:and\s+)?|\s+and\s+`;
/**
 * "decision G4", "decisions G7, G9", "decisions 8 and 18", "decisions J1–J3", "decisions G8-G14",
 * "docs/decisions.md, R4–R5", "`docs/decisions.md`, T1–T2, W2", "decisions.md 41–43", "Decision
 * 31;" — the keyword, then (after a closing quote or bracket, a comma or colon) a list of ids and
 * ranges. A list may run on over a comment's line break.
 */
const CITATION = new RegExp(
  String.raw`\b[Dd]ecisions?(?:\.md)?\b[\`)\]]*[,:]?\s+(${ITEM}(?:(?:${SEPARATOR})${ITEM})*)`,
  'g',
);

interface Citation {
  id: string;
  line: number;
}

/** Every id a text cites, ranges expanded ("G8-G10" is G8, G9 and G10), with its line. */
function citations(text: string): Citation[] {
  // A comment's leader at the start of a line (` * `, `// `, `# `) is blanked, keeping offsets.
  const plain = text.replace(/(\n[ \t]*)(\*(?!\/)|\/\/+|#+)/g, (_m, lead: string, leader: string) =>
    lead.concat(' '.repeat(leader.length)),
  );
  const found: Citation[] = [];
  for (const match of plain.matchAll(CITATION)) {
    const line = plain.slice(0, match.index).split('\n').length;
    for (const item of match[1]!.split(new RegExp(SEPARATOR))) {
      const [from, to] = item.split(/\s*[–-]\s*/) as [string, string | undefined];
      for (const id of to === undefined ? [from] : expand(from, to)) found.push({ id, line });
    }
  }
  return found;
}

/** The ids of a range: "J1"–"J3" is J1, J2, J3; "41"–"43" is 41, 42, 43. */
function expand(from: string, to: string): string[] {
  const [, prefix = '', first = ''] = /^([A-Z]{0,2})(\d+)$/.exec(from) ?? [];
  const [, toPrefix = prefix, last = ''] = /^([A-Z]{0,2})(\d+)$/.exec(to) ?? [];
  if (toPrefix !== prefix || Number(last) < Number(first)) return [from, to];
  const ids: string[] = [];
  for (let n = Number(first); n <= Number(last); n++) ids.push(`${prefix}${n}`);
  return ids;
}

/** The ids decisions.md defines, in order, with their lines (a duplicate appears twice). */
function definitions(text: string): Citation[] {
  return text.split('\n').flatMap((line, i) => {
    const m = ENTRY.exec(line);
    return m ? [{ id: m[1]!, line: i + 1 }] : [];
  });
}

/** The repository's files that may cite decisions (relative paths). */
function scannedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(rel);
      } else if (TEXT.test(entry.name) && rel !== THIS_FILE) {
        files.push(rel);
      }
    }
  };
  SCANNED_FOLDERS.forEach(walk);
  // docs/*.md only: docs/decisions-inbox/ holds proposals, whose ids are not filed yet.
  for (const name of fs.readdirSync(path.join(root, 'docs'))) {
    if (name.endsWith('.md') && `docs/${name}` !== DECISIONS) files.push(`docs/${name}`);
  }
  return [...files, ...SCANNED_FILES.filter((f) => fs.existsSync(path.join(root, f)))];
}

const decisions = fs.readFileSync(path.join(root, DECISIONS), 'utf8');
const defined = new Set(definitions(decisions).map((d) => d.id));

describe('reading citations', () => {
  it.each([
    ['(decision G6).', ['G6']],
    ['decisions G7, G9)', ['G7', 'G9']],
    ['(decisions 8 and 18), and how', ['8', '18']],
    ['(decision 19 and the order)', ['19']],
    ['(decisions J1–J3).', ['J1', 'J2', 'J3']],
    ['(decisions G8-G11 in order)', ['G8', 'G9', 'G10', 'G11']],
    ['decisions 6–9, 31)', ['6', '7', '8', '9', '31']],
    ['See `docs/decisions.md`, R4–R5. A shop PC', ['R4', 'R5']],
    ['(`docs/decisions.md`, T1–T2, W2).', ['T1', 'T2', 'W2']],
    ['(docs/decisions.md L1, L9).', ['L1', 'L9']],
    ['(docs/decisions.md 41–43)', ['41', '42', '43']],
    ['/** Decision 31; null = any valid key. */', ['31']],
    ["decision G1's stamps", ['G1']],
    ['docs/decisions.md 27,\n * 39–40, 44): lost answers', ['27', '39', '40', '44']],
    ['(decision\n   * G12). Call once', ['G12']],
    ['(docs/decisions.md, issue 12 H)', []],
    ['decision in docs/decisions.md, "Boundaries".', []],
    ['[`decisions.md`](docs/decisions.md): every gap', []],
    ['the decisions-inbox folder, decisions 1.5 s', []],
  ])('%j cites %j', (text, ids) => {
    expect(citations(text).map((c) => c.id)).toEqual(ids);
  });
});

describe('docs/decisions.md', () => {
  it('defines every id cited in code, tests, benches, scripts, READMEs and docs', () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of scannedFiles()) {
      for (const { id, line } of citations(fs.readFileSync(path.join(root, file), 'utf8'))) {
        count++;
        if (!defined.has(id)) missing.push(`${file}:${line} cites ${id}`);
      }
    }
    expect(missing).toEqual([]);
    // The scan itself found the repository's citations (well over a hundred), not nothing.
    expect(count).toBeGreaterThan(100);
  });

  it('defines each id once, every entry as `- **ID. Title.**`', () => {
    const seen = new Map<string, number>();
    const twice: string[] = [];
    for (const { id, line } of definitions(decisions)) {
      const first = seen.get(id);
      if (first !== undefined) twice.push(`${id} at lines ${first} and ${line}`);
      else seen.set(id, line);
    }
    expect(twice).toEqual([]);
    const stray = decisions
      .split('\n')
      .flatMap((line, i) =>
        !ENTRY.test(line) && STRAY_ENTRY.test(line) ? [`${i + 1}: ${line}`] : [],
      );
    expect(stray).toEqual([]);
    expect(seen.size).toBeGreaterThan(200);
  });

  it(`has no line over ${MAX_LINE} characters`, () => {
    const long = decisions.split('\n').flatMap((line, i) => {
      const length = [...line].length;
      return length > MAX_LINE ? [`line ${i + 1}: ${length} characters`] : [];
    });
    expect(long).toEqual([]);
  });

  it('titles its sections by subject, never by issue', () => {
    const byIssue = decisions
      .split('\n')
      .flatMap((line, i) => (/^#{2,}\s.*\bissues?\s*\d/i.test(line) ? [`${i + 1}: ${line}`] : []));
    expect(byIssue).toEqual([]);
  });
});
