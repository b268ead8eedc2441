/**
 * The sandbox CLI (`npm run sandbox`): a child process that prints one JSON line with its address
 * and demo keys, serves the API (and the control surface when asked), ends on SIGTERM, prints
 * usage, and writes generated scenarios. Started as the Vitest run built it (test/support/built.ts),
 * but once as `npm run sandbox` starts it, from source through tsx (decision F65).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KeyInfo } from '../../sandbox/index';
import { WireReservationPage } from '../../sandbox/model';
import { DEMO } from '../../sandbox/scenario/demo';
import { SCENARIO_FORMAT } from '../../sandbox/scenario/format';
import { programCommand } from '../support/built';
import { startTestSandbox } from '../support/sandbox';

/** This checkout's root: the CLI under test is the one beside this file. */
const CWD = fileURLToPath(new URL('../..', import.meta.url));
/** How long the CLI (through tsx at most) may take to start or to end on a loaded machine: not a figure, a bound that names a hang. */
const STARTUP_MS = 15_000;
const TEST_MS = 30_000;

interface Child {
  process: ChildProcess;
  /** Resolves with the first stdout line (rejects if the process ends first or is too slow). */
  firstLine: Promise<string>;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];

/** Start a command in its own process group, so that the whole tree can be ended. */
function start(command: string, args: string[]): Child {
  const child = spawn(command, args, {
    cwd: CWD,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const firstLine = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(
      () => reject(new Error(`no output within ${STARTUP_MS} ms; stderr: ${err}`)),
      STARTUP_MS,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before printing; stderr: ${err}`));
    });
  });
  firstLine.catch(() => undefined);
  return { process: child, firstLine, stdout: () => out, stderr: () => err, exited };
}

/** The CLI as the run built it from the current sources (through tsx outside a Vitest run). */
const sandboxCli = (...args: string[]) =>
  start(process.execPath, [...programCommand('sandbox'), ...args]);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: over ${ms} ms`)), ms),
    ),
  ]);
}

/** Kill the whole process group of a child, whatever happened in the test. */
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  }
});

/** The first line the CLI prints: where it serves and the demo keys, as sandbox.ts describes them. */
interface Printed {
  baseUrl: string;
  controlUrl: string | null;
  keys: KeyInfo[];
}

async function printed(child: Child): Promise<Printed> {
  return JSON.parse(await child.firstLine) as Printed;
}

const ping = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/v1/public/ping`, { headers: { authorization: `Bearer ${token}` } });

async function isDown(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/v1/public/ping`, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

