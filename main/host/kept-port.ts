/**
 * The browser host's port, kept from start to start in its data folder (decision G26): the page's
 * origin (`http://127.0.0.1:<port>`) is then the same after a restart, so the counter's browser
 * starts the page from its own cache and V8's code cache of its scripts, as the desktop app does
 * on its own scheme. Taken by something else meanwhile: a free port, kept for the next start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'host-port';

/** The port kept in `dataDir`, or 0 (any free one) when none is, or what is there is no port. */
export function keptPort(dataDir: string): number {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, FILE), 'utf8').trim();
  } catch {
    return 0;
  }
  const port = Number(text);
  return /^\d+$/.test(text) && port > 0 && port <= 65535 ? port : 0;
}

/**
 * Start on the kept port, else on a free one, and keep the port it listens on. `start` listens
 * on the port it is given (0: any) and rejects with the listener's error.
 */
export async function startOnKeptPort<T extends { port: number }>(
  dataDir: string,
  start: (port: number) => Promise<T>,
): Promise<T> {
  const kept = keptPort(dataDir);
  let running: T;
  try {
    running = await start(kept);
  } catch (error) {
    if (kept === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    running = await start(0);
  }
  if (running.port !== kept)
    writeFileSync(path.join(dataDir, FILE), `${running.port}\n`, { mode: 0o600 });
  return running;
}
