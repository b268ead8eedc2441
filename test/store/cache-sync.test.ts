import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine, type OpenedStore } from '../../main/store/index';
import { silentLogger } from '../../main/api/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { allFiles, openTestStore, removeDir, tempDir, testClient } from './support';

const KYOTO = DEMO.stores.kyoto;

describe('cache and sync against the sandbox', () => {
  let sb: TestSandbox;
  let dir: string;
  let store: OpenedStore;

  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 100_000 } } });
    dir = tempDir();
    store = openTestStore(dir);
  });
  afterAll(async () => {
    await sb.close();
    removeDir(dir);
  });

  it('a first full sync caches every reservation of the store, by date, sealed', async () => {
    const client = testClient(sb.baseUrl, sb.key('org-facility'));
    const sync = new SyncEngine({ client, cache: store.cache, logger: silentLogger });
    const result = await sync.syncStore(KYOTO, 'Asia/Tokyo');
    expect(result.phase).toBe('full');
    const expected = sb.sandbox.world.state.reservations.filter((r) => r.storeId === KYOTO);
    expect(result.records).toBe(expected.length);
    const cached = store.cache
      .cachedDates(KYOTO)
      .flatMap((d) => store.cache.reservationsOn(KYOTO, d).reservations);
    const cutoff = store.cache.retentionCutoff('Asia/Tokyo');
    const kept = expected.filter((r) => r.items.some((i) => i.date >= cutoff));
    expect(new Set(cached.map((r) => r.id))).toEqual(new Set(kept.map((r) => r.id)));
    // No name, e-mail or phone in clear anywhere.
    const text = allFiles(dir)
      .map((f) => f.text)
      .join('\n');
    // (Short Latin names could occur in base64 by chance; kanji and e-mail addresses cannot.)
    let checked = 0;
    for (const r of kept) {
      const name = `${r.customer.lastName}`;
      if (/[^ -~]/.test(name) || name.length >= 6) {
        expect(text).not.toContain(name);
        checked++;
      }
      if (r.customer.email) expect(text).not.toContain(r.customer.email);
      if (r.customer.phone) expect(text).not.toContain(r.customer.phone);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('an incremental poll with nothing changed makes 1 request and writes nothing', async () => {
    const client = testClient(sb.baseUrl, sb.key('org-facility'));
    const sync = new SyncEngine({ client, cache: store.cache, logger: silentLogger });
    const writes = store.files.stats.writes;
    const result = await sync.syncStore(KYOTO, 'Asia/Tokyo');
    expect(result).toMatchObject({
      phase: 'incremental',
      requests: 1,
      changed: 0,
      filesWritten: 0,
    });
    expect(store.files.stats.writes - writes).toBe(0);
  });
});