describe('npm run sandbox', () => {
  it(
    'prints one JSON line with baseUrl and the demo keys, then serves the API',
    async () => {
      const child = sandboxCli('--port', '0', '--window-ms', '1000', '--seed', '3');
      const info = await printed(child);
      expect(Object.keys(info).sort()).toEqual(['baseUrl', 'controlUrl', 'keys']);
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.controlUrl).toBeNull();

      const byRole = new Map(info.keys.map((k) => [k.role, k]));
      const roles = [
        'org-facility',
        'org-standard',
        'store-limited',
        'read-only',
        'no-customer-search',
        'revoked',
        'expired',
      ] as const;
      for (const role of roles) {
        const key = byRole.get(role);
        expect(key, role).toBeDefined();
        expect(key).toEqual({
          token: DEMO.keys[role],
          role,
          name: expect.any(String),
          organizationId: DEMO.organizations.main,
          teamId: role === 'store-limited' ? DEMO.stores.kyoto : null,
          scopes: expect.any(Array),
          plan: role === 'org-facility' ? 'facility' : 'standard',
          revoked: role === 'revoked',
          expired: role === 'expired',
        });
      }
      expect(byRole.get('read-only')!.scopes).toEqual(['products:read', 'reservations:read']);
      expect(byRole.get('no-customer-search')!.scopes).not.toContain('customers:read');
      expect(byRole.get('org-facility')!.scopes).toEqual(
        expect.arrayContaining([
          'products:read',
          'reservations:read',
          'reservations:write',
          'inbox:write',
          'customers:read',
        ]),
      );

      const r = await ping(info.baseUrl, byRole.get('org-facility')!.token);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({
        ok: true,
        organizationId: DEMO.organizations.main,
        teamId: null,
      });
      const revoked = await ping(info.baseUrl, byRole.get('revoked')!.token);
      expect(revoked.status).toBe(401);
      const listing = await fetch(
        `${info.baseUrl}/v1/public/stores/${DEMO.stores.kyoto}/reservations?limit=5`,
        { headers: { authorization: `Bearer ${byRole.get('org-facility')!.token}` } },
      );
      expect(WireReservationPage.parse(await listing.json()).data).toHaveLength(5);
    },
    TEST_MS,
  );

  it(
    '--spec-only: the single-reservation path is 404, records carry only the promised fields',
    async () => {
      const child = sandboxCli('--port', '0', '--spec-only');
      const info = await printed(child);
      const auth = {
        headers: {
          authorization: `Bearer ${info.keys.find((k) => k.role === 'org-facility')!.token}`,
        },
      };
      const store = `${info.baseUrl}/v1/public/stores/${DEMO.stores.kyoto}`;
      const page = (await (await fetch(`${store}/reservations?limit=1`, auth)).json()) as {
        data: Record<string, unknown>[];
      };
      expect(Object.keys(page.data[0]!).sort()).toEqual([
        'customer',
        'id',
        'items',
        'status',
        'updatedAt',
      ]);
      expect((await fetch(`${store}/reservations/${String(page.data[0]!.id)}`, auth)).status).toBe(
        404,
      );
    },
    TEST_MS,
  );

  it(
    'applies --window-ms: a standard key is limited per one-second window',
    async () => {
      const child = sandboxCli('--port', '0', '--window-ms', '1000', '--seed', '3');
      const info = await printed(child);
      const token = info.keys.find((k) => k.role === 'org-standard')!.token;
      const replies = await Promise.all(
        Array.from({ length: 61 }, () => ping(info.baseUrl, token)),
      );
      const limited = replies.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeLessThanOrEqual(1);
      // eslint-disable-next-line tests/no-sleep -- the CLI's sandbox is another process: its 1 s window passes in real time
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await ping(info.baseUrl, token)).status).toBe(200);
    },
    TEST_MS,
  );

  it(
    'ends on SIGTERM (sent to its process group, as a terminal or supervisor does)',
    async () => {
      const child = sandboxCli('--port', '0', '--window-ms', '1000', '--seed', '3');
      const info = await printed(child);
      const token = info.keys.find((k) => k.role === 'org-facility')!.token;
      expect((await ping(info.baseUrl, token)).status).toBe(200);
      process.kill(-child.process.pid!, 'SIGTERM');
      await withTimeout(child.exited, STARTUP_MS, 'exit after SIGTERM');
      expect(await isDown(info.baseUrl)).toBe(true);
    },
    TEST_MS,
  );

  it(
    'closes cleanly on SIGTERM to the sandbox process: exit code 0',
    async () => {
      // As `npm run sandbox` starts it: tsx, from source.
      const child = start('node_modules/.bin/tsx', ['sandbox/cli.ts', '--port', '0']);
      const info = await printed(child);
      child.process.kill('SIGTERM');
      const { code } = await withTimeout(child.exited, STARTUP_MS, 'exit after SIGTERM');
      expect(code).toBe(0);
      expect(await isDown(info.baseUrl)).toBe(true);
    },
    TEST_MS,
  );

  it(
    'serves the control surface with --control-port 0: GET /state',
    async () => {
      const child = sandboxCli('--port', '0', '--control-port', '0', '--seed', '3');
      const info = await printed(child);
      expect(info.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.controlUrl).not.toBe(info.baseUrl);
      const r = await fetch(`${info.controlUrl}/state`);
      expect(r.status).toBe(200);
      const state = (await r.json()) as Record<string, unknown>;
      expect(state).toMatchObject({
        now: expect.any(String),
        frozen: false,
        reservations: expect.any(Number),
        faults: { seed: 3 },
      });
      expect((state.keys as unknown[]).length).toBe(info.keys.length);
    },
    TEST_MS,
  );

  it(
    'guards the control surface with --control-token',
    async () => {
      const child = sandboxCli(
        '--port',
        '0',
        '--control-port',
        '0',
        '--control-token',
        'cli-token-1',
      );
      const info = await printed(child);
      expect((await fetch(`${info.controlUrl}/state`)).status).toBe(401);
      const ok = await fetch(`${info.controlUrl}/state`, {
        headers: { authorization: 'Bearer cli-token-1' },
      });
      expect(ok.status).toBe(200);
    },
    TEST_MS,
  );

  it(
    'prints usage with --help and exits 0 without serving',
    async () => {
      const child = sandboxCli('--help');
      const { code } = await withTimeout(child.exited, STARTUP_MS, '--help');
      expect(code).toBe(0);
      expect(child.stdout()).toMatch(/^Usage: npm run sandbox -- \[options\]/);
      for (const option of ['--port', '--control-port', '--scenario', '--seed', '--generate']) {
        expect(child.stdout()).toContain(option);
      }
    },
    TEST_MS,
  );

  it(
    'refuses an unknown option with exit code 1',
    async () => {
      const child = sandboxCli('--bogus');
      const { code } = await withTimeout(child.exited, STARTUP_MS, 'unknown option');
      expect(code).toBe(1);
      expect(child.stderr()).toContain("Unknown option '--bogus'");
      expect(child.stdout()).toBe('');
    },
    TEST_MS,
  );

  it(
    'refuses a bad option value with a message and exit code 1',
    async () => {
      const child = sandboxCli('--port', 'eighty');
      const { code } = await withTimeout(child.exited, STARTUP_MS, 'bad option');
      expect(code).toBe(1);
      expect(child.stderr()).toContain('--port expects a number, got "eighty"');
      expect(child.stdout()).toBe('');
    },
    TEST_MS,
  );
});

