/**
 * The window's first calls (decision G26): today's day goes out first. The host answers its
 * calls in the order they come and a browser sends only a few at once, so what goes first is
 * answered first; the rest go out in the same turn.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../renderer/src/app/createApp';
import { createFakeBridge } from '../support/fakeBridge';

describe('the window’s first calls', () => {
  it('asks for today’s day before anything else, and for the rest in the same turn', async () => {
    const fake = createFakeBridge();
    const app = createApp(fake.bridge, { lang: 'ja' });
    const started = app.start();
    // The fake bridge records a call as it is made; one microtask lets each invoke run.
    await Promise.resolve();
    try {
      expect(fake.calls[0]).toEqual({ channel: 'day.get', request: { date: null } });
      expect(fake.calls.map((c) => c.channel)).toEqual(
        expect.arrayContaining(['setup.status', 'prefs.get', 'status.get', 'staff.get']),
      );
    } finally {
      app.stop();
      await started.catch(() => undefined);
    }
  });
});
