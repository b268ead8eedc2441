/**
 * Epson's own discovery (decision AC3): its LAN interfaces answer UDP port 3289 ("ENPC"; Epson's
 * UB-E02 Technical Reference Guide, 4.7 "Printer Operation by the UDP Commands"). A query is
 * `"EPSON" 'Q' 03 00` + function (2 bytes) + `00 00` + length (2 bytes); function 0000 "acquires
 * basic information"; the reply starts `"EPSON" 'q' 03 00` with the same function and a result code
 * (0000: normal end). The reply's data is not documented: its sender is taken, and the model name
 * its data carries as text (a TM's "TM-T88V"), read only to tell a receipt printer from Epson's
 * other printers, which answer too; a TM is then asked what it is over 9100 like any other. Sent to the limited broadcast
 * and each interface's own, for `timeMs`; stopped early by `signal`.
 */
import dgram from 'node:dgram';
import { networkInterfaces } from 'node:os';
import { systemClock, type Clock } from '../../../common/clock';

export const ENPC_PORT = 3289;

/** "EPSON", Q(uery), device type 03, device number 00, function 0000, 0000, length 0000. */
export const ENPC_QUERY = Buffer.from([
  0x45, 0x50, 0x53, 0x4f, 0x4e, 0x51, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
]);

/** Whether a datagram is an ENPC query reply that ended normally. */
export function isEnpcReply(bytes: Buffer): boolean {
  return (
    bytes.length >= 14 &&
    bytes.subarray(0, 6).toString('latin1') === 'EPSONq' &&
    bytes[6] === 0x03 &&
    bytes.readUInt16BE(10) === 0x0000
  );
}

/** The model its reply's data names: a TM's name where there is one, else its longest text. */
export function enpcName(bytes: Buffer): string {
  const text = bytes.subarray(14).toString('latin1');
  const tm = /TM-[A-Za-z0-9-]+/.exec(text);
  if (tm) return tm[0].slice(0, 64);
  const runs = text.match(/[\x20-\x7e]{3,}/g) ?? [];
  return runs.reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '').slice(0, 64);
}

/** The limited broadcast and each IPv4 interface's own (a PC on several networks asks on each). */
export function broadcastAddresses(): string[] {
  const out = new Set(['255.255.255.255']);
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) {
      if (a.family !== 'IPv4' || a.internal) continue;
      const ip = a.address.split('.').map(Number);
      const mask = a.netmask.split('.').map(Number);
      out.add(ip.map((o, i) => (o | (~mask[i]! & 0xff)) & 0xff).join('.'));
    }
  return [...out];
}

export interface EnpcOptions {
  timeMs?: number;
  limit?: number;
  clock?: Clock;
  signal?: AbortSignal;
  /** Where the query goes (tests: a fake on loopback); by default every broadcast, port 3289. */
  targets?: { address: string; port: number }[];
  onFound?: (epson: Epson) => void;
}

export interface Epson {
  host: string;
  /** The model its reply names ('' when none). */
  name: string;
}

/** The Epson printers that answered. */
export function findEpsons(options: EnpcOptions = {}): Promise<Epson[]> {
  const clock = options.clock ?? systemClock;
  const limit = options.limit ?? 32;
  const found = new Map<string, Epson>();
  return new Promise((resolve) => {
    if (options.signal?.aborted) return resolve([]);
    const socket = dgram.createSocket('udp4');
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      timer.cancel();
      options.signal?.removeEventListener('abort', finish);
      try {
        socket.close(() => resolve([...found.values()]));
      } catch {
        resolve([...found.values()]);
      }
    };
    const timer = clock.after(options.timeMs ?? 3000, finish);
    options.signal?.addEventListener('abort', finish);
    // A network that refuses broadcasts (or no network) finds none here: the search goes on.
    socket.on('error', () => undefined);
    socket.on('message', (bytes, from) => {
      if (done || !isEnpcReply(bytes) || found.has(from.address)) return;
      const epson = { host: from.address, name: enpcName(bytes) };
      found.set(from.address, epson);
      options.onFound?.(epson);
      if (found.size >= limit) finish();
    });
    socket.bind(0, () => {
      if (done) return;
      socket.setBroadcast(true);
      const targets =
        options.targets ?? broadcastAddresses().map((address) => ({ address, port: ENPC_PORT }));
      for (const t of targets) socket.send(ENPC_QUERY, t.port, t.address, () => undefined);
    });
  });
}
