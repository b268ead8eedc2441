/**
 * The pin of the office's CA (decision AB7), for both sides: the office puts it in every
 * enrolment code; the counter fetches `GET /v1/ca` and checks the certificate against the code's
 * pin before it trusts it. The first 16 bytes of the SHA-256 of the certificate's DER, hex.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The DER inside a PEM certificate (its first one). */
export function pemToDer(pem: string): Buffer {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem);
  if (!match) throw new Error('not a PEM certificate');
  return Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
}

export function caPinOfPem(pem: string): string {
  return createHash('sha256').update(pemToDer(pem)).digest().subarray(0, 16).toString('hex');
}

/** Whether a CA certificate (PEM) is the one an enrolment code's pin names. */
export function caMatchesPin(pem: string, pin: string): boolean {
  let actual: Buffer;
  try {
    actual = Buffer.from(caPinOfPem(pem), 'hex');
  } catch {
    return false;
  }
  const expected = Buffer.from(pin.toLowerCase(), 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
