/**
 * Serving the built renderer (dist/renderer) from a URL path, for the shell's custom protocol and
 * the browser host. Only regular files inside the root are ever served: the path is decoded once,
 * `..`, backslashes, NUL and encoded separators cannot climb out, and symbolic links are resolved
 * before the containment check.
 */
import { realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * How long the browser may keep a file: the build names everything under `assets/` by its content
 * (a new build, new names), so those are kept for good and never asked again — a counter's browser
 * starts the page from its own cache and V8's code cache of it; the page itself (which names them)
 * is asked again every time (decision G26).
 */
export function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The file a URL path names under `root`, or null when it names nothing servable. `/` is the
 * index page. `urlPath` is the path part of a URL as received (still percent-encoded).
 */
export function resolveStatic(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return null;
  }
  const candidate = path.resolve(realRoot, relative);
  if (!inside(realRoot, candidate)) return null;
  try {
    const real = realpathSync(candidate);
    if (!inside(realRoot, real) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

export interface StaticFile {
  body: Buffer;
  type: string;
}

/** Read what `resolveStatic` finds; null when there is nothing to serve. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  const file = resolveStatic(root, urlPath);
  if (!file) return null;
  try {
    return { body: await readFile(file), type: contentType(file) };
  } catch {
    return null;
  }
}
