/**
 * A LAN printer asked what it is, over its raw port (decision AC3): one connection, one question
 * at a time, each answer awaited for `answerMs` at most. ESC/POS first (`GS I`: maker, model, the
 * country's font, the type ID), or Star's `ESC # *` first when its announcement named Star; the
 * other language only when the first said nothing readable. A printer that says nothing, or
 * garbage, is an unknown model — never an error: each printer stands alone.
 */
import net from 'node:net';
import { systemClock, type Clock } from '../../../common/clock';
import type { PrinterIdentity, PrinterLanguage } from '../../../ipc/contract';
import {
  ESCPOS_ASK,
  readInfo,
  readStarVersion,
  readType,
  STAR_ASK,
  starModel,
  type Read,
} from './answers';

export interface AskOptions {
  /** How long the connection, and then each answer, may take. */
  answerMs?: number;
  clock?: Clock;
  /** Ends the asking at once (the search was stopped). */
  signal?: AbortSignal;
  /** The language to try first (an announcement that named Star). */
  first?: PrinterLanguage;
}

type Said<T> = T | 'silent' | 'bad' | 'closed';

export const UNANSWERED: PrinterIdentity = {
  answered: false,
  maker: null,
  model: null,
  language: null,
  kanji: null,
  cutter: null,
};

/** Bytes a printer may send at most before the conversation is given up (noise, a flood). */
const MAX_BYTES = 4096;

/** One connection's questions and answers. */
class Conversation {
  private received = Buffer.alloc(0);
  private total = 0;
  private waiting: (() => void) | null = null;
  closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly clock: Clock,
    private readonly answerMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.total += chunk.length;
      if (this.total > MAX_BYTES) return this.close();
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    const end = () => this.close();
    socket.on('close', end);
    socket.on('error', end);
    socket.on('end', end);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.waiting?.();
  }

  /** Ask, and read the answer with `read` until it is whole, bad, or the wait ends. */
  ask<T>(question: Buffer, read: (bytes: Buffer) => Read<T>): Promise<Said<T>> {
    // What came late for the last question is not this one's answer.
    this.received = Buffer.alloc(0);
    if (this.closed) return Promise.resolve('closed');
    return new Promise((resolve) => {
      const timer = this.clock.after(this.answerMs, () => finish('silent'));
      const finish = (said: Said<T>) => {
        timer.cancel();
        this.waiting = null;
        resolve(said);
      };
      this.waiting = () => {
        const r = read(this.received);
        if (r.kind === 'ok') {
          this.received = this.received.subarray(r.length);
          return finish(r.value);
        }
        if (r.kind === 'bad') return finish('bad');
        if (this.closed) finish('closed');
      };
      this.socket.write(question);
    });
  }
}

const isText = (s: Said<string>): s is string => !['silent', 'bad', 'closed'].includes(s);

/** ESC/POS's `GS I`: null when the printer did not answer the maker's question as one would. */
async function askEscpos(c: Conversation): Promise<PrinterIdentity | null> {
  const maker = await c.ask(ESCPOS_ASK.maker, readInfo);
  if (!isText(maker)) return null;
  // Each of the rest may be missing on an older model: that part stays unknown.
  const model = await c.ask(ESCPOS_ASK.model, readInfo);
  const font = await c.ask(ESCPOS_ASK.font, readInfo);
  const type = await c.ask(ESCPOS_ASK.type, readType);
  const typeId = typeof type === 'object' ? type : null;
  return {
    answered: true,
    maker: maker || null,
    model: isText(model) && model ? model : null,
    language: 'escpos',
    // The country's font names the script; without it, the type ID's two-byte bit.
    kanji: isText(font) && font ? /KANJI|JAPAN/i.test(font) : (typeId?.kanji ?? null),
    cutter: typeId?.cutter ?? null,
  };
}

/** Star's version inquiry: the model, and that it speaks Star's commands. */
async function askStar(c: Conversation): Promise<PrinterIdentity | null> {
  const version = await c.ask(STAR_ASK, readStarVersion);
  if (!isText(version) || !version) return null;
  return {
    answered: true,
    maker: 'Star',
    model: starModel(version),
    language: 'starprnt',
    // Star's answer does not say; the model table may (models.ts).
    kanji: null,
    cutter: null,
  };
}

/** Connect, bounded by the same wait; null when the printer cannot be reached. */
function connect(
  host: string,
  port: number,
  clock: Clock,
  answerMs: number,
): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, noDelay: true });
    const timer = clock.after(answerMs, () => done(null));
    const done = (s: net.Socket | null) => {
      timer.cancel();
      socket.off('error', failed);
      if (!s) socket.destroy();
      resolve(s);
    };
    const failed = () => done(null);
    socket.once('error', failed);
    socket.once('connect', () => done(socket));
  });
}

export async function askPrinter(
  host: string,
  port: number,
  options: AskOptions = {},
): Promise<PrinterIdentity> {
  const clock = options.clock ?? systemClock;
  const answerMs = options.answerMs ?? 800;
  const { signal } = options;
  if (signal?.aborted) return UNANSWERED;
  const socket = await connect(host, port, clock, answerMs);
  if (!socket) return UNANSWERED;
  const c = new Conversation(socket, clock, answerMs);
  const stop = () => c.close();
  signal?.addEventListener('abort', stop);
  try {
    const order = options.first === 'starprnt' ? [askStar, askEscpos] : [askEscpos, askStar];
    for (const ask of order) {
      if (c.closed) break;
      const said = await ask(c).catch(() => null);
      if (said) return said;
    }
    return UNANSWERED;
  } finally {
    signal?.removeEventListener('abort', stop);
    c.close();
  }
}