describe('npm run sandbox -- --generate N --out FILE', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-sandbox-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'writes a scenario with N reservations that loads',
    async () => {
      const out = join(dir, 'generated.json');
      const child = sandboxCli('--generate', '200', '--out', out);
      const { code } = await withTimeout(child.exited, STARTUP_MS, '--generate');
      expect(code, child.stderr()).toBe(0);
      expect(JSON.parse(child.stdout().split('\n')[0]!)).toEqual({ wrote: out, reservations: 200 });

      const scenario = JSON.parse(await readFile(out, 'utf8')) as {
        format: string;
        reservations: unknown[];
      };
      expect(scenario.format).toBe(SCENARIO_FORMAT);
      expect(scenario.reservations).toHaveLength(200);

      const s = await startTestSandbox({ scenario: out });
      try {
        expect(s.sandbox.world.state.reservations).toHaveLength(200);
        expect((await s.call('GET', '/v1/public/ping')).status).toBe(200);
        const r = await s.call('GET', s.storePath(DEMO.stores.kyoto, '/reservations?limit=100'));
        expect(r.status).toBe(200);
        expect(WireReservationPage.parse(r.body).data.length).toBeGreaterThan(0);
      } finally {
        await s.close();
      }
    },
    TEST_MS,
  );

  it(
    'needs --out',
    async () => {
      const child = sandboxCli('--generate', '10');
      const { code } = await withTimeout(child.exited, STARTUP_MS, '--generate without --out');
      expect(code).toBe(1);
      expect(child.stderr()).toContain('--generate needs --out FILE');
    },
    TEST_MS,
  );
});
