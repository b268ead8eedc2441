/**
 * The owner's web page (office/web, built by `npm run build:office-web` into dist/office-web),
 * served by the office: index.html at / and at every client route under /app/, its hashed files
 * under /assets/. The page's own CSP replaces the API's `default-src 'none'` on these answers only:
 * its scripts, styles and calls are the office's own, nothing inline, nothing framed.
 *
 * Only index.html and files directly in <root>/assets are ever read: an asset's name is one path
 * segment of safe characters, and its real path (links followed) must still be inside the root.
 * Without a built page, / says how to build it (503) rather than a bare 404.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Hashed names never change content: a year, and no revalidation. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

/** One segment: letters, digits, `-`, `_`, `.`, not starting with a dot (no `..`, no hidden file). */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export interface WebPageOptions {
  /** The built page's folder (dist/office-web). */
  root: string;
}

/** Where the build puts the page, from the project's root. */
export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/office-web');

const NOT_BUILT =
  "The owner's web page is not built. Run `npm run build:office-web` (or `npm run build`), then reload.\n";

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: { code: 'not_found', message: 'no such path' } });
}

async function isFileInside(file: string, root: string): Promise<boolean> {
  try {
    const [real, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return false;
    return (await stat(real)).isFile();
  } catch {
    return false;
  }
}

export function registerWebPage(app: FastifyInstance, options: WebPageOptions): void {
  const root = path.resolve(options.root);
  const assets = path.join(root, 'assets');
  const index = path.join(root, 'index.html');

  /**
   * Route-level onSend hooks run after the app's, so these headers stand over the API's defaults
   * (CSP `default-src 'none'`, `no-store`) whichever was registered first.
   */
  const pageHeaders =
    (cache: string) => async (_request: unknown, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode < 400) {
        reply.header('content-security-policy', PAGE_CSP);
        reply.header('cache-control', cache);
      }
      return payload;
    };

  const sendIndex = async (reply: FastifyReply) => {
    let html: Buffer;
    try {
      html = await readFile(index);
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };

  // The page itself is asked again each time (`no-cache`): a new build's names reach the browser.
  const page = { onSend: pageHeaders('no-cache') };
  app.get('/', page, (_request, reply) => sendIndex(reply));
  app.get('/app', page, (_request, reply) => sendIndex(reply));
  app.get('/app/*', page, (_request, reply) => sendIndex(reply));

  app.get<{ Params: { name: string } }>(
    '/assets/:name',
    { onSend: pageHeaders(IMMUTABLE) },
    async (request, reply) => {
      const { name } = request.params;
      const type = TYPES[path.extname(name).toLowerCase()];
      if (!ASSET_NAME.test(name) || !type) return notFound(reply);
      const file = path.join(assets, name);
      if (!(await isFileInside(file, assets))) return notFound(reply);
      return reply.type(type).send(await readFile(file));
    },
  );
}
