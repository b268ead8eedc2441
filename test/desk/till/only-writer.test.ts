/**
 * The till is the one writer of the journal (issue 39, AA1): no module of main/ outside
 * main/desk/till/ (and the journal's own home, main/local/) calls a method that writes the
 * journal. Read by the type checker, not by names: an alias (`const j = session.journal`) or a
 * journal handed down under another name is found all the same. A planted writer (a file the
 * checker is given beside main/'s) proves the scan finds one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'main');
/** Where the journal may be written: its own home, and the till. */
const ALLOWED = [path.join(MAIN, 'local') + path.sep, path.join(MAIN, 'desk', 'till') + path.sep];
/**
 * The journal's types: a method one of them declares is a writer unless listed here — the readers,
 * and the retention's purge (J3), which removes closed days past their years and writes no entry.
 */
const JOURNAL_HOME = path.join(MAIN, 'local', 'journal') + path.sep;
const NOT_WRITERS = new Set(['get', 'day', 'range', 'about', 'all', 'loadInBackground', 'purge']);
/** A planted writer: a feature's module appending to the journal through an alias. */
const PLANTED = path.join(MAIN, 'desk', 'walkin', '__planted_writer__.ts');
const PLANTED_TEXT = `import type { Session } from '../session';
export function sneak(session: Session): void {
  const kept = session.journal;
  kept.append({} as never);
}
`;

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });

/** The names of the methods the journal's types declare that are not listed as no writers. */
function writerNames(): string[] {
  const names = new Set<string>();
  for (const file of tsFiles(JOURNAL_HOME)) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file)!, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) &&
        ts.isIdentifier(node.name)
      )
        names.add(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...names].filter((n) => !NOT_WRITERS.has(n));
}

/** Every call, outside the allowed folders, of a method the journal's types declare to write. */
function journalWriters(extra: { file: string; text: string }): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (f) => (path.resolve(f) === extra.file ? extra.text : readFile(f));
  host.fileExists = (f) => path.resolve(f) === extra.file || fileExists(f);
  // Only files that call a method by a writer's name (`.append(`) need checking — their imports
  // come along; node's own types are not needed to tell whose method a call is.
  const writers = new Set(writerNames());
  const calls = [...writers].map((n) => `.${n}(`);
  const roots = tsFiles(MAIN).filter((f) => calls.some((c) => readFile(f)!.includes(c)));
  const options = { ...config.options, types: [] };
  const program = ts.createProgram([...roots, extra.file], options, host);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = path.resolve(source.fileName);
    if (!file.startsWith(MAIN + path.sep) || ALLOWED.some((dir) => file.startsWith(dir))) continue;
    const visit = (node: ts.Node): void => {
      // Only a call by a writer's name can be one: the checker is asked of those alone (asking it
      // of every call in main/ was most of this test's time; decision F21).
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        writers.has(node.expression.name.text)
      ) {
        const name = node.expression.name;
        const declarations = checker.getSymbolAtLocation(name)?.declarations ?? [];
        const writes = declarations.some(
          (d) =>
            path.resolve(d.getSourceFile().fileName).startsWith(JOURNAL_HOME) &&
            !NOT_WRITERS.has(name.text) &&
            (ts.isMethodDeclaration(d) || ts.isMethodSignature(d)),
        );
        if (writes) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${path.relative(ROOT, file)}:${line + 1} ${node.expression.getText()}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

it('finds no writer of the journal but the till (and finds a planted one)', () => {
  const writers = journalWriters({ file: PLANTED, text: PLANTED_TEXT });
  const planted = path.relative(ROOT, PLANTED);
  // The planted call is found through its alias: the scan can fail.
  expect(writers.filter((w) => w.startsWith(planted))).toEqual([`${planted}:4 kept.append`]);
  // And nothing else in main/ writes the journal.
  expect(writers.filter((w) => !w.startsWith(planted))).toEqual([]);
}, 120_000);
