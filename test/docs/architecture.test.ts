/**
 * docs/architecture.md against the tree, by reading files only: each layer's table under "Where
 * each feature lives" lists every folder of that layer and no folder that is not there, a file a
 * row names is in that row's folder, and every path the page names exists.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGE = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** Top folders of the repository: a backticked name starting with one is a path from the root. */
const TOP = ['main/', 'renderer/', 'preload/', 'sandbox/', 'test/', 'scripts/', 'bench/', 'docs/'];

interface Row {
  /** The row's folder relative to its layer ('' for the root row). */
  folders: string[];
  /** Everything backticked in the row's other cells. */
  named: string[];
}

interface LayerTable {
  layer: string;
  rows: Row[];
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The tables of "Where each feature lives", one per `### … (`main/<layer>/`)` heading. */
function layerTables(page: string): LayerTable[] {
  const section = page.split(/^## /m).find((s) => s.startsWith('Where each feature lives'));
  if (!section) return [];
  const tables: LayerTable[] = [];
  for (const part of section.split(/^### /m).slice(1)) {
    const heading = part.split('\n', 1)[0]!;
    const layer = backticked(heading).find((t) => t.startsWith('main/'));
    if (!layer) continue;
    const rows: Row[] = [];
    for (const line of part.split('\n')) {
      if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
      const cells = line.split('|').slice(1, -1);
      const first = cells[0]!.trim();
      if (first === 'Folder') continue;
      rows.push({
        folders: first === 'root' ? [''] : backticked(first),
        named: cells.slice(1).flatMap(backticked),
      });
    }
    tables.push({ layer: layer.replace(/\/$/, ''), rows });
  }
  return tables;
}

/** Every file under `dir` (relative to it). */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(ROOT, dir, rel), { withFileTypes: true })) {
      const next = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(next);
      else found.push(next);
    }
  };
  walk('');
  return found;
}

/** The folders of `dir` that hold a file (an empty one, left by a move, is not in git). */
const foldersOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && filesUnder(path.posix.join(dir, e.name)).length > 0)
    .map((e) => `${e.name}/`)
    .sort();

const isPath = (token: string) =>
  TOP.some((top) => token.startsWith(top)) && !/[\s*{}]/.test(token);

const tables = layerTables(PAGE);

describe('docs/architecture.md', () => {
  it('has a table for the desk, local data and the shop', () => {
    expect(tables.map((t) => t.layer)).toEqual(['main/desk', 'main/local', 'main/shop']);
  });

  it.each(tables.map((t) => [t.layer, t] as const))(
    'lists every folder of %s, and only folders that exist',
    (layer, table) => {
      const listed = table.rows.flatMap((r) => r.folders).filter((f) => f !== '');
      expect([...new Set(listed)].sort()).toEqual(foldersOf(layer));
      expect(listed.length, 'a folder listed twice').toBe(new Set(listed).size);
    },
  );

  it.each(tables.map((t) => [t.layer, t] as const))(
    'names in each row of %s only files of that row’s folder',
    (layer, table) => {
      const missing: string[] = [];
      for (const row of table.rows)
        for (const name of row.named) {
          if (isPath(name) || !/^[\w./-]+\.(ts|tsx)$/.test(name)) continue;
          // A row names files of its folder: the root row only files at the layer's top.
          const dirs = row.folders.map((f) => path.posix.join(layer, f));
          const found = dirs.some((dir) =>
            row.folders.includes('')
              ? existsSync(path.join(ROOT, dir, name))
              : filesUnder(dir).some((f) => f === name || f.endsWith(`/${name}`)),
          );
          if (!found) missing.push(`${row.folders.join(', ') || 'root'}: ${name}`);
        }
      expect(missing).toEqual([]);
    },
  );

  it('names only paths that exist', () => {
    // Fenced blocks hold diagrams: their lines start with paths, and their fences are backticks.
    const fenced = [...PAGE.matchAll(/^```\n([\s\S]*?)^```/gm)].map((m) => m[1]!).join('\n');
    const prose = PAGE.replace(/^```\n[\s\S]*?^```/gm, '');
    const missing = backticked(prose)
      .concat([...fenced.matchAll(/^\s*([\w./-]+\/[\w./-]*)/gm)].map((m) => m[1]!))
      .filter(isPath)
      // A module may be named without its extension (`main/ipc/bridge`).
      .filter((p) => !['', '.ts', '.tsx'].some((ext) => existsSync(path.join(ROOT, p + ext))));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads a folder missing from a table, or one that is not there, as a difference', () => {
    const page = PAGE.replace(/^\| `close\/`.*\n/m, '').replace('| `sales/`', '| `gone/`');
    const desk = layerTables(page).find((t) => t.layer === 'main/desk')!;
    const listed = desk.rows.flatMap((r) => r.folders).filter((f) => f !== '');
    expect(listed).not.toContain('close/');
    expect(listed).toContain('gone/');
    expect(listed.sort()).not.toEqual(foldersOf('main/desk'));
    expect(statSync(path.join(ROOT, 'main/desk/close')).isDirectory()).toBe(true);
  });
});
