import { describe, expect, it } from 'vitest';
import { shopSecrets } from '../../../main/shop/mesh/keys';

describe('shopSecrets', () => {
  it('is the same for the same key and store, and differs with either', () => {
    const a = shopSecrets('key-one-0123456789', 'store-1');
    expect(shopSecrets('key-one-0123456789', 'store-1')).toEqual(a);
    expect(shopSecrets('key-two-0123456789', 'store-1').psk.equals(a.psk)).toBe(false);
    expect(shopSecrets('key-one-0123456789', 'store-2').psk.equals(a.psk)).toBe(false);
    expect(a.psk).toHaveLength(32);
  });

  it('never carries the key in what is sent (identity, discovery tag)', () => {
    const s = shopSecrets('key-one-0123456789', 'store-1');
    expect(s.identity).not.toContain('key-one');
    expect(s.tag).not.toContain('store-1');
    expect(s.tag).toMatch(/^[0-9a-f]{24}$/);
    expect(s.tag).not.toBe(s.psk.subarray(0, 12).toString('hex'));
  });

  it('refuses to derive from nothing', () => {
    expect(() => shopSecrets('', 'store-1')).toThrow();
  });
});
