/** Random secrets and their hashes (decision AB6). */
import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (text: string | Buffer): Buffer => createHash('sha256').update(text).digest();

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `chars` base32 characters, 5 random bits each (20 characters: 100 bits). */
export function base32Secret(chars: number): string {
  const bytes = randomBytes(Math.ceil((chars * 5) / 8));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
