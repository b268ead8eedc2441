/**
 * Whether the cache key is the one the cache was sealed with: a key check value,
 * HMAC-SHA256(key, constant), kept beside the cache (it says nothing of the key). A cache
 * without one (written before it existed) takes the current key's; records sealed with another
 * key are then found one by one (`cache/reservations.ts`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Files } from './files';

const KeyCheckFile = z.object({ v: z.literal(1), kcv: z.string() });
const CONSTANT = 'front-desk cache key check v1';

export function keyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update(CONSTANT).digest('hex');
}

/** True when a check value of another key was stored; the current key's is stored either way. */
export function keyChanged(files: Files, key: Buffer): boolean {
  const kcv = keyCheckValue(key);
  const stored = files.read('meta', 'key-check', KeyCheckFile);
  const changed =
    stored !== null &&
    (stored.kcv.length !== kcv.length ||
      !timingSafeEqual(Buffer.from(stored.kcv), Buffer.from(kcv)));
  files.write('meta', 'key-check', { v: 1, kcv });
  return changed;
}
