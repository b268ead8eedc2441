/**
 * The guest's keys for the office's search (guest-keys.ts, AB57): the name as the counter's search
 * normalises it, romaji heard as kana, the readings the search already holds; bounded.
 */
import { describe, expect, it } from 'vitest';
import { guestOf } from '../../../main/desk/office/guest-keys';

describe('the guest’s keys', () => {
  it('keys a romaji name by its kana too, and bounds the keys', () => {
    // The search's own spellings of romaji (romajiReadings): the kana staff would type among them.
    const romaji = guestOf('Suzuki Hanako', null, {})!;
    expect(romaji.name).toBe('Suzuki Hanako');
    expect(romaji.keys[0]).toBe('suzukihanako');
    expect(romaji.keys).toContain('すずきはなこ');
    expect(guestOf('  ', 'res-9', { readingsOf: () => ['やまだ'] })).toBeNull();
    const many = guestOf('佐藤', 'r', {
      readingsOf: () => Array.from({ length: 30 }, (_, i) => `さとう${i}`),
    });
    expect(many!.keys).toHaveLength(20);
  });

  it('keys a kana name as hiragana, a kanji name by the readings the search holds only', () => {
    expect(guestOf('ヤマダ　タロウ', null, {})).toEqual({
      name: 'ヤマダ　タロウ',
      keys: ['やまだたろう'],
    });
    // 髙橋 is searched as 高橋; its reading only when the search has read it.
    expect(guestOf('髙橋 一郎', 'r-1', { readingsOf: () => null })!.keys).toEqual(['高橋一郎']);
    expect(guestOf('髙橋 一郎', 'r-1', { readingsOf: () => ['タカハシイチロウ'] })!.keys).toEqual([
      '高橋一郎',
      'たかはしいちろう',
    ]);
  });
});
