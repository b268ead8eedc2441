/**
 * Preferences kept with the settings: the language and how the day is laid out (G16), each set
 * alone — what a call leaves out stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUp, startHarness, type Harness } from '../support';

describe('preferences', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
  });
  afterAll(() => h.close());

  it('keeps the language and the day layout, one without the other', async () => {
    expect(await h.call('prefs.get', {})).toEqual({ locale: null, dayLayout: 'rows' });
    expect(await h.call('prefs.set', { locale: 'en' })).toEqual({
      locale: 'en',
      dayLayout: 'rows',
    });
    expect(await h.call('prefs.set', { dayLayout: 'cards' })).toEqual({
      locale: 'en',
      dayLayout: 'cards',
    });
    expect(await h.call('prefs.get', {})).toEqual({ locale: 'en', dayLayout: 'cards' });
  });
});
