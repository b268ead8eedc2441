/**
 * Joining a shop by a code (H13), on loopback over real TLS: the code's text reads back (any case,
 * spaces, full width; a typo is caught by its check character); a code joins a counter set up on
 * this shop's key and store once, with the addresses alone; used, expired, wrong and unreachable
 * codes are refused each with its own reason, and so are a counter not set up and one of another
 * shop (the code kept); the key is in none of the join's frames, and an eavesdropper on the LAN
 * reads neither it nor the code's secret.
 */
import { randomBytes } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/api/log';
import { formatJoinCode, parseJoinCode } from '../../../main/shop/join/code';
import { JOIN_CODE_LIFE_MS, JoinHost } from '../../../main/shop/join/host';
import { JoinError, joinByCode } from '../../../main/shop/join/join';
import type * as FramesModule from '../../../main/shop/mesh/frames';
import { shopSecrets } from '../../../main/shop/mesh/keys';

/** Every frame either end of a join encodes, as it was before encoding. */
const encoded = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../main/shop/mesh/frames', async (importOriginal) => {
  const frames = await importOriginal<typeof FramesModule>();
  return {
    ...frames,
    encodeFrame: (...args: Parameters<typeof frames.encodeFrame>) => {
      encoded.push(args[0]);
      return frames.encodeFrame(...args);
    },
  };
});

const API_KEY = 'fd_live_join_test_key_0123456789abcdef';
const TAG = shopSecrets(API_KEY, 'store-kyoto').tag;
/** A counter set up on the same key and store as the one showing the code. */
const ME = { counterId: 'c-2', name: '受付2', tag: TAG };
const PEERS = ['127.0.0.1:47110', '127.0.0.1:47111'];

let hosts: JoinHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  hosts = [];
});

function showing(now = () => Date.now()) {
  const joined: string[] = [];
  const host = new JoinHost({
    listenHost: '127.0.0.1',
    address: () => '127.0.0.1',
    tag: TAG,
    name: () => '受付1',
    peers: (address) => [`${address}:47110`, '127.0.0.1:47111'],
    now,
    logger: silentLogger,
    onJoined: (name) => joined.push(name),
  });
  hosts.push(host);
  return { host, joined };
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'joined',
    (e: unknown) => (e instanceof JoinError ? e.reason : String(e)),
  );

