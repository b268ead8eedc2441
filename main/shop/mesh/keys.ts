/**
 * What the counters of one shop derive from the API key and the store they share, so that they
 * prove they hold the key without ever sending it (docs/decisions.md, L1, L7): HKDF-SHA256
 * (Node's crypto) with the store id as salt and one label per use.
 *
 * - `psk`: the mesh's TLS pre-shared key. A counter with another key or store fails the handshake.
 * - `tag`: published in discovery so a counter skips other shops' counters without a handshake;
 *   it tells an onlooker nothing of the key or the store (another label, one-way).
 *
 * A join code's one-time secret is keyed the same way (`joinSecrets`, H13): its own scheme, the
 * PSK and the identity each a label of HKDF over the secret.
 */
import { hkdfSync } from 'node:crypto';

export interface ShopSecrets {
  psk: Buffer;
  /** The TLS PSK identity: names the scheme only (the key itself is the secret). */
  identity: string;
  tag: string;
}

// The derivation's label and the PSK identity on the wire: every counter of a shop must use the
// same, so it keeps the name it was first written with (the mesh was once called the link).
const SCHEME = 'front-desk/shop-link/v1';

function derive(apiKey: string, storeId: string, label: string, bytes: number): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(apiKey, 'utf8'),
      Buffer.from(storeId, 'utf8'),
      `${SCHEME}/${label}`,
      bytes,
    ),
  );
}

export function shopSecrets(apiKey: string, storeId: string): ShopSecrets {
  if (!apiKey || !storeId) throw new Error('shop secrets need an API key and a store');
  return {
    psk: derive(apiKey, storeId, 'psk', 32),
    identity: SCHEME,
    tag: derive(apiKey, storeId, 'discovery-tag', 12).toString('hex'),
  };
}

/** A join code's scheme: another derivation, so a join key can never be a shop's key. */
const JOIN_SCHEME = 'front-desk/shop-join/v1';

/**
 * What a join code's one-time secret keys (H13): the TLS PSK of the one connection that joins,
 * and the identity the showing counter finds the code by (one-way: it tells nothing of the PSK).
 */
export function joinSecrets(secret: Buffer): { psk: Buffer; identity: string } {
  if (secret.length < 10) throw new Error('a join secret has at least 80 bits');
  const derive = (label: string, bytes: number) =>
    Buffer.from(
      hkdfSync('sha256', secret, Buffer.from(JOIN_SCHEME), `${JOIN_SCHEME}/${label}`, bytes),
    );
  return {
    psk: derive('psk', 32),
    identity: `${JOIN_SCHEME}/${derive('identity', 12).toString('hex')}`,
  };
}
