/**
 * Requests are strict: a key the contract does not name — at the top or inside a nested object —
 * is refused with the validation error the renderer already shows (INVALID_INPUT), and the handler
 * never runs; nothing is silently dropped.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { silentLogger } from '../../main/api/log';
import { channels, type Channel } from '../../main/ipc/contract';
import { Router, type Handlers } from '../../main/ipc/router';
import { VALID } from './payloads';

const NAMES = Object.keys(channels) as Channel[];

/** A router whose every handler answers "handled" and counts the call (answers fail the check). */
function recordingRouter() {
  const calls: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_, channel: string) => () => {
      calls.push(channel);
      return {};
    },
  });
  return { router: new Router(handlers, silentLogger), calls };
}

/** Every object schema inside `schema` (through arrays, unions, optionals, defaults, records). */
function objectsIn(schema: z.ZodType, path = '', out: [string, z.ZodType][] = []) {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'object':
      out.push([path || '(root)', schema]);
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>))
        objectsIn(field, `${path}.${key}`, out);
      break;
    case 'array':
      objectsIn(def.element, `${path}[]`, out);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) objectsIn(option, path, out);
      break;
    case 'record':
      objectsIn(def.valueType, `${path}{}`, out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      objectsIn(def.innerType, path, out);
      break;
    case 'pipe':
      objectsIn(def.in, path, out);
      break;
  }
  return out;
}

describe('strict IPC requests', () => {
  it('has a valid example of every channel', () => {
    expect(Object.keys(VALID).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)(
    '%s: its example passes, the same with an unknown key is refused',
    async (name) => {
      const { router, calls } = recordingRouter();
      expect(channels[name].request.safeParse(VALID[name]).success).toBe(true);
      const result = await router.handle(name, { ...VALID[name], unexpected: 'x' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          details: [expect.objectContaining({ field: expect.stringContaining('unexpected') })],
        },
      });
      expect(calls).toEqual([]);
    },
  );

  it.each(NAMES)('%s: every object in its request refuses unknown keys', (name) => {
    const objects = objectsIn(channels[name].request);
    expect(objects.length).toBeGreaterThan(0);
    for (const [where, schema] of objects) {
      const def = (schema as unknown as { _zod: { def: { catchall?: z.ZodType } } })._zod.def;
      const catchall = def.catchall as unknown as { _zod: { def: { type: string } } } | undefined;
      expect(catchall?._zod.def.type, `${name} ${where}`).toBe('never');
    }
  });

  it('refuses an unknown key inside the walk-in’s customer and participants', async () => {
    const { router, calls } = recordingRouter();
    for (const name of ['walkin.quote', 'walkin.book'] as const) {
      const valid = structuredClone(VALID[name]) as Record<string, any>;
      const customer = { ...valid, customer: { ...valid.customer, nickname: 'x' } };
      const participant = {
        ...valid,
        participants: [{ participantNumber: 1, fieldValues: {}, note: 'x' }],
      };
      for (const payload of [customer, participant]) {
        const result = await router.handle(name, payload);
        expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      }
    }
    expect(calls).toEqual([]);
  });
});
