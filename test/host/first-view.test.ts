/**
 * The page's first load (decisions G12, G14): its script and stylesheet are named for preloading
 * as the page is answered; the browser host says when the page's first script has gone out
 * (once), the composition then builds today's view and has the router check it, and the page's
 * first `day.get` is answered with that very check — nothing is checked twice, and a value the
 * contract refuses is never kept.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../main/api/log';
import { compose, type Composed } from '../../main/host/compose';
import { MemorySecretStore } from '../../main/host/secrets';
import { preloadLinks, startBrowserHost, type RunningBrowserHost } from '../../main/host/server';
import { fixedKeyProvider } from '../../main/local/files/crypto';

let root: string;
let composed: Composed;
let host: RunningBrowserHost;
const pageServed = vi.fn();

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'fd-first-view-'));
  const staticRoot = path.join(root, 'renderer');
  mkdirSync(path.join(staticRoot, 'assets'), { recursive: true });
  writeFileSync(
    path.join(staticRoot, 'index.html'),
    '<!doctype html><title>Front Desk</title>' +
      '<script type="module" crossorigin src="./assets/app.js"></script>' +
      '<link rel="stylesheet" crossorigin href="./assets/app.css"><link rel="icon" href="./i.png">',
  );
  writeFileSync(path.join(staticRoot, 'assets', 'app.css'), 'body{}');
  writeFileSync(path.join(staticRoot, 'assets', 'app.js'), 'console.log(1)');
  // Training: a session on the demo store, as a counter set up on a live one has.
  composed = await compose({
    dataDir: path.join(root, 'data'),
    secrets: new MemorySecretStore(),
    keyProvider: fixedKeyProvider(randomBytes(32)),
    logger: silentLogger,
  });
  host = await startBrowserHost({
    router: composed.router,
    events: composed.events,
    staticRoot,
    logger: silentLogger,
    onPageServed: pageServed,
  });
}, 30_000);

afterAll(async () => {
  await host?.close();
  await composed?.close();
  rmSync(root, { recursive: true, force: true });
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the page', () => {
  it('names its script and stylesheet for preloading as it is answered (decision G14)', async () => {
    const page = await fetch(`${host.origin}/`);
    expect(page.headers.get('link')).toBe(
      '<./assets/app.js>; rel=preload; as=script; crossorigin, ' +
        '<./assets/app.css>; rel=preload; as=style; crossorigin',
    );
    expect((await fetch(`${host.origin}/assets/app.css`)).headers.get('link')).toBeNull();
    expect(preloadLinks('<!doctype html><script>1</script><link rel="icon" href="i.png">')).toBe(
      null,
    );
  });
});

describe('the first view, prepared while the page loads', () => {
  it('is started once, after the page’s first script has gone out', async () => {
    for (const file of ['/', '/assets/app.css']) {
      expect((await fetch(`${host.origin}${file}`)).status).toBe(200);
      await settle();
    }
    expect(pageServed).not.toHaveBeenCalled();
    expect((await fetch(`${host.origin}/assets/app.js`)).status).toBe(200);
    await settle();
    expect(pageServed).toHaveBeenCalledTimes(1);
    await fetch(`${host.origin}/assets/app.js`);
    await fetch(`${host.origin}/`);
    await settle();
    expect(pageServed).toHaveBeenCalledTimes(1);
  });

  it('builds today’s view and checks it; the next day.get answers with that check', async () => {
    // Training fills its day as it starts: wait until the view stands still, as a resumed
    // counter's does from its cache.
    let last: unknown;
    for (let i = 0; i < 100; i++) {
      const day = await composed.router.handle('day.get', { date: null });
      if (day.ok && day.value === last) break;
      last = day.ok ? day.value : undefined;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const prepare = vi.spyOn(composed.router, 'prepare');
    composed.prepareFirstView();
    expect(prepare).toHaveBeenCalledTimes(1);
    const [channel, view] = prepare.mock.calls[0]!;
    expect(channel).toBe('day.get');
    expect(Object.isFrozen(view)).toBe(true);
    const checked = prepare.mock.results[0]!.value as unknown;
    expect(checked).toBeDefined();

    const answer = await composed.router.handle('day.get', { date: null });
    expect(answer.ok).toBe(true);
    // The very object the prepared check gave: the view was not checked again.
    expect(answer.ok && answer.value).toBe(checked);
    prepare.mockRestore();
  });

  it('keeps nothing the contract refuses, nor anything not frozen', () => {
    const { router } = composed;
    expect(router.prepare('day.get', Object.freeze({ date: 'not a date' }))).toBeUndefined();
    expect(router.prepare('setup.status', { mode: 'training' })).toBeUndefined();
  });
});
