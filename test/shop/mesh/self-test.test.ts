import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dialOutcome, meshSupported, type Outcome } from '../../../main/shop/mesh/self-test';

/**
 * A listener that accepts and never answers: a real handshake with it can only run late, however
 * fast the machine (a 1 ms budget alone is not enough: a quick loopback handshake can beat it).
 */
let silent: Server | undefined;
const held: Socket[] = [];
async function silentPort(): Promise<number> {
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  return (silent.address() as { port: number }).port;
}
afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
  silent?.close();
  silent = undefined;
});

const secrets = { psk: randomBytes(32), identity: 'self-test-test', tag: 'self-test' };

describe('meshSupported', () => {
  it('is true on a runtime whose TLS offers the mesh’s suite (Node 20 OpenSSL)', async () => {
    expect(await meshSupported()).toBe(true);
  });

  it('reads a handshake that got no answer in time as late, not as a refusal', async () => {
    expect(await dialOutcome(await silentPort(), secrets, 20)).toBe('late');
  });

  it('a handshake that only ran late is tried again with more time, not taken for a "no"', async () => {
    const port = await silentPort();
    const budgets: number[] = [];
    let first = true;
    const tryOnce = async (ms: number): Promise<Outcome> => {
      budgets.push(ms);
      if (!first) return 'connected';
      first = false;
      return dialOutcome(port, secrets, ms);
    };
    expect(await meshSupported([20, 5_000], tryOnce)).toBe(true);
    expect(budgets).toEqual([20, 5_000]);
  });

  it('gives up after its tries (bounded), saying no', async () => {
    const port = await silentPort();
    let tries = 0;
    const tryOnce = (ms: number): Promise<Outcome> => {
      tries += 1;
      return dialOutcome(port, secrets, ms);
    };
    expect(await meshSupported([20, 20, 20], tryOnce)).toBe(false);
    expect(tries).toBe(3);
  });

  it('says no at once when the handshake is refused', async () => {
    let tries = 0;
    const refused = (): Promise<Outcome> => {
      tries += 1;
      return Promise.resolve('refused');
    };
    expect(await meshSupported([20, 20], refused)).toBe(false);
    expect(tries).toBe(1);
  });
});
