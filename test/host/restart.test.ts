/**
 * The browser host's data across restarts (issue 11): composed twice on the same data folder
 * with its key file, set-up, cache and check-ins are kept (no rebuild, no damage); with another
 * cache key (a reset keyring), the cache is rebuilt and reported while set-up and check-ins stay.
 * Every file it wrote is 0600, every folder 0700.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/api/log';
import { compose, type Composed } from '../../main/host/compose';
import { FileKeyProvider, FileSecretStore } from '../../main/host/secrets';
import type { Channel, Request, Response, Status } from '../../main/ipc/contract';
import { fixedKeyProvider, type KeyProvider } from '../../main/local/index';
import { KYOTO, NOW, TODAY } from '../desk/support';
import { removeDir, tempDir } from '../local/support';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { waitFor } from '../support/wait';

const logger = createLogger(() => {}, 'debug');
let sb: TestSandbox;
let dataDir: string;
const running: Composed[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({
    now: NOW,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000, light: 100_000 } },
  });
  dataDir = tempDir();
});
afterAll(async () => {
  for (const c of running) await c.close();
  await sb.close();
  removeDir(dataDir);
});

/** The host's composition as `cli.ts --data-dir DIR --keep-api-key` makes it. */
async function host(cacheKey?: KeyProvider): Promise<Composed> {
  const keyFile = new FileKeyProvider(path.join(dataDir, 'secure', 'cache-key'), logger);
  const c = await compose(
    {
      dataDir,
      secrets: new FileSecretStore(path.join(dataDir, 'secure', 'api-key'), keyFile, logger),
      keyProvider: cacheKey ?? keyFile,
      logger,
      defaultServiceUrl: sb.baseUrl,
      now: () => sb.sandbox.clock.now(),
      startTraining: () => Promise.reject(new Error('no training here')),
    },
    { trainingWhenNotSetUp: false },
  );
  running.push(c);
  return c;
}

async function call<C extends Channel>(c: Composed, channel: C, payload: Request<C>) {
  const result = await c.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as Response<C>;
}

const synced = (c: Composed) =>
  waitFor(async () => {
    const s: Status = await call(c, 'status.get', {});
    return s.syncedAt !== null && s.sync?.done !== false && s;
  }, 'a completed sync');

async function stop(c: Composed) {
  await c.close();
  running.splice(running.indexOf(c), 1);
}

function modes(root: string): string[] {
  const wrong: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const mode = statSync(full).mode & 0o777;
      if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) wrong.push(`${full} ${mode.toString(8)}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(root);
  return wrong;
}

describe('the browser host restarted on the same --data-dir', () => {
  let checkedIn: string;

  it('keeps set-up, cache and check-ins: no rebuild, nothing reported', async () => {
    const first = await host();
    await call(first, 'setup.saveKey', {
      apiKey: sb.key('org-facility'),
      serviceUrl: null,
      storeId: KYOTO,
      plan: 'facility',
    });
    await synced(first);
    await call(first, 'day.get', { date: TODAY });
    const before = (await call(first, 'day.parties', { date: TODAY, slot: null })).reservations;
    const r = before[0]!;
    checkedIn = r.id;
    await call(first, 'checkin.record', {
      reservationId: r.id,
      date: TODAY,
      state: 'arrived',
      adults: r.adults,
      children: r.children,
    });
    await stop(first);

    const second = await host();
    expect(await call(second, 'setup.status', {})).toMatchObject({
      mode: 'live',
      store: { id: KYOTO },
    });
    const status = await call(second, 'status.get', {});
    expect(status.damage).toEqual([]);
    // The cache is as it was: synced before, no full sync needed to show the day.
    expect(status.syncedAt).not.toBeNull();
    const again = await call(second, 'day.get', { date: TODAY });
    expect(again.incomplete).toBe(false);
    const same = (await call(second, 'day.parties', { date: TODAY, slot: null })).reservations;
    expect(same.find((x) => x.id === checkedIn)?.checkIn).not.toBeNull();
    expect(same.length).toBe(before.length);
    await stop(second);
    expect(modes(dataDir)).toEqual([]);
  });

  it('with another cache key: the cache is rebuilt and reported; set-up and check-ins stay', async () => {
    const third = await host(fixedKeyProvider(randomBytes(32)));
    expect(await call(third, 'setup.status', {})).toMatchObject({ mode: 'live' });
    const status = await call(third, 'status.get', {});
    expect(status.damage).toMatchObject([{ kind: 'key_changed', count: 1 }]);
    await synced(third);
    await call(third, 'day.get', { date: TODAY });
    const all = (await call(third, 'day.parties', { date: TODAY, slot: null })).reservations;
    expect(all.length).toBeGreaterThan(0);
    expect(all.find((x) => x.id === checkedIn)?.checkIn).toMatchObject({ state: 'arrived' });

    // Staff acknowledge the notice: it leaves the banner and stays gone after a restart.
    const { damage } = await call(third, 'status.acknowledgeDamage', {
      id: status.damage[0]!.id,
    });
    expect(damage).toEqual([]);
    expect((await call(third, 'status.get', {})).damage).toEqual([]);
  });
});
