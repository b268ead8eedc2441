/**
 * Fake LAN receipt printers on loopback (decision AC6): a TCP server on 127.0.0.1, port 0, that
 * answers as an Epson TM-m30 does (`GS I`), as a Star TSP143IIIW in StarPRNT does (`ESC # *`),
 * with garbage, or never; each may announce itself by mDNS (bonjour-service) as real ones do.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Bonjour } from 'bonjour-service';

export type FakeKind = 'epson' | 'star' | 'garbage' | 'silent' | 'epson-no-kanji';

export interface FakePrinter {
  kind: FakeKind;
  port: number;
  /** Every byte it was sent, over all connections. */
  received: Buffer;
  connections: number;
  close(): Promise<void>;
}

const info = (text: string) =>
  Buffer.concat([Buffer.from([0x5f]), Buffer.from(text), Buffer.from([0])]);

/** Its answer to the command at the start of `bytes`, and how many bytes that command took. */
function answer(kind: FakeKind, bytes: Buffer): { reply: Buffer | null; used: number } {
  if (bytes[0] === 0x1d && bytes[1] === 0x49 && bytes.length >= 3) {
    const n = bytes[2]!;
    if (kind === 'epson' || kind === 'epson-no-kanji') {
      const reply =
        n === 66
          ? info('EPSON')
          : n === 67
            ? info(kind === 'epson' ? 'TM-m30' : 'TM-T88V')
            : n === 69
              ? kind === 'epson'
                ? info('KANJI JAPANESE')
                : null
              : n === 2
                ? Buffer.from([kind === 'epson' ? 0x03 : 0x02])
                : null;
      return { reply, used: 3 };
    }
    return { reply: null, used: 3 };
  }
  const star = [0x1b, 0x23, 0x2a, 0x0a, 0x00];
  if (star.every((b, i) => bytes[i] === b)) {
    const reply =
      kind === 'star'
        ? Buffer.concat([
            Buffer.from([0x1b, 0x23, 0x2a, 0x2c]),
            Buffer.from('TSP143IIIW Ver1.0'),
            Buffer.from([0x0a, 0x00]),
          ])
        : null;
    return { reply, used: 5 };
  }
  return { reply: null, used: 1 };
}

export async function fakePrinter(kind: FakeKind): Promise<FakePrinter> {
  const sockets = new Set<Socket>();
  const fake: FakePrinter = {
    kind,
    port: 0,
    received: Buffer.alloc(0),
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    fake.connections++;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      fake.received = Buffer.concat([fake.received, chunk]);
      if (kind === 'silent') return;
      if (kind === 'garbage') {
        // Bytes no printer speaks, some of them like a start of an answer.
        socket.write(Buffer.from([0x5f, 0xff, 0x1b, 0x23, 0x00, 0x99, 0x5f]));
        socket.write(Buffer.alloc(200, 0x41));
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      while (pending.length > 0) {
        const { reply, used } = answer(kind, pending);
        if (reply) socket.write(reply);
        pending = pending.subarray(used);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}

/** Announce fakes by mDNS as `_pdl-datastream._tcp` (their raw port), with their make in TXT. */
export function announce(printers: { name: string; port: number; ty?: string }[]): {
  stop(): Promise<void>;
} {
  const bonjour = new Bonjour();
  for (const p of printers)
    bonjour.publish({
      name: p.name,
      type: 'pdl-datastream',
      port: p.port,
      txt: p.ty ? { ty: p.ty } : {},
    });
  return {
    stop: () => new Promise<void>((r) => bonjour.unpublishAll(() => bonjour.destroy(() => r()))),
  };
}

/**
 * A fake Epson network interface answering Epson's UDP query (port 0 on loopback, not 3289): a
 * normal end whose data names its model as a TM's does (`model`: another Epson's); `garbage`
 * first sends a datagram that is not a reply.
 */
export async function fakeEnpc(options: { garbage?: boolean; model?: string } = {}): Promise<{
  port: number;
  queries: Buffer[];
  close(): Promise<void>;
}> {
  const dgram = await import('node:dgram');
  const socket = dgram.createSocket('udp4');
  const queries: Buffer[] = [];
  socket.on('message', (bytes, from) => {
    queries.push(bytes);
    if (options.garbage) socket.send(Buffer.from('EPSONx garbage'), from.port, from.address);
    const reply = Buffer.concat([
      Buffer.from('EPSONq'),
      Buffer.from([0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x09]),
      Buffer.from([0x00, 0x05, 0x20, 0x02, 0x64]),
      Buffer.from(options.model ?? 'TM-m30'),
      Buffer.alloc(16, 0),
    ]);
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return {
    port: socket.address().port,
    queries,
    close: () => new Promise<void>((r) => socket.close(() => r())),
  };
}
