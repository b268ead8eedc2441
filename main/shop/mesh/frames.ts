/**
 * Frames on a connection between counters: a 4-byte big-endian length, then that many bytes of UTF-8
 * JSON. The reader never holds more than one frame's worth of bytes: a length over the limit, or
 * bytes that are not JSON, end the connection (a peer that holds the key but speaks nonsense is cut
 * off rather than buffered).
 */
import type { Duplex } from 'node:stream';
import { MAX_MESSAGE_BYTES } from '../bus';

/** A message at its largest plus room for the envelope around it. */
export const MAX_FRAME_BYTES = MAX_MESSAGE_BYTES + 64 * 1024;

const HEADER = 4;

export class FrameError extends Error {
  override name = 'FrameError';
  constructor(
    /** `too_large` or `not_json`. */
    readonly code: 'too_large' | 'not_json',
  ) {
    super(code === 'too_large' ? 'frame over the limit' : 'frame is not JSON');
  }
}

/** One frame's bytes, or a FrameError when the JSON would exceed `maxBytes`. */
export function encodeFrame(value: unknown, maxBytes = MAX_FRAME_BYTES): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  if (body.length > maxBytes) throw new FrameError('too_large');
  const header = Buffer.alloc(HEADER);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

/**
 * Reads frames from `stream` and hands each parsed value to `onFrame`. On a bad frame it calls
 * `onError` once and stops reading (the caller closes the stream).
 */
export function readFrames(
  stream: Duplex,
  onFrame: (value: unknown) => void,
  onError: (error: FrameError) => void,
  maxBytes = MAX_FRAME_BYTES,
): void {
  let chunks: Buffer[] = [];
  let held = 0;
  let failed = false;

  const take = (n: number): Buffer => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, held);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    chunks = rest.length > 0 ? [rest] : [];
    held = rest.length;
    return out;
  };

  const fail = (error: FrameError): void => {
    failed = true;
    chunks = [];
    held = 0;
    stream.off('data', onData);
    onError(error);
  };

  function onData(chunk: Buffer): void {
    if (failed) return;
    chunks.push(chunk);
    held += chunk.length;
    while (held >= HEADER) {
      if (chunks[0]!.length < HEADER) chunks = [Buffer.concat(chunks, held)];
      const length = chunks[0]!.readUInt32BE(0);
      if (length > maxBytes) return fail(new FrameError('too_large'));
      if (held < HEADER + length) return;
      const frame = take(HEADER + length).subarray(HEADER);
      let value: unknown;
      try {
        value = JSON.parse(frame.toString('utf8'));
      } catch {
        return fail(new FrameError('not_json'));
      }
      onFrame(value);
      if (failed) return;
    }
  }

  stream.on('data', onData);
}
