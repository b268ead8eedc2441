/**
 * The preload script against a fake `electron`: what it exposes, to whom, and what it lets
 * through. The exposed object is all a page ever gets of the main process.
 */
import type { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, events } from '../../main/ipc/contract';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../preload/names';

const fake = vi.hoisted(() => ({
  exposed: new Map<string, any>(),
  invoked: [] as unknown[][],
  renderer: null as any,
  answer: { ok: true, value: { pong: 1 } } as unknown,
  reject: false,
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: async (...args: unknown[]) => {
      fake.invoked.push(args);
      if (fake.reject) throw new Error('main process gone');
      return fake.answer;
    },
    send: () => {
      throw new Error('the preload must not use send');
    },
    sendSync: () => {
      throw new Error('the preload must not use sendSync');
    },
  });
  fake.renderer = ipcRenderer;
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: unknown) => fake.exposed.set(name, api),
    },
    ipcRenderer,
  };
  return { ...electron, default: electron };
});

let bridge: any;

beforeAll(async () => {
  await import('../../preload/preload');
  bridge = fake.exposed.get('frontDesk');
});

describe('preload', () => {
  it('exposes exactly invoke and on as window.frontDesk, and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['frontDesk']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(typeof bridge.invoke).toBe('function');
    expect(typeof bridge.on).toBe('function');
  });

  it('knows exactly the contract’s channels and events', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual(Object.keys(channels).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(events).sort());
  });

  it('passes the contract’s channels to the one invoke channel', async () => {
    fake.invoked.length = 0;
    for (const channel of Object.keys(channels)) {
      expect(await bridge.invoke(channel, { a: 1 })).toEqual(fake.answer);
    }
    expect(fake.invoked).toEqual(Object.keys(channels).map((c) => ['fd:invoke', c, { a: 1 }]));
  });

  it.each([
    'no.such.channel',
    'electron-store-get-data',
    'fd:invoke',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '',
    42,
    null,
    undefined,
    { toString: () => 'setup.status' },
  ])('refuses %s in the preload, without IPC', async (channel) => {
    fake.invoked.length = 0;
    expect(await bridge.invoke(channel, {})).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: expect.any(String), details: [] },
    });
    expect(fake.invoked).toEqual([]);
  });

  it('never rejects: a failed IPC call is an error envelope', async () => {
    fake.reject = true;
    try {
      await expect(bridge.invoke('setup.status', {})).resolves.toMatchObject({
        ok: false,
        error: { code: 'IPC_FAILED' },
      });
    } finally {
      fake.reject = false;
    }
  });

  it('gives listeners the payload only, never the IPC event, and unsubscribes', () => {
    const received: unknown[][] = [];
    const off = bridge.on('day.changed', (...args: unknown[]) => received.push(args));
    const ipcEvent = { sender: fake.renderer, senderId: 0, ports: [] };
    fake.renderer.emit('fd:event:day.changed', ipcEvent, { dates: ['2026-04-01'] });
    expect(received).toEqual([[{ dates: ['2026-04-01'] }]]);
    expect(fake.renderer.listenerCount('fd:event:day.changed')).toBe(1);
    off();
    expect(fake.renderer.listenerCount('fd:event:day.changed')).toBe(0);
    fake.renderer.emit('fd:event:day.changed', ipcEvent, { dates: [] });
    expect(received).toHaveLength(1);
  });

  it('listens on each contract event’s own channel', () => {
    for (const event of Object.keys(events)) {
      const off = bridge.on(event, () => {});
      expect(fake.renderer.listenerCount(`fd:event:${event}`)).toBe(1);
      off();
    }
  });

  it.each(['no.such.event', 'fd:invoke', '__proto__', 'electron-store-get-data', 7])(
    'refuses to subscribe to %s',
    (event) => {
      const before = (fake.renderer as EventEmitter).eventNames().length;
      expect(() => bridge.on(event, () => {})).toThrow(TypeError);
      expect((fake.renderer as EventEmitter).eventNames().length).toBe(before);
    },
  );

  it('refuses a listener that is not a function', () => {
    expect(() => bridge.on('day.changed', 'alert(1)')).toThrow(TypeError);
    expect(fake.renderer.listenerCount('fd:event:day.changed')).toBe(0);
  });
});
