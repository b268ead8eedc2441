/**
 * A thermal printer on loopback for training and tests (decision M9): it listens like a LAN
 * printer's raw port (9100), keeps every connection's bytes, answers the status requests in the
 * language asked (ESC/POS DLE EOT n and GS r n, StarPRNT ESC ACK SOH) with the state it is set to,
 * and reads back what it printed (decode.ts; its graphics drawn as a PNG by render.ts). Switchable: ready, paper out, cover open — it answers
 * and prints nothing — or offline, where it takes no connection at all, as a printer switched off.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { PrinterLanguage } from '../../../ipc/contract';
import { DLE, EOT, ESC, statusAnswer, type ReadStatus } from '../commands';
import { decodePrintout, UnknownCommand, type Printout } from './decode';

export type VirtualPrinterState = ReadStatus['state'];

export interface ReceivedJob {
  /** Its connection's number, in the order they came. */
  connection: number;
  /** When its connection closed (epoch ms). */
  at: number;
  bytes: Buffer;
  /** Sent while the printer could not print: kept here, never printed. */
  printed: boolean;
}

export interface VirtualPrinterEvents {
  /**
   * The first byte of what a connection has the printer do (past the status requests it opens
   * with: a receipt's first command, a pulse), in epoch milliseconds at sub-millisecond
   * resolution (`performance.timeOrigin + performance.now()`, comparable with another process's
   * own): the benchmark's mark.
   */
  work: [at: number, connection: number];
  /** A connection closed with what it sent. */
  job: [job: ReceivedJob];
}

const REQUESTS = [Buffer.from([DLE, EOT]), Buffer.from([ESC, 0x06, 0x01])];

/**
 * How many bytes at the start of `bytes` are status requests (DLE EOT n, ESC ACK SOH), a request
 * cut short at the end counted as one still arriving.
 */
export function leadingRequests(bytes: Buffer): number {
  let i = 0;
  for (;;) {
    const rest = bytes.subarray(i, i + 3);
    if (rest.length === 0) return i;
    const request = REQUESTS.find((r) =>
      r.subarray(0, rest.length).equals(rest.subarray(0, r.length)),
    );
    if (!request) return i;
    if (rest.length < 3) return bytes.length;
    i += 3;
  }
}

/** A job's language: the StarPRNT status request or ESC GS commands say Star; else ESC/POS. */
function languageOf(bytes: Buffer): PrinterLanguage {
  for (let i = 0; i + 1 < bytes.length; i++)
    if (bytes[i] === 0x1b && (bytes[i + 1] === 0x1d || bytes[i + 1] === 0x06)) return 'starprnt';
  return 'escpos';
}

/** What a job printed, read in its own language. */
export function readJob(bytes: Buffer): Printout {
  const language = languageOf(bytes);
  try {
    return decodePrintout(language, bytes);
  } catch (error) {
    if (!(error instanceof UnknownCommand)) throw error;
    try {
      return decodePrintout(language === 'escpos' ? 'starprnt' : 'escpos', bytes);
    } catch {
      throw error;
    }
  }
}

/** Whether a connection printed or did something (not only asked the status). */
export const printedAnything = (p: Printout) =>
  p.lines.length > 0 || p.codes.length > 0 || p.images > 0 || p.pulses > 0 || p.cuts > 0;

export class VirtualPrinter extends EventEmitter<VirtualPrinterEvents> {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private current: VirtualPrinterState | 'offline' = 'ready';
  private connections = 0;
  readonly jobs: ReceivedJob[] = [];
  port = 0;
  /** A printer slow to answer: status requests go unanswered while this is set (tests). */
  holdAnswers = false;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  get state(): VirtualPrinterState {
    return this.current;
  }

  /** Connections open now. */
  get open(): number {
    return this.sockets.size;
  }

  /** Set what it says of itself; offline drops every connection and takes none. */
  setState(state: VirtualPrinterState): void {
    this.current = state;
    if (state === 'offline') for (const socket of this.sockets) socket.destroy();
  }

  async start(port = 0): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(socket: net.Socket): void {
    if (this.current === 'offline') {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    const connection = ++this.connections;
    const chunks: Buffer[] = [];
    let printing = this.current === 'ready';
    let seen = 0;
    let working = false;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      if (!working && all.length > leadingRequests(all)) {
        working = true;
        this.emit('work', performance.timeOrigin + performance.now(), connection);
      }
      // Answer the status requests that arrived (a request may straddle two chunks).
      for (let i = Math.max(0, seen - 2); i + 2 < all.length; i++) {
        const answer = this.holdAnswers ? null : this.answerAt(all, i);
        if (answer && i + 2 >= seen) socket.write(answer);
      }
      seen = all.length;
      if (this.current !== 'ready') printing = false;
    });
    socket.on('error', () => undefined);
    // The job is the printer's once the sender ended it (its FIN), before this side closes and
    // the sender hears the close: whoever is told "printed" finds it here. A connection dropped
    // without an end (a status look given up) is recorded as it closes.
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const bytes = Buffer.concat(chunks);
      if (!bytes.length) return;
      const job = {
        connection,
        at: this.now(),
        bytes,
        printed: printing && this.current === 'ready',
      };
      this.jobs.push(job);
      this.emit('job', job);
    };
    socket.on('end', record);
    socket.on('close', () => {
      this.sockets.delete(socket);
      record();
    });
  }

  /** The answer to a status request ending at `i + 2` of `bytes`, if one does. */
  private answerAt(bytes: Buffer, i: number): Buffer | null {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const state = this.current === 'offline' ? 'offline' : this.current;
    if (a === 0x10 && b === 0x04 && c !== undefined) {
      const byte = { 1: 0, 2: 1, 4: 2 }[c];
      return byte === undefined ? null : statusAnswer('escpos', state).subarray(byte, byte + 1);
    }
    if (a === 0x1d && b === 0x72 && (c === 1 || c === 0x31))
      return Buffer.from([state === 'paper_out' ? 0x0c : 0x00]);
    if (a === 0x1b && b === 0x06 && c === 0x01) return statusAnswer('starprnt', state);
    return null;
  }

  /** What it printed, read back, oldest first (connections that only asked its status left out). */
  printouts(): Array<Printout & { at: number }> {
    return this.jobs
      .filter((j) => j.printed)
      .map((j) => ({ ...readJob(j.bytes), at: j.at }))
      .filter((p) => printedAnything(p));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
