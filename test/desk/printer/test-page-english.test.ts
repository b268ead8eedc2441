/**
 * Set-up's test page in English (decision F70): what hardware.spec's English run read back from
 * training's virtual printer, its title and lines in the language set-up asked for; the journey
 * runs in Japanese.
 */
import { describe, expect, it } from 'vitest';
import * as printerWords from '../../../main/common/words/printer';
import { testPage } from '../../../main/desk/printer/test-page';

describe('the test page in English', () => {
  it('prints its title and its lines in English', () => {
    const page = testPage(
      {
        connection: { kind: 'virtual' },
        language: 'escpos',
        paper: '80mm',
        drawer: true,
        kanji: 'builtin',
      },
      'en',
      Date.UTC(2026, 10, 24, 0, 30),
    );
    const en = printerWords.en;
    expect(page.split('\n')[0]).toBe('^^^Test print');
    expect(page).toContain(en.testIntro);
    expect(page).toContain(en.drawerYes);
    expect(page).not.toContain(printerWords.ja.testTitle);
  });
});
