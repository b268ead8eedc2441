/**
 * What a pasted API key must look like before it is sent anywhere: printable ASCII without spaces
 * (it travels in an HTTP header, where anything else breaks the request before it leaves, and
 * staff would be told the connection broke), and a plausible length. The spec does not show the
 * keys' format; the bounds are generous around the service's keys (36–45 characters in the
 * sandbox) — decision B2 in docs/decisions.md.
 */
import { DeskError } from '../../ipc/errors';

export const API_KEY_MIN_LENGTH = 16;
export const API_KEY_MAX_LENGTH = 256;

/** Visible ASCII only: no space, tab, line break, control, or non-ASCII character. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Whether a key (its surrounding whitespace already trimmed) could be an API key. */
export function looksLikeApiKey(key: string): boolean {
  return (
    key.length >= API_KEY_MIN_LENGTH &&
    key.length <= API_KEY_MAX_LENGTH &&
    PRINTABLE_ASCII.test(key)
  );
}

/** Refuse, before anything is sent, a key that cannot be one. */
export function assertApiKeyShape(key: string): void {
  if (!looksLikeApiKey(key))
    throw new DeskError('API_KEY_MALFORMED', 'this does not look like an API key');
}
