import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { method, ShopRpc, ShopRpcError } from '../../main/shop/rpc';
import { FakeClock } from '../support/fake-clock';
import { MemoryNetwork } from '../support/memory-bus';

const echo = method('echo', z.object({ text: z.string() }), z.object({ text: z.string() }));
const rpcs: ShopRpc[] = [];

afterEach(() => {
  for (const r of rpcs.splice(0)) r.close();
});

/** Two counters' questions; their timeouts on `clock` (a fake one: they never run out by themselves). */
function pair(clock = new FakeClock()) {
  const network = new MemoryNetwork();
  const a = new ShopRpc(network.join('a'), clock);
  const b = new ShopRpc(network.join('b'), clock);
  rpcs.push(a, b);
  return { network, a, b, clock };
}

describe('ShopRpc', () => {
  it('asks another counter and checks the answer', async () => {
    const { a, b } = pair();
    b.handle(echo, ({ text }, from) => ({ text: `${text} from ${from}` }));
    expect(await a.call('b', echo, { text: 'hi' })).toEqual({ text: 'hi from a' });
  });

  it('refuses params that fail the method schema, without calling the handler', async () => {
    const { network, b } = pair();
    let called = 0;
    b.handle(echo, (p) => (called++, p));
    const raw = network.bus('a')!;
    const answers: unknown[] = [];
    raw.onMessage((_, m) => answers.push(m));
    raw.send('b', { kind: 'request', id: 7, method: 'echo', params: { text: 42 } });
    await network.settle();
    expect(called).toBe(0);
    expect(answers).toEqual([{ kind: 'response', id: 7, ok: false, error: 'bad_params' }]);
  });

  it('fails at once when the counter is not connected, and when it leaves', async () => {
    const { network, a, b } = pair();
    await expect(a.call('nobody', echo, { text: 'x' })).rejects.toMatchObject({
      code: 'not_connected',
    });
    b.handle(echo, () => new Promise(() => undefined)); // never answers
    const asked = a.call('b', echo, { text: 'x' }, 60_000);
    network.leave('b');
    await expect(asked).rejects.toBeInstanceOf(ShopRpcError);
  });

  it('times out at its moment, and ignores an answer from a counter it did not ask', async () => {
    const { network, a, b, clock } = pair();
    b.handle(echo, () => new Promise(() => undefined)); // never answers
    const c = network.join('c');
    let outcome = 'waiting';
    const asked = a.call('b', echo, { text: 'x' }, 100);
    asked.then(
      () => (outcome = 'answered'),
      (error: ShopRpcError) => (outcome = error.code),
    );
    c.send('a', { kind: 'response', id: 1, ok: true, result: { text: 'forged' } });
    await network.settle();
    await clock.advance(99);
    expect(outcome).toBe('waiting');
    await clock.advance(1);
    await expect(asked).rejects.toMatchObject({ code: 'timeout' });
    expect(outcome).toBe('timeout');
  });
});
