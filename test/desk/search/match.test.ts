/** Search matching: a fragment of an e-mail finds it, without pulling every address into names. */
import { describe, expect, it } from 'vitest';
import { isEmailFragment, matches } from '../../../main/desk/search/match';
import { reservation } from '../../renderer/support/fixtures';

const tanaka = reservation({
  customerName: '田中 太郎',
  email: 'Taro.Tanaka@Example.co.jp',
  phone: '090-1111-2222',
});
const yamada = reservation({ customerName: '山田 花子', email: 'hanako@mail.test.jp' });

describe('an e-mail fragment without "@"', () => {
  it.each(['tanaka', 'TANAKA', 'taro.tanaka', 'example.co', 'ｔａｎａｋａ', ' tanaka '])(
    'finds the address: %s',
    (text) => {
      expect(matches(tanaka, text)).toBe(true);
      expect(matches(yamada, text)).toBe(false);
    },
  );

  it('still finds whole addresses and names as before', () => {
    expect(matches(tanaka, 'taro.tanaka@example.co.jp')).toBe(true);
    expect(matches(tanaka, '@example.co')).toBe(true);
    expect(matches(tanaka, '田中')).toBe(true);
    expect(matches(yamada, '田中')).toBe(false);
  });

  it('does not make other searches noisy: short, digit-only or non-ASCII queries ignore e-mails', () => {
    for (const text of ['ta', 'co', '.', '2222', '1111-2222', 'たなか', 'Tanaka Taro'])
      expect(isEmailFragment(text)).toBe(false);
    // Only the phone's digits, never the address, answer a digit query.
    const digits = reservation({ customerName: 'X', email: 'user2024@example.com', phone: null });
    expect(matches(digits, '2024')).toBe(false);
    expect(matches(yamada, 'co')).toBe(false);
    expect(matches(yamada, 'mail.test')).toBe(true);
  });
});
