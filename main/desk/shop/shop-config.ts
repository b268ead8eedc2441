/**
 * The counter's shop settings as staff set them: its name (1–40 characters, trimmed, no control
 * characters) and the peer addresses ("host", "host:port", "[ipv6]:port"; at most 16). Each bad
 * input is refused with its own error: which field, which entry, why.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { MAX_COUNTER_NAME, MAX_PEERS } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';

/** Control characters, line breaks and bidi overrides: a name must read the same everywhere. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The name as kept (trimmed, NFC), or null for the host name; throws when it is not a name. */
export function checkCounterName(input: string | null): string | null {
  if (input === null) return null;
  const name = input.normalize('NFC').trim();
  const reason = !name
    ? 'empty'
    : name.length > MAX_COUNTER_NAME
      ? 'too_long'
      : CONTROL.test(name)
        ? 'control'
        : null;
  if (reason)
    throw new DeskError('COUNTER_NAME_INVALID', `the counter's name is not valid (${reason})`, [
      { field: 'counterName', reason, max: MAX_COUNTER_NAME },
    ]);
  return name;
}

export interface PeerAddress {
  host: string;
  /** null: the shop's default port. */
  port: number | null;
}

export type PeerProblem = 'empty' | 'bad_host' | 'bad_port' | 'duplicate';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = (host.endsWith('.') ? host.slice(0, -1) : host).split('.');
  // All digits and dots: an IPv4 address or nothing (999.1.1.1 is no host).
  if (labels.every((l) => /^\d+$/.test(l))) return false;
  return labels.every((l) => LABEL.test(l));
}

function portOf(text: string): number | null | 'bad' {
  if (!/^\d{1,5}$/.test(text)) return 'bad';
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : 'bad';
}

/** A peer address read, or why it is not one. */
export function parsePeer(input: string): PeerAddress | PeerProblem {
  const text = input.trim().toLowerCase();
  if (!text) return 'empty';
  let host: string;
  let port: number | null = null;
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1]!;
    if (!isIPv6(host)) return 'bad_host';
    if (bracketed[2] !== undefined) {
      const p = portOf(bracketed[2]);
      if (p === 'bad') return 'bad_port';
      port = p;
    }
    return { host, port };
  }
  // Two colons or more: an IPv6 address without a port ("fe80::1").
  if (text.split(':').length > 2) return isIPv6(text) ? { host: text, port: null } : 'bad_host';
  const colon = text.indexOf(':');
  host = colon < 0 ? text : text.slice(0, colon);
  if (colon >= 0) {
    const p = portOf(text.slice(colon + 1));
    if (p === 'bad') return 'bad_port';
    port = p;
  }
  if (!isIPv4(host) && !isHostName(host)) return 'bad_host';
  return { host, port };
}

/** The address as kept: "host", "host:port", "[ipv6]", "[ipv6]:port". */
export function formatPeer({ host, port }: PeerAddress): string {
  const h = isIPv6(host) ? `[${host}]` : host;
  return port === null ? h : `${h}:${port}`;
}

/** The peer list as kept (each normalized, in the order given); throws naming every bad entry. */
export function checkPeers(inputs: readonly string[]): string[] {
  if (inputs.length > MAX_PEERS)
    throw new DeskError('TOO_MANY_PEERS', `at most ${MAX_PEERS} peer addresses`, [
      { field: 'peers', max: MAX_PEERS, count: inputs.length },
    ]);
  const kept: string[] = [];
  const problems: { field: 'peers'; index: number; peer: string; reason: PeerProblem }[] = [];
  inputs.forEach((input, index) => {
    const parsed = parsePeer(input);
    const peer = input.slice(0, 100);
    if (typeof parsed === 'string') problems.push({ field: 'peers', index, peer, reason: parsed });
    else {
      const formatted = formatPeer(parsed);
      if (kept.includes(formatted))
        problems.push({ field: 'peers', index, peer, reason: 'duplicate' });
      else kept.push(formatted);
    }
  });
  if (problems.length)
    throw new DeskError(
      'PEER_ADDRESS_INVALID',
      `peer address ${problems.map((p) => p.index + 1).join(', ')} is not valid`,
      problems,
    );
  return kept;
}
