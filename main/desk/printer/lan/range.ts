/**
 * A typed range of addresses probed for a printer's raw port (decision AC5): Epson and Star
 * document TCP 9100 as their LAN printers' raw port, so a printer that never announced itself
 * (mDNS off, another subnet's multicast blocked) is found by connecting to 9100 across the range.
 * At most one /24 (254 addresses), `concurrency` connections at a time, each given `connectMs`,
 * the whole probe `totalMs`; a refused or silent address is simply not a printer. The connection is
 * closed at once: nothing is sent, so nothing prints.
 */
import net from 'node:net';
import { systemClock, type Clock } from '../../../common/clock';

/** The addresses a range names, or null when it is not one (AddressRange's forms). */
export function addressesOf(range: string): string[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\.(\*|0\/24|(\d{1,3})(?:-(\d{1,3}))?))?$/.exec(
    range.trim(),
  );
  if (!m) return null;
  const octets = [m[1], m[2], m[3]].map(Number);
  if (octets.some((o) => o > 255)) return null;
  let from = 1;
  let to = 254;
  if (m[5] !== undefined) {
    from = Number(m[5]);
    to = m[6] !== undefined ? Number(m[6]) : from;
  }
  if (from > to || to > 255) return null;
  const prefix = octets.join('.');
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(`${prefix}.${i}`);
  return out;
}

export interface ProbeOptions {
  port?: number;
  concurrency?: number;
  connectMs?: number;
  totalMs?: number;
  clock?: Clock;
  signal?: AbortSignal;
  /** After each address tried: how many, of how many, and the ones that answered so far. */
  onProgress?: (done: number, total: number, open: number) => void;
}

/** Whether `host:port` accepts a connection within `ms`; nothing is written. */
export function portOpen(host: string, port: number, ms: number, clock: Clock): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      timer.cancel();
      socket.destroy();
      resolve(open);
    };
    const timer = clock.after(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The addresses of `hosts` with the port open, in the range's order. */
export async function probe(hosts: string[], options: ProbeOptions = {}): Promise<string[]> {
  const clock = options.clock ?? systemClock;
  const port = options.port ?? 9100;
  const connectMs = options.connectMs ?? 500;
  const open = new Set<string>();
  let next = 0;
  let done = 0;
  let over = options.signal?.aborted ?? false;
  const end = () => (over = true);
  // The whole probe's limit: addresses not yet tried are left, those under way end by their own.
  const deadline = clock.after(options.totalMs ?? 15_000, end);
  options.signal?.addEventListener('abort', end);
  const worker = async () => {
    while (!over && next < hosts.length) {
      const host = hosts[next++]!;
      if (await portOpen(host, port, connectMs, clock)) open.add(host);
      done++;
      options.onProgress?.(done, hosts.length, open.size);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 32) }, worker));
  } finally {
    deadline.cancel();
    options.signal?.removeEventListener('abort', end);
  }
  return hosts.filter((h) => open.has(h));
}
