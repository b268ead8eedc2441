/**
 * Resuming a live counter (decision G6): the store as last listed opens at once from the cache —
 * the start waits neither for the service's answer nor, offline, for its deadline — and the key
 * and its stores are asked for behind it: the settings take what the service says, a store
 * described anew opens the session again on it, a store gone ends the session; set-up changed by
 * staff meanwhile is left alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KYOTO, TODAY, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

describe('a live counter resumed', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
  });
  afterEach(async () => {
    h.sb.sandbox.faults.clear();
    await h.close();
  });

  const pings = () => h.sb.sandbox.requests().filter((r) => r.path.endsWith('/ping')).length;

  it('opens on its store at once while the service is slow to answer, and takes its answer later', async () => {
    const before = await h.call('setup.status', {});
    h.sb.sandbox.faults.configure({
      latencyMs: { min: 4_000, max: 4_000 },
      match: { pathEndsWith: '/ping' },
    });
    const asked = pings();
    const started = Date.now();
    await h.restart();
    // Open already, the ping still on its way.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(h.desk.session?.store.id).toBe(KYOTO);
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
    expect(await h.call('setup.status', {})).toEqual(before);

    // The answer comes: set-up is announced again with what the service said.
    const events = h.events.length;
    await waitFor(
      () => pings() > asked && h.events.slice(events).some((e) => e.event === 'setup.changed'),
      'the recheck',
      10_000,
    );
    expect(h.desk.session?.store.id).toBe(KYOTO);
  });

  it('out of reach (nothing answers): opens on its store without waiting for the deadline', async () => {
    h.sb.sandbox.faults.configure({ latencyMs: { min: 20_000, max: 20_000 } });
    const started = Date.now();
    await h.restart();
    expect(Date.now() - started).toBeLessThan(4_000);
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
    expect(h.desk.session).not.toBeNull();
  });

  it('a store described anew opens the session again on it; a store gone ends it', async () => {
    const store = h.sb.sandbox.world.state.stores.find((s) => s.id === KYOTO)!;
    const name = store.name;
    store.name = `${name}（新館）`;
    try {
      await h.restart();
      const first = h.desk.session;
      await waitFor(() => h.desk.session !== first && h.desk.session, 'the session reopened');
      expect((await h.call('day.get', { date: TODAY })).store.name).toBe(`${name}（新館）`);
      expect((await h.call('setup.status', {})).store?.name).toBe(`${name}（新館）`);

      const stores = h.sb.sandbox.world.state.stores;
      h.sb.sandbox.world.state.stores = stores.filter((s) => s.id !== KYOTO);
      try {
        await h.restart();
        await waitFor(() => h.desk.session === null, 'the session ended');
        expect(h.logs.some((l) => l.event === 'desk.store_gone')).toBe(true);
      } finally {
        h.sb.sandbox.world.state.stores = stores;
      }
    } finally {
      store.name = name;
    }
  });

  it('set-up changed by staff while the check is on its way is left as staff made it', async () => {
    h.sb.sandbox.faults.configure({
      latencyMs: { min: 1_500, max: 1_500 },
      match: { pathEndsWith: '/ping' },
    });
    await h.restart();
    const opened = h.desk.session;
    // The first day view lets the check go; its ping is slow to come back.
    const logged = h.logs.length;
    const since = (event: string) => h.logs.slice(logged).some((l) => l.event === event);
    await h.call('day.get', { date: TODAY });
    await waitFor(() => since('desk.recheck'), 'the check on its way');
    await h.call('setup.removeKey', {});
    // The check's answer comes, finds set-up changed, and leaves it.
    await waitFor(() => since('desk.recheck_skipped'), 'the check to end, skipped');
    expect((await h.call('setup.status', {})).mode).not.toBe('live');
    expect(h.desk.session).not.toBe(opened);
  });
});
