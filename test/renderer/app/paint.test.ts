// @vitest-environment happy-dom
/** afterPaint (decision G9): after the next frame's work, or a moment later when none comes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../renderer/src/app/paint';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPaint', () => {
  it('resolves in a task after the next frame callback', async () => {
    const order: string[] = [];
    requestAnimationFrame(() => order.push('frame'));
    await afterPaint().then(() => order.push('after paint'));
    expect(order).toEqual(['frame', 'after paint']);
  });

  it('posts its task from the frame callback at user-blocking priority where there is a scheduler', async () => {
    const posted: { priority: string }[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (callback: () => void, options: { priority: string }) => {
        posted.push(options);
        callback();
        return Promise.resolve();
      },
    });
    const order: string[] = [];
    requestAnimationFrame(() => order.push('frame'));
    await afterPaint().then(() => order.push('after paint'));
    expect(order).toEqual(['frame', 'after paint']);
    expect(posted).toEqual([{ priority: 'user-blocking' }]);
  });

  it('resolves without a frame (a hidden window paints none)', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    let done = false;
    const waiting = afterPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    await waiting;
    expect(done).toBe(true);
  });
});
