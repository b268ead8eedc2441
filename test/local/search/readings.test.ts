/**
 * Readings of real Japanese names with kuromoji and IPADIC (loaded here, in-process): family and
 * given names, several readings where a name has them, kanji variants, kana kept as they are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionaryPath } from '../../../main/local/search/dictionary';
import { namePartsOf } from '../../../main/local/search/search-index';
import { readName, type NameTokenizer } from '../../../main/local/search/readings';
import { loadTokenizer } from '../../../main/local/search/tokenizer';
import { made } from './support';

let tokenizer: NameTokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer(dictionaryPath());
}, 120_000);

const read = (last: string, first: string) =>
  readName(tokenizer, namePartsOf(made({ last, first })));

describe('readings of kanji names', () => {
  it.each([
    ['山田', '太郎', 'やまだたろう'],
    ['佐藤', '花子', 'さとうはなこ'],
    ['鈴木', '一郎', 'すずきいちろう'],
    ['長谷川', '進', 'はせがわすすむ'],
    ['渡辺', '誠', 'わたなべまこと'],
  ])('%s %s is read %s', (last, first, kana) => expect(read(last, first)).toContain(kana));

  it('kanji variants are read as their common forms: 髙橋 たかはし, 渡邊 わたなべ, 山﨑 やまざき', () => {
    expect(read('髙橋', '健')).toContain('たかはしけん');
    expect(read('渡邊', '誠')).toContain('わたなべまこと');
    expect(read('山﨑', '')).toContain('やまざき');
  });

  it('every reading of a name the dictionary knows: 中島 なかじま and なかしま', () => {
    const readings = read('中島', 'みゆき');
    expect(readings).toContain('なかじまみゆき');
    expect(readings).toContain('なかしまみゆき');
    expect(read('上村', '')).toEqual(expect.arrayContaining(['うえむら', 'かみむら']));
  });

  it('the analyzer’s own reading comes first', () => {
    expect(read('山田', '')[0]).toBe('やまだ');
  });

  it('a part it cannot read leaves the other part: the given name alone', () => {
    const readings = read('𪚲𪚲', '太郎');
    expect(readings).toEqual(['たろう']);
  });

  it('kana in a name stay as they are', () => {
    expect(read('佐藤', 'さくら')).toContain('さとうさくら');
  });
});
