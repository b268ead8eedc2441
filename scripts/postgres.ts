/**
 * A real PostgreSQL server for the head office's integration tests and bench (decision AB1): a
 * throwaway cluster in a temporary folder, on a free loopback port, with fsync on (the kill tests
 * need what was committed to survive a kill -9).
 *
 *   const pg = await startPostgres();   // initdb + postgres; pg.url is postgres://…/postgres
 *   const url = await pg.createDatabase('office_a');
 *   await pg.kill9();                   // the server and its backends, SIGKILL, as a crash
 *   await pg.restart();                 // the same folder and port: crash recovery from the WAL
 *   await pg.stop();                    // SIGINT (fast shutdown), waited for
 *   await pg.remove();                  // stop, and the folder deleted
 *
 * The binaries are found in /usr/lib/postgresql/<version>/bin (or FRONT_DESK_POSTGRES_BIN);
 * `tsx scripts/ensure-postgres.ts` installs Debian's `postgresql` where missing. initdb refuses
 * to run as root, so as root the folder belongs to the `postgres` system user and both programs
 * run as that user (spawned with its uid and gid: the pid is the server's own).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const POSTGRES_MISSING =
  'PostgreSQL server binaries not found: install Debian’s `postgresql` (apt-get install -y postgresql), ' +
  'run `tsx scripts/ensure-postgres.ts` as root, or set FRONT_DESK_POSTGRES_BIN to the folder of initdb and postgres';

/** The folder holding initdb and postgres, the newest version first; null when none. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.FRONT_DESK_POSTGRES_BIN;
  if (fromEnv) return existsSync(path.join(fromEnv, 'postgres')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface PgServer {
  /** The `postgres` database, as the superuser `postgres`. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** The server's pid while it runs. */
  readonly pid: number | null;
  /** A new, empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
  restart(): Promise<void>;
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The system user `postgres` when we are root (initdb refuses root), else nobody in particular. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      `running as root, and there is no \`postgres\` user to run PostgreSQL as: ${POSTGRES_MISSING}`,
    );
  }
}

export async function startPostgres(options: { port?: number } = {}): Promise<PgServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const user = runAs();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-pg-'));
  const data = path.join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const spawnOptions = {
    ...(user ?? {}),
    cwd: dir,
    env: { ...process.env, LC_ALL: 'C', HOME: dir },
  };
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    {
      ...spawnOptions,
      stdio: 'ignore',
    },
  );
  const port = options.port ?? (await freePort());
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  async function start(): Promise<void> {
    if (child) return;
    const proc = spawn(
      path.join(bin!, 'postgres'),
      [
        '-D',
        data,
        '-k',
        dir,
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-c',
        'fsync=on',
        '-c',
        'max_connections=100',
      ],
      // Its own process group: kill9 takes the backends with it, as a crash of the server would.
      { ...spawnOptions, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    let log = '';
    const ready = new Promise<void>((resolve, reject) => {
      proc.stderr!.on('data', (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-4000);
        if (log.includes('ready to accept connections')) resolve();
      });
      proc.once('exit', (code) =>
        reject(new Error(`postgres exited (${code}) before it was ready:\n${log}`)),
      );
    });
    const bound = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`postgres not ready in 60 s:\n${log}`)), 60_000).unref(),
    );
    await Promise.race([ready, bound]);
    await connectOnce(url);
  }

  async function signal(name: NodeJS.Signals, group: boolean): Promise<void> {
    const proc = child;
    if (!proc?.pid) return;
    try {
      process.kill(group ? -proc.pid : proc.pid, name);
    } catch {
      // gone already
    }
    await exited;
    child = null;
  }

  const server: PgServer = {
    url,
    port,
    dir,
    get pid() {
      return child?.pid ?? null;
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    start,
    stop: () => signal('SIGINT', false),
    kill9: () => signal('SIGKILL', true),
    async restart() {
      await server.stop();
      await start();
    },
    async remove() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.once('exit', () => {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  });
  return server;
}

/** After "ready" the socket takes connections; a few bounded tries cover the instant between. */
async function connectOnce(url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
