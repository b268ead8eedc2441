// @vitest-environment happy-dom
/**
 * The window's first calls (decision G27): what the first view waits for besides its data goes
 * out first, today's day right behind it in the same turn, and the rest only once the day is
 * painted. The host answers its calls in the order they come: a day answered before the set-up
 * reached a page that could not show it yet, and answers landing between the day's data and its
 * paint delayed the paint.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../renderer/src/app/createApp';
import { demoBridge, dayView } from '../support/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the first view waits for besides the day: set-up, lock, language and layout, clock. */
const FIRST_VIEW = ['setup.status', 'prefs.get', 'staff.get', 'status.get', 'outbox.list'];
/** Asked for once the day is painted. */
const BEHIND = [
  'refunds.owed',
  'printer.status',
  'money.settings',
  'installed.get',
  'change.list',
] as const;

describe('the window’s first calls', () => {
  it('asks for what the first view waits for, then today’s day, and the rest once it is painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    let answerDay: () => void = () => undefined;
    const fake = demoBridge({
      'day.get': () => new Promise((resolve) => (answerDay = () => resolve(dayView()))),
    });
    const app = createApp(fake.bridge, { lang: 'ja' });
    const started = app.start();
    try {
      // The fake bridge records a call as it is made; one microtask lets each invoke run.
      await Promise.resolve();
      const first = fake.calls.map((c) => c.channel);
      expect(first.at(-1)).toBe('day.get');
      expect(first.slice(0, -1).sort()).toEqual([...FIRST_VIEW].sort());

      // The day's data in, not yet painted: nothing else has gone out.
      answerDay();
      await vi.waitFor(() => expect(frames.length).toBeGreaterThan(0), { timeout: 10_000 });
      for (const channel of BEHIND) expect(fake.callsOf(channel)).toEqual([]);

      // The frame painted: the rest goes out.
      for (const frame of frames.splice(0)) frame(performance.now());
      await vi.waitFor(
        () => {
          for (const channel of BEHIND) expect(fake.callsOf(channel)).toHaveLength(1);
        },
        { timeout: 10_000 },
      );
    } finally {
      app.stop();
      await started.catch(() => undefined);
    }
  });
});
