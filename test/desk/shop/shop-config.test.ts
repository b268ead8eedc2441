/** The counter's name and peer addresses as set-up sends them: each bad one refused with its reason. */
import { describe, expect, it } from 'vitest';
import {
  checkCounterName,
  checkPeers,
  formatPeer,
  parsePeer,
} from '../../../main/desk/shop/shop-config';
import { DeskError } from '../../../main/ipc/errors';

function refusal(run: () => unknown): DeskError {
  try {
    run();
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the counter’s name', () => {
  it('is kept trimmed; null is the host name', () => {
    expect(checkCounterName('  受付1 ')).toBe('受付1');
    expect(checkCounterName('Counter 2')).toBe('Counter 2');
    expect(checkCounterName('x'.repeat(40))).toBe('x'.repeat(40));
    expect(checkCounterName(null)).toBeNull();
  });

  it.each([
    ['empty', '   '],
    ['too_long', 'x'.repeat(41)],
    ['control', '受付\u0007'],
    ['control', '受付\n1'],
    ['control', 'abc\u202Edef'],
  ])('refuses %s: %j', (reason, name) => {
    const error = refusal(() => checkCounterName(name));
    expect(error.code).toBe('COUNTER_NAME_INVALID');
    expect(error.details).toEqual([{ field: 'counterName', reason, max: 40 }]);
  });
});

describe('peer addresses', () => {
  it.each([
    ['counter-2', { host: 'counter-2', port: null }, 'counter-2'],
    ['Counter-2.local:47110', { host: 'counter-2.local', port: 47110 }, 'counter-2.local:47110'],
    ['192.168.1.12', { host: '192.168.1.12', port: null }, '192.168.1.12'],
    [' 192.168.1.12:1 ', { host: '192.168.1.12', port: 1 }, '192.168.1.12:1'],
    ['fe80::1', { host: 'fe80::1', port: null }, '[fe80::1]'],
    ['[::1]:65535', { host: '::1', port: 65535 }, '[::1]:65535'],
    ['[2001:db8::7]', { host: '2001:db8::7', port: null }, '[2001:db8::7]'],
  ])('reads %j', (text, parsed, kept) => {
    expect(parsePeer(text)).toEqual(parsed);
    expect(formatPeer(parsed)).toBe(kept);
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['host name', 'bad_host'],
    ['-counter', 'bad_host'],
    ['999.1.1.1', 'bad_host'],
    ['1.2.3', 'bad_host'],
    ['counter_2', 'bad_host'],
    ['[fe80::1', 'bad_host'],
    ['[not-v6]:80', 'bad_host'],
    ['fe80::1::2', 'bad_host'],
    ['counter-2:0', 'bad_port'],
    ['counter-2:65536', 'bad_port'],
    ['counter-2:', 'bad_port'],
    ['counter-2:http', 'bad_port'],
    ['[::1]:99999', 'bad_port'],
    [`${'a'.repeat(64)}.local`, 'bad_host'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parsePeer(text)).toBe(reason);
  });

  it('names every bad entry by its place in the list, changing nothing', () => {
    const error = refusal(() =>
      checkPeers(['192.168.1.12', 'bad host', '192.168.1.13:47110', '192.168.1.12', 'x:0']),
    );
    expect(error.code).toBe('PEER_ADDRESS_INVALID');
    expect(error.details).toEqual([
      { field: 'peers', index: 1, peer: 'bad host', reason: 'bad_host' },
      { field: 'peers', index: 3, peer: '192.168.1.12', reason: 'duplicate' },
      { field: 'peers', index: 4, peer: 'x:0', reason: 'bad_port' },
    ]);
  });

  it('keeps the list normalized, in order; at most 16', () => {
    expect(checkPeers(['B.local', '[::1]:47110', '10.0.0.2:47110'])).toEqual([
      'b.local',
      '[::1]:47110',
      '10.0.0.2:47110',
    ]);
    const many = Array.from({ length: 17 }, (_, i) => `10.0.0.${i + 1}`);
    expect(checkPeers(many.slice(0, 16))).toHaveLength(16);
    const error = refusal(() => checkPeers(many));
    expect(error.code).toBe('TOO_MANY_PEERS');
    expect(error.details).toEqual([{ field: 'peers', max: 16, count: 17 }]);
  });
});
