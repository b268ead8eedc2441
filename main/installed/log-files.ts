/**
 * The app's log files: JSON lines in the app's log folder, rotated by size with a fixed number
 * kept (rotating-file-stream, logrotate's way: front-desk.log, front-desk.1.log, …), so the
 * folder never grows past `(keep + 1) × maxBytes`. Records arrive already redacted by the logger
 * (main/api/log.ts); the files are the user's alone (0600).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import type { LogRecord, LogSink } from '../api/log';
import { DIR_MODE, FILE_MODE } from '../local/index';

export const LOG_NAME = 'front-desk';

export interface LogFilesOptions {
  /** Rotate when the current file reaches this size (bytes). */
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
  /** Where a write that failed is said (never thrown at the caller: logging must not break the app). */
  onError?: (error: Error) => void;
}

export interface LogFiles {
  dir: string;
  sink: LogSink;
  /** The log files there now, oldest first (the current one last). */
  files(): string[];
  /** Resolves once what was written so far is in the file. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** front-desk.log is index 0; rotated ones are front-desk.1.log (newest) … front-desk.N.log. */
function nameOf(index: number | null | undefined): string {
  return index ? `${LOG_NAME}.${index}.log` : `${LOG_NAME}.log`;
}

function indexOf(file: string): number | null {
  const match = new RegExp(`^${LOG_NAME}(?:\\.(\\d+))?\\.log$`).exec(file);
  return match ? Number(match[1] ?? 0) : null;
}

export function openLogFiles(dir: string, options: LogFilesOptions = {}): LogFiles {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const stream: RotatingFileStream = createStream(
    (time: number | Date, index?: number) =>
      // logrotate mode calls the generator with the index alone.
      nameOf(typeof time === 'number' && index === undefined ? time : index),
    {
      path: dir,
      size: `${Math.max(1, Math.round((options.maxBytes ?? 1_048_576) / 1024))}K`,
      rotate: options.keep ?? 4,
      mode: FILE_MODE,
    },
  );
  const onError = options.onError ?? (() => {});
  stream.on('error', onError);
  stream.on('warning', onError);
  let closed = false;

  return {
    dir,
    sink(record: LogRecord) {
      if (closed) return;
      stream.write(`${JSON.stringify(record)}\n`);
    },
    files() {
      return readdirSync(dir)
        .filter((f) => indexOf(f) !== null)
        .sort((a, b) => indexOf(b)! - indexOf(a)!)
        .map((f) => path.join(dir, f));
    },
    flush() {
      if (closed) return Promise.resolve();
      return new Promise((resolve) => stream.write('', () => resolve()));
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise((resolve) => stream.end(() => resolve()));
    },
  };
}

/** A sink writing each record to every one of these. */
export function teeSinks(...sinks: LogSink[]): LogSink {
  return (record) => {
    for (const sink of sinks) sink(record);
  };
}
