/**
 * The owner's page as the office serves it (office/http/web-page.ts): index.html at / and client
 * routes, hashed assets immutable, the page's own CSP over the API's, 404 for anything else and
 * for every way out of the root, 503 with what to do when the page is not built.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP, registerWebPage } from '../../../office/http/web-page';

let dir: string;
let root: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-web-page-'));
  root = path.join(dir, 'office-web');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'index-AbC123.css'), 'body{}');
  writeFileSync(path.join(root, 'secret.txt'), 'not for the web');
  writeFileSync(path.join(dir, 'outside.js'), 'outside');
  symlinkSync(path.join(dir, 'outside.js'), path.join(root, 'assets', 'link-out.js'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An app like the office's (office/http/app.ts): its API headers on every answer. */
function officeLike(webRoot: string, pageFirst = false): FastifyInstance {
  const app = Fastify();
  if (pageFirst) registerWebPage(app, { root: webRoot });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });
  if (!pageFirst) registerWebPage(app, { root: webRoot });
  app.get('/v1/ca', async () => ({ ok: true }));
  return app;
}

describe.each([false, true])('registered %s first', (pageFirst) => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = officeLike(root, pageFirst);
  });
  afterAll(() => app.close());

  it('serves index.html at / and at client routes, with the page CSP and no-cache', async () => {
    for (const url of ['/', '/app', '/app/today', '/app/records/abc%2Fdef', '/app/search?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>page</title>');
      expect(res.headers['content-security-policy']).toBe(PAGE_CSP);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with their type, immutable', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(js.body).toBe('console.log(1)');
    const css = await app.inject({ method: 'GET', url: '/assets/index-AbC123.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('leaves the API its own headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/ca' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for anything else, and never reads outside the root', async () => {
    const urls = [
      '/assets/missing.js',
      '/assets/',
      '/secret.txt',
      '/index.html',
      '/assets/../secret.txt',
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2foutside.js',
      '/assets/..%5Csecret.txt',
      '/assets/.hidden.js',
      '/assets/link-out.js',
      '/assets/index-AbC123.js%00.css',
      '/assets/sub/index-AbC123.js',
      '/assets/index-AbC123.txt',
      '/app/../secret.txt',
      '/other',
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not for the web');
      expect(res.body).not.toContain('outside');
    }
  });
});

it('says to build the page when there is none (503), and still 404s assets', async () => {
  const app = officeLike(path.join(dir, 'not-built'));
  const res = await app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.body).toContain('npm run build:office-web');
  expect((await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).statusCode).toBe(
    404,
  );
  await app.close();
});
