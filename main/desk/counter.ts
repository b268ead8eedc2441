/**
 * This counter, as the outbox records it with each walk-in: a stable id for the install (made
 * once, kept beside the settings, so it survives a key or store change) and the machine's name
 * (read at each start: what staff know the PC by). Neither is secret.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../api/index';
import { Files, confOpener, type Counter, type OpenFile } from '../local/index';

const CounterFile = z.object({ v: z.literal(1), id: z.string().min(1) });

export function counterIdentity(
  dataDir: string,
  logger: Logger,
  openFile?: (root: string) => OpenFile,
): Counter {
  const root = path.join(dataDir, 'settings');
  const files = new Files(root, openFile?.(root) ?? confOpener(root), logger);
  let id = files.read('', 'counter', CounterFile)?.id;
  if (!id) {
    id = randomUUID();
    files.write('', 'counter', { v: 1, id });
  }
  return { id, host: hostname() };
}

/** The name this counter shows under: the one staff chose, else the machine's name. */
export function counterName(counter: Counter, chosen: string | null | undefined): string {
  const name = chosen?.trim();
  return name ? name : counter.host;
}
