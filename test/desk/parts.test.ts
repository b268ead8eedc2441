import { describe, expect, it } from 'vitest';
import { Parts, definePart } from '../../main/desk/parts';

interface Host {
  name: string;
}

describe('session parts', () => {
  it('builds a part once, at its first use, from its host', () => {
    let built = 0;
    const counter = definePart('counter', (host: Host) => {
      built += 1;
      return { host: host.name, count: 0 };
    });
    const parts = new Parts<Host, string>({ name: 'A' });
    expect(parts.has(counter)).toBe(false);
    expect(built).toBe(0);
    parts.get(counter).count += 1;
    parts.get(counter).count += 1;
    expect(parts.get(counter)).toEqual({ host: 'A', count: 2 });
    expect(built).toBe(1);
  });

  it('keeps each session its own parts', () => {
    const list = definePart('list', () => [] as string[]);
    const a = new Parts<Host, string>({ name: 'A' });
    const b = new Parts<Host, string>({ name: 'B' });
    a.get(list).push('x');
    expect(b.get(list)).toEqual([]);
  });

  it('shares a built part at attachment, a later one at its building, eager ones at once', () => {
    const log: string[] = [];
    const shared = (name: string) =>
      definePart(name, () => name, {
        share: (value, shop: string) => {
          log.push(`share ${value} on ${shop}`);
          return () => log.push(`unshare ${value}`);
        },
      });
    const early = shared('early');
    const late = shared('late');
    const eager = shared('eager');
    const parts = new Parts<Host, string>({ name: 'A' });
    parts.get(early);
    expect(log).toEqual([]);
    parts.attach('shop-1', [eager]);
    expect(log).toEqual(['share early on shop-1', 'share eager on shop-1']);
    parts.get(late);
    expect(log.at(-1)).toBe('share late on shop-1');
    log.length = 0;
    parts.detach();
    expect(log).toEqual(['unshare late', 'unshare eager', 'unshare early']);
  });

  it('moves every share to a new shop when attached again', () => {
    const log: string[] = [];
    const part = definePart('p', () => 'p', {
      share: (_value, shop: string) => {
        log.push(`on ${shop}`);
        return () => log.push(`off ${shop}`);
      },
    });
    const parts = new Parts<Host, string>({ name: 'A' });
    parts.get(part);
    parts.attach('one');
    parts.attach('two');
    expect(log).toEqual(['on one', 'off one', 'on two']);
  });

  it('closes its parts once, unshared first, and builds none after', () => {
    const log: string[] = [];
    const part = definePart('timer', () => 'timer', {
      share: () => () => log.push('unshared'),
      close: (value) => log.push(`closed ${value}`),
    });
    const parts = new Parts<Host, string>({ name: 'A' });
    parts.attach('shop', [part]);
    parts.close();
    expect(log).toEqual(['unshared', 'closed timer']);
    expect(() => parts.get(definePart('other', () => 1))).toThrow(/closed/);
  });
});
