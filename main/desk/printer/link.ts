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
import type { PrinterLanguage } from '../../ipc/contract';
import { parseStatus, STATUS_REQUEST, statusComplete, type ReadStatus } from './commands';

/** What a printer said, or that it could not be reached (offline). */
export type LinkStatus = ReadStatus | { state: 'offline'; paperLow: false } | null;

export interface PrinterLink {
  /** Its status (null: it does not report, as through a queue). */
  status(language: PrinterLanguage): Promise<LinkStatus>;
  /**
   * The bytes printed if the printer says it can (a queue cannot say: sent). Resolves with what
   * it said; `printed` only once every byte was written and the connection closed cleanly.
   */
  print(
    language: PrinterLanguage,
    bytes: Buffer,
  ): Promise<{ printed: boolean; status: LinkStatus }>;
  /** The bytes sent without asking (the drawer's pulse needs no paper): whether all went. */
  send(bytes: Buffer): Promise<boolean>;
}

export interface TcpOptions {
  /** How long a connection or a status answer may take before the printer counts as offline. */
  timeoutMs?: number;
}

const OFFLINE = { state: 'offline', paperLow: false } as const;

/** A LAN printer's raw port. */
export function tcpLink(host: string, port: number, options: TcpOptions = {}): PrinterLink {
  const timeoutMs = options.timeoutMs ?? 1500;

  /** One connection: ask the status, then (when `bytes` and ready) send them. */
  const session = (language: PrinterLanguage, bytes: Buffer | null) =>
    new Promise<{ printed: boolean; status: LinkStatus }>((resolve) => {
      const socket = net.connect({ host, port, noDelay: true });
      let answer = Buffer.alloc(0);
      let status: LinkStatus = OFFLINE;
      let printed = false;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ printed, status });
      };
      const timer = setTimeout(done, timeoutMs);
      socket.on('error', done);
      socket.on('close', done);
      socket.on('connect', () => socket.write(STATUS_REQUEST[language]));
      socket.on('data', (chunk) => {
        if (status !== OFFLINE) return;
        answer = Buffer.concat([answer, chunk]);
        if (!statusComplete(language, answer)) return;
        status = parseStatus(language, answer) ?? OFFLINE;
        if (!bytes || status.state !== 'ready') return done();
        // Written whole: printed, once the printer closes (or the wait ends) — never sent again.
        socket.end(bytes, () => (printed = true));
      });
    });

  const send = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port, noDelay: true });
      let sent = false;
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(sent);
      };
      const timer = setTimeout(done, timeoutMs);
      socket.on('error', done);
      socket.on('close', done);
      socket.on('connect', () => socket.end(bytes, () => (sent = true)));
    });

  return {
    status: async (language) => (await session(language, null)).status,
    print: (language, bytes) => session(language, bytes),
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
    async print(_language, bytes) {
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
