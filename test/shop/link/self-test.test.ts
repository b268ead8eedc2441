import { describe, expect, it } from 'vitest';
import { linkSupported } from '../../../main/shop/link/self-test';

describe('linkSupported', () => {
  it('is true on a runtime whose TLS offers the link suite (Node 20 OpenSSL)', async () => {
    expect(await linkSupported()).toBe(true);
  });
});
