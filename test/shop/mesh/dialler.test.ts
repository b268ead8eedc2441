/** The dialler's candidates: a discovered address that keeps failing is forgotten, a listed one never. */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type LogRecord } from '../../../main/api/log';
import { Dialler, FORGET_DISCOVERED_AFTER_MS } from '../../../main/shop/mesh/dialler';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
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
afterEach(() => {
  diallers.splice(0).forEach((d) => d.stop());
  vi.restoreAllMocks();
});

/** A dialler whose backoff and "ten minutes in a row" run on a fake clock. */
function dialler() {
  const clock = new FakeClock();
  const logs: LogRecord[] = [];
  /** When each failed dial was logged, on the dialler's clock. */
  const failedAt: number[] = [];
  const sink = (r: LogRecord) => {
    logs.push(r);
    if (r.event === 'shop.mesh.dial_failed') failedAt.push(clock.now());
  };
  const d = new Dialler(
    secrets,
    createLogger(sink, 'debug'),
    () => false,
    (socket) => socket.destroy(),
    clock,
  );
  diallers.push(d);
  const failures = () => logs.filter((r) => r.event === 'shop.mesh.dial_failed').length;
  return { d, logs, clock, failures, failedAt };
}

describe('Dialler', () => {
  it('dials a failing address again after a wait that doubles from 250 ms up to 5 s, less up to half by jitter', async () => {
    // The jitter at its least: each wait is exactly half its ceiling.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { d, clock, failures, failedAt } = dialler();
    d.add('127.0.0.1', await deadPort(), 'discovery');
    await waitFor(() => failures() > 0, 'the first failure');
    await clock.advance(20_000);
    const waits = failedAt.slice(1).map((t, i) => t - failedAt[i]!);
    expect(waits.slice(0, 8)).toEqual([125, 250, 500, 1_000, 2_000, 2_500, 2_500, 2_500]);
  });

  it('forgets a discovered address after failing for ten minutes in a row', async () => {
    const { d, logs, clock, failures } = dialler();
    const port = await deadPort();
    d.add('127.0.0.1', port, 'discovery');
    await waitFor(() => failures() > 0, 'the first failure');
    // Dialled again and again (backoff to 5 s), for a moment short of ten minutes: still known.
    await clock.advance(FORGET_DISCOVERED_AFTER_MS - 1);
    expect(failures()).toBeGreaterThan(100);
    expect(d.addresses()).toEqual([`127.0.0.1:${port}`]);
    // The next failure is ten minutes on: forgotten, and not dialled any more.
    await clock.advance(5_000);
    expect(d.addresses()).toEqual([]);
    expect(logs.some((r) => r.event === 'shop.mesh.forgotten')).toBe(true);
    const last = failures();
    await clock.advance(FORGET_DISCOVERED_AFTER_MS);
    expect(failures()).toBe(last);
  });

  it('keeps an address from the peer list, and one the list names after discovery', async () => {
    const { d, clock, failures } = dialler();
    const [listed, both] = [await deadPort(), await deadPort()];
    d.add('127.0.0.1', listed);
    d.add('127.0.0.1', both, 'discovery');
    d.add('127.0.0.1', both);
    await waitFor(() => failures() >= 2, 'both first failures');
    await clock.advance(2 * FORGET_DISCOVERED_AFTER_MS);
    expect(failures()).toBeGreaterThan(2 * 200);
    expect(d.addresses().sort()).toEqual([`127.0.0.1:${both}`, `127.0.0.1:${listed}`].sort());
  });
});
