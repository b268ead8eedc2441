/**
 * A join code (H13): the showing counter's IPv4 address and join port, and a one-time secret of
 * 80 bits, as one string that is both the QR code's content and what staff type — a 2D scanner
 * types what it reads, so scanning and typing enter the same thing.
 *
 * 16 bytes (4 address, 2 port, 10 secret) in Crockford's base32 (no I, L, O, U; read without
 * regard to case, O as 0, I and L as 1), then one check character (Luhn mod 32: every single
 * mistyped character and most swaps of two neighbours are caught), so a mistyped code is said at
 * once rather than tried on the LAN: "FD1-" and 27 characters in groups of four. The check is for
 * typing only; the secret is what protects (`joinSecrets`).
 */
import { isIPv4 } from 'node:net';

export const JOIN_CODE_PREFIX = 'FD1';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BYTES = 16;
/** 128 bits in 5-bit characters, and the check character. */
const CHARS = Math.ceil((BYTES * 8) / 5) + 1;
export const JOIN_SECRET_BYTES = 10;

export interface JoinCode {
  /** IPv4, dotted. */
  host: string;
  port: number;
  secret: Buffer;
}

/** Luhn mod 32 over the characters (the rightmost doubled): the character that completes them. */
function check(text: string): string {
  let sum = 0;
  for (let i = text.length - 1, double = true; i >= 0; i--, double = !double) {
    const value = ALPHABET.indexOf(text[i]!) * (double ? 2 : 1);
    sum += Math.floor(value / 32) + (value % 32);
  }
  return ALPHABET[(32 - (sum % 32)) % 32]!;
}

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out.slice(0, BYTES));
}

export function formatJoinCode({ host, port, secret }: JoinCode): string {
  if (!isIPv4(host)) throw new Error('a join code carries an IPv4 address');
  if (secret.length !== JOIN_SECRET_BYTES) throw new Error('a join secret is 10 bytes');
  const bytes = Buffer.alloc(BYTES);
  host.split('.').forEach((part, i) => bytes.writeUInt8(Number(part), i));
  bytes.writeUInt16BE(port, 4);
  secret.copy(bytes, 6);
  const data = toBase32(bytes);
  const text = data + check(data);
  return [JOIN_CODE_PREFIX, ...(text.match(/.{1,4}/g) ?? [])].join('-');
}

/** The code as typed or scanned (any case or width, spaces and dashes anywhere); null if none. */
export function parseJoinCode(input: string): JoinCode | null {
  // NFKC: a scanner typing through a Japanese input method may give full-width characters.
  let text = input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐－ー]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (text.startsWith(JOIN_CODE_PREFIX) && text.length === JOIN_CODE_PREFIX.length + CHARS)
    text = text.slice(JOIN_CODE_PREFIX.length);
  if (text.length !== CHARS) return null;
  const data = text.slice(0, -1);
  const bytes = fromBase32(data);
  if (!bytes || bytes.length !== BYTES || check(data) !== text.at(-1)) return null;
  const port = bytes.readUInt16BE(4);
  if (port === 0) return null;
  return {
    host: [...bytes.subarray(0, 4)].join('.'),
    port,
    secret: Buffer.from(bytes.subarray(6)),
  };
}
