/** How names, phones, e-mails and romaji are compared (the index and the query alike). */
import { describe, expect, it } from 'vitest';
import {
  commonKanji,
  isEmailFragment,
  normalizeText,
  phoneDigits,
  romajiReadings,
} from '../../main/common/names';

describe('names', () => {
  it('fold width, kana and case; drop spaces and dots', () => {
    expect(normalizeText('ﾔﾏﾀﾞ　ﾊﾅｺ')).toBe('やまだはなこ');
    expect(normalizeText('ヤマダ ハナコ')).toBe('やまだはなこ');
    expect(normalizeText('ＳＭＩＴＨ・John')).toBe('smithjohn');
    expect(normalizeText('J. Smith-Jones')).toBe('jsmithjones');
  });

  it('kanji variants of registered names as their common forms', () => {
    expect(commonKanji('髙橋')).toBe('高橋');
    expect(commonKanji('山﨑')).toBe('山崎');
    expect(commonKanji('渡邊')).toBe('渡辺');
    expect(commonKanji('齋藤')).toBe('斎藤');
    expect(commonKanji('𠮷田')).toBe('吉田');
    expect(normalizeText('髙橋 健')).toBe(normalizeText('高橋健'));
  });
});

describe('phones', () => {
  it('digits as written, and the national form of a +81 number', () => {
    expect(phoneDigits('090-1234-5678')).toEqual(['09012345678']);
    expect(phoneDigits('+81 90-1234-5678')).toEqual(['819012345678', '09012345678']);
    expect(phoneDigits('０９０（１２３４）５６７８')).toEqual(['09012345678']);
    expect(phoneDigits('+1 808-555-0101')).toEqual(['18085550101']);
    expect(phoneDigits('none')).toEqual([]);
  });
});

describe('romaji, as staff type a name they heard', () => {
  it.each([
    ['yamada', ['やまだ']],
    ['Yamada Taro', ['やまだたろ']],
    ['YAMADA', ['やまだ']],
    ['nakajima', ['なかじま']],
    ['shimizu', ['しみず']],
    ['tsuchiya', ['つちや']],
    ['Satō', ['さと']],
  ])('%s sounds like %j', (text, kana) => expect(romajiReadings(text)).toEqual(kana));

  it('loose Hepburn: kenichi is けんいち too, Ohno is おの(おおの)', () => {
    expect(romajiReadings('kenichi')).toContain('けんいち');
    expect(romajiReadings('Ohno')).toContain('おの');
  });

  it('while typing: a last consonant or n is still coming', () => {
    expect(romajiReadings('yamad')).toEqual(['やま']);
    expect(romajiReadings('yaman')).toEqual(expect.arrayContaining(['やまん', 'やま']));
  });

  it('English names and other text are not read as Japanese', () => {
    for (const text of ['smith', 'lee', 'x', 'Garcia', '山田', 'やまだ', '4214', 'a.b@c'])
      expect(romajiReadings(text), text).toEqual([]);
  });
});

describe('e-mail fragments', () => {
  it('one ASCII word of three characters and more, with a letter', () => {
    for (const text of ['tanaka', 'example.co', 'ｔａｎａｋａ', 'a.b'])
      expect(isEmailFragment(text)).toBe(true);
    for (const text of ['ta', 'co', '.', '2222', '1111-2222', 'たなか', 'Tanaka Taro'])
      expect(isEmailFragment(text)).toBe(false);
  });
});
