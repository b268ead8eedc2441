import { describe, expect, it } from 'vitest';
import { linkSupported } from '../../../main/shop/link/self-test';

describe('linkSupported', () => {
  it('is true on a runtime whose TLS offers the link suite (Node 20 OpenSSL)', async () => {
    expect(await linkSupported()).toBe(true);
  });

  it('a handshake that only ran late is tried again with more time, not taken for a "no"', async () => {
    // 1 ms: no handshake finishes in time, as on a PC busy starting up.
    expect(await linkSupported([1, 5_000])).toBe(true);
  });

  it('gives up after its tries (bounded), saying no', async () => {
    expect(await linkSupported([1, 1])).toBe(false);
  });
});
