/**
 * Once per shop (issue 27, decision I6): a counter claims a booking paid on site before it takes
 * the money. Two counters claiming at the same moment — over a network that delays, reorders and
 * duplicates — end with exactly one granted, the same one on both; a counter that sees another's
 * claim does not claim; a claim ended, lapsed or of a counter gone frees the booking; a counter
 * that does not answer is not waited for (and is named).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Claims, firstClaim, type ClaimOutcome } from '../../main/shop/claims';
import { ShopRpc } from '../../main/shop/rpc';
import { MemoryNetwork, seeded } from '../support/memory-bus';

const made: { claims: Claims; rpc: ShopRpc }[] = [];
afterEach(() => {
  for (const { claims, rpc } of made.splice(0)) {
    claims.close();
    rpc.close();
  }
});

function counter(network: MemoryNetwork, id: string, now: () => number = Date.now) {
  const bus = network.join(id, `受付${id}`);
  const rpc = new ShopRpc(bus);
  const changes: string[] = [];
  const claims = new Claims({
    bus,
    rpc,
    name: () => `受付${id}`,
    now,
    answerMs: 300,
    onChange: (r) => changes.push(r),
  });
  made.push({ claims, rpc });
  return { claims, rpc, bus, changes };
}

const granted = (o: ClaimOutcome) => o.granted;

describe('claims of a booking paid on site', () => {
  it('alone: granted at once', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    const outcome = await a.claims.claim('r1');
    expect(outcome).toMatchObject({ granted: true, unanswered: [] });
    expect(a.claims.holds('r1')).toBe(true);
  });

  it('a claim is seen by the others: they do not claim, until it ends', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    const b = counter(network, 'b');
    expect((await a.claims.claim('r1')).granted).toBe(true);
    expect(b.claims.heldBy('r1')).toMatchObject({ counterId: 'a', counterName: '受付a' });
    expect(b.changes).toContain('r1');
    const refused = await b.claims.claim('r1');
    expect(refused).toMatchObject({ granted: false, heldBy: { counterId: 'a' } });
    a.claims.end('r1');
    await network.settle();
    expect(b.claims.heldBy('r1')).toBeNull();
    expect((await b.claims.claim('r1')).granted).toBe(true);
  });

  it('two counters at the same moment, whatever the network does: one granted, the same on both', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const network = new MemoryNetwork(seeded(seed));
      network.faults = { drop: 0, duplicate: 0.3, maxDelayMs: 15 };
      const a = counter(network, 'a');
      const b = counter(network, 'b');
      const c = counter(network, 'c');
      const [ob, oc] = await Promise.all([b.claims.claim('r1'), c.claims.claim('r1')]);
      expect([ob, oc].filter(granted), `seed ${seed}`).toHaveLength(1);
      const winner = ob.granted ? 'b' : 'c';
      const loser = ob.granted ? oc : ob;
      expect(loser).toMatchObject({ granted: false, heldBy: { counterId: winner } });
      await network.settle();
      // Every counter knows who is taking the money.
      expect(a.claims.heldBy('r1')?.counterId, `seed ${seed}`).toBe(winner);
      for (const { claims, rpc } of made.splice(0)) {
        claims.close();
        rpc.close();
      }
    }
  });

  it('a counter that does not answer is not waited for beyond a moment, and is named', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    const silent = network.join('s'); // present, answers nothing (another version, hung)
    expect(silent.counterId).toBe('s');
    const started = Date.now();
    const outcome = await a.claims.claim('r1');
    expect(outcome).toMatchObject({ granted: true, unanswered: ['s'] });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cut off from each other, both are granted (the double collection is found later)', async () => {
    const network = new MemoryNetwork();
    const b = counter(network, 'b');
    const c = counter(network, 'c');
    network.partition(['b'], ['c']);
    const [ob, oc] = await Promise.all([b.claims.claim('r1'), c.claims.claim('r1')]);
    expect(ob.granted && oc.granted).toBe(true);
    // Met again: a claim of a counter that left meanwhile or lapsed holds nothing back.
    network.heal();
    await network.settle();
  });

  it('a claim lapses after its time, and one of a counter gone holds nothing', async () => {
    let now = 1_000_000;
    const network = new MemoryNetwork(seeded(1), () => now);
    const a = counter(network, 'a', () => now);
    const b = counter(network, 'b', () => now);
    await a.claims.claim('r1');
    expect(b.claims.heldBy('r1')).not.toBeNull();
    now += 5 * 60_000;
    expect(b.claims.heldBy('r1')).toBeNull();
    await a.claims.claim('r2');
    network.leave('a');
    expect(b.claims.heldBy('r2')).toBeNull();
  });

  it('a claim told by a counter about another is refused', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'a');
    counter(network, 'b');
    const forged = { id: 'x', reservationId: 'r1', counterId: 'b', counterName: 'B', at: 1 };
    await expect(
      a.rpc.call('b', (await import('../../main/shop/claims')).claimBooking, forged),
    ).rejects.toMatchObject({ code: 'bad_params' });
  });

  it('the first of several: earliest, then counter id, then id', () => {
    const c = (id: string, counterId: string, at: number) => ({
      id,
      reservationId: 'r',
      counterId,
      counterName: counterId,
      at,
    });
    expect(firstClaim([c('2', 'b', 5), c('1', 'c', 5), c('3', 'a', 6)])?.id).toBe('2');
    expect(firstClaim([c('2', 'b', 5), c('1', 'b', 5)])?.id).toBe('1');
    expect(firstClaim([])).toBeNull();
  });
});
