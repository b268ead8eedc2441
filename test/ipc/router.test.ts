/**
 * The router on its own: channel and input checked against the contract, output checked, every
 * failure turned into { code, message, details } without a stack or a secret, and it never throws.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseError,
} from '../../main/api/errors';
import { createLogger, type LogRecord } from '../../main/api/log';
import { featuresFor } from '../../main/desk/features';
import type { channels } from '../../main/ipc/contract';
import { IpcResult, type Status } from '../../main/ipc/contract';
import { DeskError } from '../../main/ipc/errors';
import { Router, type Handlers } from '../../main/ipc/router';

const SECRET = 'fd_live_SuperSecretKey_0123456789';

const STATUS: Status = {
  link: 'online',
  linkSince: 1,
  syncedAt: null,
  sync: null,
  outbox: { waiting: 0, needsAttention: 0 },
  rate: { limit: 60, effectiveLimit: 60, queued: 0, recent429s: 0 },
  training: false,
  clockOffsetMs: 0,
  clock: null,
  shop: { sharing: false, reason: 'not_set_up' },
  damage: [],
  refundsOwed: 0,
  moneyDay: null,
  office: null,
};

function router(handlers: Partial<Record<keyof typeof channels, (r: any) => unknown>>) {
  const logs: LogRecord[] = [];
  const r = new Router(
    handlers as unknown as Handlers,
    createLogger((l) => logs.push(l), 'debug'),
  );
  return { r, logs };
}

/** The result as the renderer gets it: it must survive a structured clone and JSON. */
function delivered(result: IpcResult): string {
  expect(IpcResult.safeParse(structuredClone(result)).success).toBe(true);
  return JSON.stringify(result);
}

