/**
 * The wire to a receipt printer: a LAN printer's raw TCP port (9100), where its status is asked
 * on the same connection just before the bytes go (a print never starts on a printer that said it
 * cannot print), or a USB printer through the OS's raw queue (`lp -o raw` on macOS and Linux; on
 * Windows a shared queue's `\\localhost\name`), which reports nothing back (decision M7).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { systemClock, type Clock } from '../../common/clock';
import type { PrinterLanguage } from '../../ipc/contract';
import { parseStatus, STATUS_REQUEST, statusComplete, type ReadStatus } from './commands';

/** What a printer said, or that it could not be reached (offline). */
export type LinkStatus = ReadStatus | { state: 'offline'; paperLow: false } | null;

/** A look at the status given up for a pulse or a print that needs the connection (M21). */
export const ABANDONED = 'abandoned';

export interface PrinterLink {
  /**
   * Its status (null: it does not report, as through a queue); `ABANDONED` when `signal` aborts
   * the look first (the connection closed at once, nothing said of the printer).
   */
  status(language: PrinterLanguage, signal?: AbortSignal): Promise<LinkStatus | typeof ABANDONED>;
  /**
   * The bytes printed if the printer says it can (a queue cannot say: sent). Resolves with what
   * it said; `printed` only once every byte was written and the connection closed cleanly. The
   * bytes may still be drawn: the connection is opened and the status asked meanwhile (M21); if
   * they fail, nothing is sent and the connection closes.
   */
  print(
    language: PrinterLanguage,
    bytes: Buffer | Promise<Buffer>,
  ): Promise<{ printed: boolean; status: LinkStatus }>;
  /** The bytes sent without asking (the drawer's pulse needs no paper): whether all went. */
  send(bytes: Buffer): Promise<boolean>;
}

export interface TcpOptions {
  /** How long a connection or a status answer may take before the printer counts as offline. */
  timeoutMs?: number;
  /** Whose timers the waits are set on (tests move a fake one). */
  clock?: Clock;
}

const OFFLINE = { state: 'offline', paperLow: false } as const;

/** A LAN printer's raw port. */
export function tcpLink(host: string, port: number, options: TcpOptions = {}): PrinterLink {
  const timeoutMs = options.timeoutMs ?? 1500;
  const clock = options.clock ?? systemClock;

  /** One connection: ask the status, then (when `bytes` and ready) send them. */
  const session = (
    language: PrinterLanguage,
    bytes: Buffer | Promise<Buffer> | null,
    signal?: AbortSignal,
  ) =>
    new Promise<{ printed: boolean; status: LinkStatus | typeof ABANDONED }>((resolve) => {
      // Bytes that fail to draw are not sent; the failure is the caller's to read.
      if (bytes instanceof Promise) bytes.catch(() => undefined);
      const socket = net.connect({ host, port, noDelay: true });
      let answer = Buffer.alloc(0);
      let status: LinkStatus | typeof ABANDONED = OFFLINE;
      let printed = false;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        timer.cancel();
        signal?.removeEventListener('abort', abandon);
        socket.destroy();
        resolve({ printed, status });
      };
      const abandon = () => {
        if (status !== OFFLINE) return;
        status = ABANDONED;
        done();
      };
      let timer = clock.after(timeoutMs, done);
      signal?.addEventListener('abort', abandon);
      if (signal?.aborted) abandon();
      socket.on('error', done);
      socket.on('close', done);
      socket.on('connect', () => socket.write(STATUS_REQUEST[language]));
      socket.on('data', (chunk) => {
        if (status !== OFFLINE) return;
        answer = Buffer.concat([answer, chunk]);
        if (!statusComplete(language, answer)) return;
        const read = parseStatus(language, answer) ?? OFFLINE;
        status = read;
        if (!bytes || read.state !== 'ready') return done();
        // The wait is the printer's, not the drawing's: a first image receipt on a slow PC may
        // take longer to draw than the printer may take to answer (M17).
        timer.cancel();
        // Written whole: printed, once the printer closes (or the wait ends) — never sent again.
        Promise.resolve(bytes).then(
          (whole) => {
            if (settled) return;
            timer = clock.after(timeoutMs, done);
            socket.end(whole, () => (printed = true));
          },
          () => done(),
        );
      });
    });

  const send = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port, noDelay: true });
      let sent = false;
      const done = () => {
        timer.cancel();
        socket.destroy();
        resolve(sent);
      };
      const timer = clock.after(timeoutMs, done);
      socket.on('error', done);
      socket.on('close', done);
      socket.on('connect', () => socket.end(bytes, () => (sent = true)));
    });

  return {
    status: async (language, signal) => (await session(language, null, signal)).status,
    // A print is never abandoned: its answer is a LinkStatus.
    print: (language, bytes) =>
      session(language, bytes) as Promise<{ printed: boolean; status: LinkStatus }>,
    send,
  };
}

/** Runs a program with arguments (tests give their own). */
export type Runner = (file: string, args: string[]) => Promise<string>;

export const runProgram: Runner = (file, args) =>
  new Promise((resolve, reject) =>
    execFile(file, args, { timeout: 10_000, windowsHide: true }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );

/** A USB printer through the OS's queue, printed raw (the bytes untouched by a driver). */
export function queueLink(name: string, run: Runner = runProgram): PrinterLink {
  const link: PrinterLink = {
    status: () => Promise.resolve(null),
    send: async (bytes) => (await link.print('escpos', bytes)).printed,
    async print(_language, drawing) {
      let bytes: Buffer;
      try {
        bytes = await drawing;
      } catch {
        // Not drawn: nothing to print, and nothing said of the printer.
        return { printed: false, status: null };
      }
      const file = path.join(os.tmpdir(), `front-desk-${randomUUID()}.bin`);
      await writeFile(file, bytes, { mode: 0o600 });
      try {
        if (process.platform === 'win32')
          await run('cmd.exe', ['/d', '/c', 'copy', '/b', file, `\\\\localhost\\${name}`]);
        else await run('lp', ['-d', name, '-o', 'raw', file]);
        return { printed: true, status: null };
      } catch {
        return { printed: false, status: OFFLINE };
      } finally {
        await rm(file, { force: true });
      }
    },
  };
  return link;
}

/** The OS's printers by name (the browser host's list; the desktop app asks Electron). */
export async function osPrinters(
  run: Runner = runProgram,
): Promise<{ name: string; isDefault: boolean }[]> {
  if (process.platform === 'win32') return [];
  try {
    const [list, fallback] = await Promise.all([
      run('lpstat', ['-e']),
      run('lpstat', ['-d']).catch(() => ''),
    ]);
    const byDefault = /:\s*(\S+)\s*$/.exec(fallback.trim())?.[1] ?? null;
    return list
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((name) => ({ name, isDefault: name === byDefault }));
  } catch {
    // No CUPS here (or no printers): set-up lists none and takes an address.
    return [];
  }
}
