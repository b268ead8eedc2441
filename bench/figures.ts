/**
 * Benchmark figures: each printed beside its target and written as JSON (`name`, `value`, `unit`,
 * `target`, `ok`) so runs can be compared and checked by a script.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≤ 201" or "≥ 95". */
  target: string;
  ok: boolean;
  /** What the value means when it is not a plain measurement (e.g. a wait that timed out). */
  note?: string;
  /** What the value is made of (e.g. a start's stages, in ms), printed and written with it. */
  parts?: Record<string, number>;
}

export function atMost(name: string, value: number, unit: string, limit: number): Figure {
  return { name, value: round(value), unit, target: `≤ ${limit}`, ok: value <= limit };
}

export function atLeast(name: string, value: number, unit: string, floor: number): Figure {
  return { name, value: round(value), unit, target: `≥ ${floor}`, ok: value >= floor };
}

/** A value that must fall in a band (a deliberate cost: neither too cheap nor too slow). */
export function within(
  name: string,
  value: number,
  unit: string,
  low: number,
  high: number,
): Figure {
  return {
    name,
    value: round(value),
    unit,
    target: `${low}–${high}`,
    ok: value >= low && value <= high,
  };
}

export function exactly(name: string, value: number, unit: string, expected: number): Figure {
  return { name, value: round(value), unit, target: `= ${expected}`, ok: value === expected };
}

function round(v: number): number {
  return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100;
}

export function printFigures(title: string, figures: Figure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length), 10);
  console.log(`\n${title}`);
  for (const f of figures) {
    const value = `${f.value} ${f.unit}`.padEnd(18);
    console.log(
      `  ${f.ok ? 'ok  ' : 'FAIL'} ${f.name.padEnd(width)}  ${value} target ${f.target} ${f.unit}` +
        (f.note ? `  (${f.note})` : ''),
    );
    for (const [part, value] of Object.entries(f.parts ?? {}))
      console.log(`         ${String(value).padStart(6)} ${f.unit}  ${part}`);
  }
}

export async function writeFigures(figures: Figure[], dir = 'bench/results'): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  const body = JSON.stringify({ at: new Date().toISOString(), figures }, null, 2);
  await writeFile(file, body);
  await writeFile(path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`), body);
  return file;
}