describe('the router', () => {
  it('calls the handler with the parsed input (defaults applied) and checks the output', async () => {
    const checkKey = vi.fn(() => ({
      key: { organizationId: 'o', name: 'n', scopes: [], storeLimit: null },
      stores: [],
      features: featuresFor([], false),
    }));
    const { r } = router({ 'setup.checkKey': checkKey, 'status.get': () => STATUS });
    const result = await r.handle('setup.checkKey', { apiKey: '  k  ' });
    expect(result.ok).toBe(true);
    expect(checkKey).toHaveBeenCalledWith({ apiKey: 'k', serviceUrl: null });
    // A key the contract does not name is refused, not dropped (test/ipc/strict.test.ts).
    const extra = await r.handle('setup.checkKey', { apiKey: 'k', extra: 'refused' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(checkKey).toHaveBeenCalledTimes(1);
    expect(await r.handle('status.get', undefined)).toEqual({ ok: true, value: STATUS });
    expect(await r.handle('status.get', null)).toEqual({ ok: true, value: STATUS });
  });

  it('refuses an unknown channel, whatever it is called', async () => {
    const { r } = router({});
    for (const name of [
      'nope',
      '',
      'setup.status ',
      'SETUP.STATUS',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      42,
      null,
      undefined,
      {},
      ['setup.status'],
      'x'.repeat(100_000),
    ]) {
      expect(await r.handle(name, {})).toEqual({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: 'no such channel', details: [] },
      });
    }
  });

  it('refuses invalid input with the fields and codes, never calling the handler', async () => {
    const book = vi.fn();
    const { r } = router({ 'walkin.book': book, 'day.get': book });
    const result = await r.handle('walkin.book', {
      productId: '',
      date: '2026-02-30',
      startTime: '25:00',
      adults: -1,
      children: 1.5,
      participants: 'none',
      customer: { lastName: '   ' },
      sendConfirmationEmail: 'yes',
      locale: 'fr',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    const fields = result.error.details.map((d: any) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'productId',
        'date',
        'startTime',
        'adults',
        'children',
        'participants',
        'customer.lastName',
        'sendConfirmationEmail',
        'locale',
      ]),
    );
    for (const d of result.error.details)
      expect(d).toEqual({
        field: expect.any(String),
        code: expect.any(String),
        reason: expect.any(String),
      });
    expect((await r.handle('day.get', [])).ok).toBe(false);
    expect((await r.handle('day.get', 'today')).ok).toBe(false);
    expect(book).not.toHaveBeenCalled();
  });

  it('does not send a huge input back, nor a flood of details', async () => {
    const { r } = router({});
    const huge = 'x'.repeat(1_000_000);
    const result = await r.handle('walkin.book', {
      productId: huge,
      participants: Array.from({ length: 999 }, (_, i) => ({
        participantNumber: i + 1,
        fieldValues: { [huge]: { nested: true } },
      })),
    });
    const text = delivered(result);
    expect(text.length).toBeLessThan(20_000);
    if (!result.ok) expect(result.error.details.length).toBeLessThanOrEqual(20);
  });

  it('an input it cannot even read is invalid input, not a crash', async () => {
    const { r } = router({});
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error(SECRET);
        },
        ownKeys() {
          throw new Error(SECRET);
        },
        getPrototypeOf() {
          throw new Error(SECRET);
        },
      },
    );
    const result = await r.handle('search.find', hostile);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(delivered(result)).not.toContain(SECRET);
  });

  it('a handler’s output that breaks the contract is an internal error, logged, not sent', async () => {
    const { r, logs } = router({
      'status.get': () => ({ ...STATUS, link: 'sideways', key: SECRET }),
    });
    const result = await r.handle('status.get', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'something went wrong in the app', details: [] },
    });
    expect(logs.find((l) => l.event === 'ipc.bad_output')).toMatchObject({
      level: 'error',
      channel: 'status.get',
    });
    // Extra fields of a valid output are not passed on either.
    const { r: r2 } = router({ 'status.get': () => ({ ...STATUS, apiKey: SECRET }) });
    const ok = await r2.handle('status.get', {});
    expect(delivered(ok)).not.toContain(SECRET);
  });

  it('maps every kind of failure to a code, a message and details', async () => {
    const cases: [unknown, { code: string; details?: unknown[] }][] = [
      [
        new DeskError('OFFLINE', 'the link is down', [{ a: 1 }]),
        { code: 'OFFLINE', details: [{ a: 1 }] },
      ],
      [
        new AuthenticationError(401, 'API_KEY_REVOKED', 'this API key has been revoked'),
        { code: 'API_KEY_REVOKED' },
      ],
      [
        new HttpError(409, 'SLOT_NOT_AVAILABLE', 'full', [
          { field: 'items.0', code: 'x', reason: 'y' },
        ]),
        { code: 'SLOT_NOT_AVAILABLE', details: [{ field: 'items.0', code: 'x', reason: 'y' }] },
      ],
      [new NetworkError('refused', 'connection refused', false), { code: 'NETWORK_REFUSED' }],
      [new NetworkError('timeout', 'no answer in time', true), { code: 'NETWORK_TIMEOUT' }],
      [new ResponseError('not_json', 502, 'not JSON', '<html>'), { code: 'BAD_ANSWER' }],
      [
        new RequestValidationError('bad', [
          { field: 'customerEmail', code: 'invalid_format', reason: 'r' },
        ]),
        { code: 'VALIDATION_ERROR' },
      ],
    ];
    for (const [error, expected] of cases) {
      const { r } = router({
        'status.get': () => {
          throw error;
        },
      });
      const result = await r.handle('status.get', {});
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error).toMatchObject({ code: expected.code, message: expect.any(String) });
      if (expected.details) expect(result.error.details).toEqual(expected.details);
      expect(Object.keys(result.error).sort()).toEqual(['code', 'details', 'message']);
      const text = delivered(result);
      expect(text).not.toMatch(/\bat .+:\d+:\d+/);
      expect(text).not.toContain('stack');
    }
  });

  it('anything else thrown is INTERNAL: no stack, no message, no secret; the router never throws', async () => {
    const withSecret = new Error(`failed with Bearer ${SECRET}`);
    const getterBomb = {
      get message() {
        throw new Error('boom');
      },
      get name() {
        throw new Error('boom');
      },
    };
    const thrown: unknown[] = [
      withSecret,
      new TypeError(SECRET),
      SECRET,
      null,
      undefined,
      42,
      { code: 'FAKE', message: SECRET },
      getterBomb,
      Object.create(null),
      new Proxy(
        {},
        {
          get: () => {
            throw new Error(SECRET);
          },
        },
      ),
    ];
    for (const value of thrown) {
      for (const sync of [true, false]) {
        const throwingLogger = {
          debug() {},
          info() {},
          warn() {},
          error() {
            throw new Error('the log is full');
          },
        };
        const r = new Router(
          {
            'status.get': sync
              ? () => {
                  throw value;
                }
              : async () => Promise.reject(value),
          } as unknown as Handlers,
          throwingLogger,
        );
        const result = await r.handle('status.get', {});
        expect(result).toEqual({
          ok: false,
          error: { code: 'INTERNAL', message: 'something went wrong in the app', details: [] },
        });
        expect(delivered(result)).not.toContain(SECRET);
      }
    }
  });

  it('logs a refusal with its code and an internal error redacted', async () => {
    const { r, logs } = router({
      'status.get': () => {
        throw new DeskError('OFFLINE', 'down');
      },
      'setup.status': () => {
        throw new Error(`oops Bearer ${SECRET}`);
      },
    });
    await r.handle('status.get', {});
    await r.handle('setup.status', {});
    expect(logs.find((l) => l.event === 'ipc.refused')).toMatchObject({ code: 'OFFLINE' });
    expect(logs.find((l) => l.event === 'ipc.failed')).toMatchObject({ channel: 'setup.status' });
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });
});
