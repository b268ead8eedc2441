/** The dialler's candidates: a discovered address that keeps failing is forgotten, a listed one never. */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type LogRecord } from '../../../main/api/log';
import { Dialler, FORGET_DISCOVERED_AFTER_MS } from '../../../main/shop/mesh/dialler';
import { secrets } from './helpers';

/** A port on 127.0.0.1 where nobody listens (bound, then closed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const diallers: Dialler[] = [];
afterEach(() => diallers.splice(0).forEach((d) => d.stop()));

function dialler(now: () => number) {
  const logs: LogRecord[] = [];
  const d = new Dialler(
    secrets,
    createLogger((r) => logs.push(r), 'debug'),
    () => false,
    (socket) => socket.destroy(),
    now,
  );
  diallers.push(d);
  return { d, logs };
}

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Dialler', () => {
  it('forgets a discovered address after failing for ten minutes in a row', async () => {
    let clock = 1_000_000;
    const { d, logs } = dialler(() => clock);
    const port = await deadPort();
    d.add('127.0.0.1', port, 'discovery');
    await until(() => logs.some((r) => r.event === 'shop.mesh.dial_failed'), 'a failure');
    expect(d.addresses()).toEqual([`127.0.0.1:${port}`]);
    clock += FORGET_DISCOVERED_AFTER_MS;
    await until(() => d.addresses().length === 0, 'the address forgotten');
    expect(logs.some((r) => r.event === 'shop.mesh.forgotten')).toBe(true);
  });

  it('keeps an address from the peer list, and one the list names after discovery', async () => {
    let clock = 1_000_000;
    const { d, logs } = dialler(() => clock);
    const [listed, both] = [await deadPort(), await deadPort()];
    d.add('127.0.0.1', listed);
    d.add('127.0.0.1', both, 'discovery');
    d.add('127.0.0.1', both);
    await until(
      () => logs.filter((r) => r.event === 'shop.mesh.dial_failed').length >= 2,
      'failures',
    );
    clock += 2 * FORGET_DISCOVERED_AFTER_MS;
    const failures = () => logs.filter((r) => r.event === 'shop.mesh.dial_failed').length;
    const seen = failures();
    await until(() => failures() >= seen + 2, 'more failures');
    expect(d.addresses().sort()).toEqual([`127.0.0.1:${both}`, `127.0.0.1:${listed}`].sort());
  });
});
