/**
 * The browser host's start in stages, for the cold-start bench (bench/cold-start.ts) and anyone
 * asking why a start was slow: with `FRONT_DESK_START_MARKS=1` in its environment the host writes
 * one line per stage on stderr, `front-desk:start-mark {"name":…,"at":epoch ms}`, the first two
 * being Node's own (the process started, Node ready). Without it nothing is written.
 */
import { performance } from 'node:perf_hooks';

export const START_MARK_PREFIX = 'front-desk:start-mark ';

let first = true;

function write(name: string, at: number): void {
  process.stderr.write(`${START_MARK_PREFIX}${JSON.stringify({ name, at: Math.round(at) })}\n`);
}

/** Note that the host's start reached `name` (a no-op unless FRONT_DESK_START_MARKS is set). */
export function startMark(name: string): void {
  if (!process.env.FRONT_DESK_START_MARKS) return;
  if (first) {
    first = false;
    write('process started', performance.timeOrigin);
    write('node ready', performance.timeOrigin + performance.nodeTiming.bootstrapComplete);
  }
  write(name, performance.timeOrigin + performance.now());
}
