import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameError, readFrames } from '../../../main/shop/mesh/frames';

function reader(maxBytes?: number) {
  const stream = new PassThrough();
  const frames: unknown[] = [];
  const errors: string[] = [];
  readFrames(
    stream,
    (f) => frames.push(f),
    (e) => errors.push(e.code),
    maxBytes,
  );
  return { stream, frames, errors };
}

describe('frames', () => {
  it('reads frames split anywhere and several in one chunk', () => {
    const { stream, frames, errors } = reader();
    const bytes = Buffer.concat([
      encodeFrame({ a: 1 }),
      encodeFrame({ text: '受付1 — ünïcode' }),
      encodeFrame([1, 2, 3]),
    ]);
    // One byte at a time, then all at once.
    for (const b of bytes) stream.write(Buffer.from([b]));
    stream.write(bytes);
    const expected = [{ a: 1 }, { text: '受付1 — ünïcode' }, [1, 2, 3]];
    expect(frames).toEqual([...expected, ...expected]);
    expect(errors).toEqual([]);
  });

  it('refuses a length over the limit from its header alone, and stops reading', () => {
    const { stream, frames, errors } = reader(1024);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(1025, 0);
    stream.write(header);
    expect(errors).toEqual(['too_large']);
    stream.write(encodeFrame({ after: true }));
    expect(frames).toEqual([]);
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('refuses bytes that are not JSON', () => {
    const { stream, errors } = reader();
    const body = Buffer.from('{not json', 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32BE(body.length, 0);
    stream.write(Buffer.concat([header, body]));
    expect(errors).toEqual(['not_json']);
  });

  it('will not encode a frame over the limit', () => {
    expect(() => encodeFrame({ s: 'x'.repeat(100) }, 50)).toThrow(FrameError);
  });
});
