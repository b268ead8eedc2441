/**
 * A thermal printer on loopback for training and tests (decision M9): it listens like a LAN
 * printer's raw port (9100), keeps every connection's bytes, answers the status requests in the
 * language asked (ESC/POS DLE EOT n and GS r n, StarPRNT ESC ACK SOH) with the state it is set to,
 * and reads back what it printed (decode.ts). Switchable: ready, paper out, cover open — it answers
 * and prints nothing — or offline, where it takes no connection at all, as a printer switched off.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { PrinterLanguage } from '../../../ipc/contract';
import { statusAnswer, type ReadStatus } from '../commands';
import { decodePrintout, UnknownCommand, type Printout } from './decode';

export type VirtualPrinterState = ReadStatus['state'];

export interface ReceivedJob {
  /** When its connection closed (epoch ms). */
  at: number;
  bytes: Buffer;
  /** Sent while the printer could not print: kept here, never printed. */
  printed: boolean;
}

export interface VirtualPrinterEvents {
  /** A connection's first byte arrived (the benchmark's mark). */
  data: [at: number];
  /** A connection closed with what it sent. */
  job: [job: ReceivedJob];
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

export class VirtualPrinter extends EventEmitter<VirtualPrinterEvents> {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private current: VirtualPrinterState | 'offline' = 'ready';
  readonly jobs: ReceivedJob[] = [];
  port = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  get state(): VirtualPrinterState {
    return this.current;
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
    const chunks: Buffer[] = [];
    let printing = this.current === 'ready';
    let seen = 0;
    socket.on('data', (chunk) => {
      if (chunks.length === 0) this.emit('data', this.now());
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      // Answer the status requests that arrived (a request may straddle two chunks).
      for (let i = Math.max(0, seen - 2); i + 2 < all.length; i++) {
        const answer = this.answerAt(all, i);
        if (answer && i + 2 >= seen) socket.write(answer);
      }
      seen = all.length;
      if (this.current !== 'ready') printing = false;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      const bytes = Buffer.concat(chunks);
      if (!bytes.length) return;
      const job = { at: this.now(), bytes, printed: printing && this.current === 'ready' };
      this.jobs.push(job);
      this.emit('job', job);
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
      .filter((p) => p.lines.length > 0 || p.codes.length > 0 || p.pulses > 0 || p.cuts > 0);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
