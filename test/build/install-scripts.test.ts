/**
 * The dependencies' install scripts, reviewed (issue 42, decision AB83): npm 12 skips every
 * install script `allowScripts` in package.json does not approve, so each package of the lock
 * with one is either approved, pinned to the locked version (Electron's runtime download), or
 * denied by name. npm trusts a pin only against the lock's resolved URL, so an approved package
 * keeps one, and .npmrc keeps npm from leaving it out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Locked {
  version?: string;
  resolved?: string;
  hasInstallScript?: boolean;
}
const pkg = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, Locked> };
const policy = pkg.allowScripts ?? {};

/** A lock path's package name: what follows its last node_modules/. */
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 13);

/** Every locked package that runs an install script, as name and version. */
const scripted = Object.entries(lock.packages)
  .filter(([where, p]) => where !== '' && p.hasInstallScript)
  .map(([where, p]) => ({
    where,
    name: nameOf(where),
    version: p.version ?? '',
    resolved: p.resolved,
  }));

/** A policy key as npm reads it: `name@version` (scoped names keep their first @) or a name. */
function keyOf(key: string): { name: string; version: string | null } {
  const at = key.indexOf('@', 1);
  return at < 0
    ? { name: key, version: null }
    : { name: key.slice(0, at), version: key.slice(at + 1) };
}
const entries = Object.entries(policy).map(([key, allowed]) => ({ key, allowed, ...keyOf(key) }));

describe("the dependencies' install scripts", () => {
  it('finds the packages that have one (the lock says so)', () => {
    expect(scripted.map((s) => s.name)).toContain('electron');
  });

  it('approves or denies every package of the lock that has one', () => {
    const unreviewed = scripted.filter(
      (s) =>
        !entries.some(
          (e) => e.name === s.name && (e.allowed ? e.version === s.version : e.version === null),
        ),
    );
    expect(unreviewed.map((s) => `${s.name}@${s.version}`)).toEqual([]);
  });

  it('pins every approval to the locked version, and denies by name alone', () => {
    for (const e of entries) {
      if (!e.allowed) {
        expect(e.version, `${e.key}: a deny is name-only`).toBeNull();
        continue;
      }
      const locked = scripted.filter((s) => s.name === e.name);
      expect(locked.length, `${e.key}: no such package with an install script`).toBeGreaterThan(0);
      for (const s of locked) expect(`${s.name}@${s.version}`).toBe(e.key);
    }
  });

  it('approves Electron alone: its runtime, which the desktop window needs', () => {
    expect(entries.filter((e) => e.allowed).map((e) => e.name)).toEqual(['electron']);
  });

  it('names no package that has no install script (a stale entry)', () => {
    const names = new Set(scripted.map((s) => s.name));
    expect(entries.filter((e) => !names.has(e.name)).map((e) => e.key)).toEqual([]);
  });

  it("keeps an approved package's resolved URL, the only version npm trusts for a pin", () => {
    for (const s of scripted.filter((x) => entries.some((e) => e.allowed && e.name === x.name))) {
      const tarball = `${s.name.split('/').at(-1)}-${s.version}.tgz`;
      expect(s.resolved, s.where).toBe(`https://registry.npmjs.org/${s.name}/-/${tarball}`);
    }
    // A machine set to leave resolved URLs out of locks (as this one is) would drop it.
    expect(read('.npmrc')).toMatch(/^omit-lockfile-registry-resolved=false$/m);
  });

  it("the README's install still skips Electron's download where asked", () => {
    expect(read('README.md')).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci');
    expect(read('node_modules/electron/install.js')).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });
});
