/**
 * Import cycles among the project's modules, type-only imports included (decision AA61): a cycle of
 * types is still two concepts that each need the other, i.e. one without a home. Run by
 * test/lint/import-cycles.test.ts, so the suite (and CI) fails on one; `tsx
 * scripts/lint/import-cycles.ts` prints them. Imports are read by TypeScript's own pre-processor
 * (every `import`, `export … from`, `import()` and `require`), relative ones resolved as the
 * bundlers do (`.ts`, `.tsx`, `/index`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folders whose modules may not import each other in a circle (tests and configs aside). */
export const ROOTS = ['main', 'renderer/src', 'preload', 'sandbox', 'scripts', 'bench'];

const SOURCE = /\.(ts|tsx|mts)$/;
const NOT_SOURCE = /\.(test|spec)\.tsx?$|\.d\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'test-results']);

/** Each module and the project modules it imports. */
export type ImportGraph = Map<string, string[]>;

function sourcesUnder(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourcesUnder(full, out);
    } else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

function resolveFrom(file: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), specifier);
  const bare = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [
    base,
    `${bare}.ts`,
    `${bare}.tsx`,
    `${bare}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (known.has(candidate)) return candidate;
  return null;
}

/** The import graph of `files` (path → source text), keyed by the paths given. */
export function graphOf(files: Map<string, string>): ImportGraph {
  const known = new Set(files.keys());
  const graph: ImportGraph = new Map();
  for (const [file, text] of files) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map((f) => resolveFrom(file, f.fileName, known))
      .filter((t): t is string => t !== null && t !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The project's import graph under `roots` (relative to `root`). */
export function projectGraph(root: string, roots: readonly string[] = ROOTS): ImportGraph {
  const files = new Map<string, string>();
  for (const r of roots)
    for (const file of sourcesUnder(path.join(root, r)))
      files.set(file, fs.readFileSync(file, 'utf8'));
  return graphOf(files);
}

/** Every cycle, as the modules of one strongly connected component (Tarjan), sorted. */
export function cyclesOf(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const cycles = cyclesOf(projectGraph(root));
  for (const cycle of cycles) console.log(cycle.map((f) => path.relative(root, f)).join(' ↔ '));
  console.log(`${cycles.length} import cycles`);
  process.exitCode = cycles.length ? 1 : 0;
}