describe('a join code’s text', () => {
  it('reads back as typed or scanned, and a typo is caught', () => {
    const secret = randomBytes(10);
    const code = formatJoinCode({ host: '192.168.1.23', port: 51234, secret });
    expect(code).toMatch(/^FD1(-[0-9A-Z]{1,4}){7}$/);
    const back = parseJoinCode(code);
    expect(back).toEqual({ host: '192.168.1.23', port: 51234, secret });
    expect(parseJoinCode(code.toLowerCase().replace(/-/g, ' '))).toEqual(back);
    // Full width, as a scanner typing through a Japanese input method gives it.
    const wide = code.replace(/[0-9A-Z-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(parseJoinCode(wide)).toEqual(back);
    // Every character mistyped as any other is caught by the check character.
    const body = code.slice(4).replace(/-/g, '');
    const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let i = 0; i < body.length; i++)
      for (const other of ALPHABET)
        if (other !== body[i])
          expect(parseJoinCode(body.slice(0, i) + other + body.slice(i + 1))).toBeNull();
    expect(parseJoinCode('')).toBeNull();
    expect(parseJoinCode('192.168.1.23:47110')).toBeNull();
  });
});

describe('joining by a code over TLS', () => {
  it('a counter of this shop joins once, with the addresses alone; the same code again is used', async () => {
    const { host, joined } = showing();
    const { code } = await host.show();
    const parsed = parseJoinCode(code)!;
    expect(await joinByCode(parsed, ME)).toEqual({ type: 'already', name: '受付1', peers: PEERS });
    expect(joined).toEqual(['受付2']);
    expect(await reason(joinByCode(parsed, { ...ME, counterId: 'c-3' }))).toBe('used');
    expect(joined).toEqual(['受付2']);
  });

  it('an expired code is refused; a wrong one gets no handshake; a closed one is unreachable', async () => {
    let now = Date.now();
    const { host } = showing(() => now);
    const parsed = parseJoinCode((await host.show()).code)!;
    now += JOIN_CODE_LIFE_MS + 1;
    expect(await reason(joinByCode(parsed, ME))).toBe('expired');
    // The address and port are right, the secret is not: the invite is not found.
    expect(await reason(joinByCode({ ...parsed, secret: randomBytes(10) }, ME))).toBe('wrong_code');
    await host.close();
    expect(await reason(joinByCode(parsed, ME))).toBe('unreachable');
  });

  it('a counter not set up and one of another shop are refused, and the code kept', async () => {
    const { host, joined } = showing();
    const parsed = parseJoinCode((await host.show()).code)!;
    // The desk refuses before sending (JOIN_SET_UP_FIRST); the showing counter refuses it too.
    expect(await reason(joinByCode(parsed, { ...ME, tag: null }))).toBe('not_set_up');
    const other = shopSecrets(API_KEY, 'store-okinawa').tag;
    expect(await reason(joinByCode(parsed, { ...ME, tag: other }))).toBe('other_shop');
    expect(joined).toEqual([]);
    expect(await joinByCode(parsed, ME)).toEqual({ type: 'already', name: '受付1', peers: PEERS });
  });

  it('on the wire: neither the key nor the code’s secret, and a recorded join replayed joins nothing', async () => {
    const { host } = showing();
    const parsed = parseJoinCode((await host.show()).code)!;
    const target = parsed.port;
    // A tap on the LAN: a TCP relay that records both ways.
    const seen: Buffer[] = [];
    const fromJoiner: Buffer[] = [];
    const tap = createServer((inbound: Socket) => {
      const outbound = new Socket();
      outbound.connect(target, '127.0.0.1');
      inbound.on('data', (d: Buffer) => (seen.push(d), fromJoiner.push(d), outbound.write(d)));
      outbound.on('data', (d: Buffer) => (seen.push(d), inbound.write(d)));
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
    });
    await new Promise<void>((r) => tap.listen(0, '127.0.0.1', r));
    const tapPort = (tap.address() as { port: number }).port;
    try {
      encoded.length = 0;
      await joinByCode({ ...parsed, port: tapPort }, ME);
      // The join's two frames, as each end encoded them: no key field, nor the key's value.
      expect(encoded.map((f) => (f as { type: string }).type)).toEqual(['join', 'already']);
      for (const frame of encoded) {
        expect(JSON.stringify(frame)).not.toMatch(/"apiKey"/);
        expect(JSON.stringify(frame)).not.toContain(API_KEY);
      }
      const bytes = Buffer.concat(seen);
      expect(bytes.includes(Buffer.from(API_KEY))).toBe(false);
      expect(bytes.includes(parsed.secret)).toBe(false);
      expect(bytes.includes(Buffer.from('store-kyoto'))).toBe(false);
      // The joiner's bytes sent again: the handshake's fresh randoms and key shares refuse them.
      const replay = await new Promise<Buffer>((resolve) => {
        const s = new Socket();
        const got: Buffer[] = [];
        s.connect(target, '127.0.0.1', () => s.write(Buffer.concat(fromJoiner)));
        s.on('data', (d: Buffer) => got.push(d));
        s.on('error', () => undefined);
        s.on('close', () => resolve(Buffer.concat(got)));
        // A bound, not a wait: the listener closes a refused handshake at once ('close' above).
        setTimeout(() => s.destroy(), 3_000).unref();
      });
      expect(replay.includes(Buffer.from(API_KEY))).toBe(false);
    } finally {
      await new Promise<void>((r) => tap.close(() => r()));
    }
  });
});
