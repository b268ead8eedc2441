/**
 * The start carries one language (decision G18): Japanese is in the start's script, English is
 * fetched the first time a window shows it. A window switches only once the words are here, so it
 * never shows a key; a later choice wins over a slow fetch; a fetch that fails leaves the window as
 * it was and is asked for again. Each test takes the i18n module afresh (nothing fetched yet).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18nModuleType from '../../../renderer/src/i18n';

type I18nModule = typeof I18nModuleType;
const EN = '../../../renderer/src/i18n/en';
let words: I18nModule;

beforeEach(async () => {
  vi.resetModules();
  vi.doUnmock(EN);
  words = await import('../../../renderer/src/i18n');
});

describe('the languages a window shows', () => {
  it('start with Japanese alone; English is fetched when first shown, never showing a key', async () => {
    expect(words.messagesLoaded('ja')).toBe(true);
    expect(words.messagesLoaded('en')).toBe(false);
    // Asked for English before its words are here: Japanese meanwhile, not the keys.
    const i18n = words.createI18n('en');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('app.name')).toBe('フロントデスク');

    const shown = words.showLanguage(i18n, 'en');
    expect(i18n.language).toBe('ja');
    await shown;
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.name')).toBe('Front Desk');
    expect(words.messagesLoaded('en')).toBe(true);
    // Once fetched, a new window starts in English and a switch is immediate.
    expect(words.createI18n('en').t('app.name')).toBe('Front Desk');
    const other = words.createI18n('ja');
    void words.showLanguage(other, 'en');
    expect(other.language).toBe('en');
  });

  it('give way to a later choice while English is on its way', async () => {
    const i18n = words.createI18n('ja');
    const toEnglish = words.showLanguage(i18n, 'en');
    await words.showLanguage(i18n, 'ja');
    await toEnglish;
    expect(i18n.language).toBe('ja');
    // Fetched all the same: the next switch is immediate.
    void words.showLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
  });

  it('stay as they are when English cannot be fetched, and ask for it again', async () => {
    vi.doMock(EN, () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.resetModules();
    words = await import('../../../renderer/src/i18n');
    const i18n = words.createI18n('ja');
    await expect(words.showLanguage(i18n, 'en')).rejects.toThrow();
    expect(i18n.language).toBe('ja');
    expect(words.messagesLoaded('en')).toBe(false);

    vi.doUnmock(EN);
    await words.showLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.name')).toBe('Front Desk');
  });
});
