/**
 * A shop on one machine (issue 12): one sandbox process and N browser hosts (`main/host/cli.ts`),
 * each a separate process with its own data folder, set up without the keyboard on the same key
 * and store, its own road to the service (a `ServiceRelay`: counted, can go down) and a peer list
 * naming every other counter through a route of its own (a `LanRoute`: can be cut, per pair).
 * Driven over each host's bridge (HTTP + token), as the renderer does. Every wait is bounded,
 * every process is stopped by its id, the temporary folder is removed. No vitest here: the shop
 * bench uses it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Channel, IpcResult, Request, Response } from '../../main/ipc/contract';
import { DEMO } from '../../sandbox/scenario/demo';
import { LinkRelay } from '../local/support';
import { hostCommand } from './built';
import { LanProxy } from './lan-proxy';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';
import { ServiceRelay } from './service-relay';

const repo = path.resolve(import.meta.dirname, '../..');
const START_MS = 90_000;
const STOP_MS = 10_000;
const ADDRESS = /^Front Desk \(browser host[^)]*\): (http:\/\/127\.0\.0\.1:\d+)\/#token=([\w-]+)$/;
const SHOP_LINE = /^Front Desk shop listener: port (\d+)$/;

/**
 * One direction of the LAN between two counters; `port` is what the dialling counter is given.
 * A `LanProxy` (test/support/lan-proxy.ts: cut, heal, tamper, capture) is one as it stands.
 */
export interface LanRoute {
  readonly port: number;
  /** Partition: connections refused, open ones cut. */
  cut(): void | Promise<void>;
  /** Back on the same port. */
  heal(): void | Promise<void>;
  close(): Promise<void>;
}
/**
 * Makes the route towards a counter's shop listener; LAN proxies with faults slot in here, e.g.
 * `async (port) => { const p = new LanProxy(port); await p.start(); return p; }`.
 */
export type LanRouteFactory<L extends LanRoute = LanRoute> = (targetPort: number) => Promise<L>;

/** A plain TCP relay (no faults): a route that can be cut and healed. */
export const relayRoute: LanRouteFactory = async (targetPort) => {
  const relay = new LinkRelay(`tcp://127.0.0.1:${targetPort}`);
  const port = new URL(await relay.up()).port;
  return {
    port: Number(port),
    cut: () => relay.down(),
    heal: async () => void (await relay.up()),
    close: () => relay.down(),
  };
};

/** The LAN proxy (cut, heal, tamper, capture per route), e.g. for the replay and tamper tests. */
export const lanProxyRoute: LanRouteFactory<LanProxy> = async (targetPort) => {
  const proxy = new LanProxy(targetPort);
  await proxy.start();
  return proxy;
};

export interface ShopHarnessOptions<L extends LanRoute = LanRoute> {
  /** Counters prepared (ports, routes, folders); each is started with `start(i)`. */
  counters: number;
  /** The sandbox's demo key every counter is set up with (default org-facility). */
  keyRole?: string;
  plan?: 'standard' | 'facility';
  storeId?: string;
  sandboxArgs?: string[];
  /** The routes between counters (default `relayRoute`). */
  route?: LanRouteFactory<L>;
  /** Extra flags for every host (e.g. `--log`). */
  hostArgs?: string[];
  /** Show the hosts' stderr (default: kept, shown only when a start fails). */
  inheritStderr?: boolean;
}

export class HostCallError extends Error {
  constructor(
    readonly channel: string,
    readonly code: string,
    message: string,
  ) {
    super(`${channel}: ${code} ${message}`);
  }
}

/** One counter: a browser host process (while running) and what outlives it (folder, ports). */
export class Counter {
  child: ChildProcess | null = null;
  origin = '';
  token = '';
  /** The port the host printed for its shop listener, when it printed one. */
  printedShopPort: number | null = null;
  stderr = '';

  constructor(
    readonly index: number,
    readonly name: string,
    readonly dataDir: string,
    readonly shopPort: number,
    readonly service: ServiceRelay,
    readonly peers: () => string[],
  ) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Call a channel over the bridge; the raw result. */
  async result(channel: Channel, payload: unknown): Promise<IpcResult> {
    if (!this.running) throw new Error(`${this.name} is not running`);
    const answer = await fetch(`${this.origin}/ipc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-front-desk-token': this.token },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(60_000),
    });
    return (await answer.json()) as IpcResult;
  }

  /** Call a channel; its value, or a HostCallError with the desk's code. */
  async call<C extends Channel>(channel: C, payload: Request<C>): Promise<Response<C>> {
    const r = await this.result(channel, payload);
    if (!r.ok) throw new HostCallError(channel, r.error.code, r.error.message);
    return r.value as Response<C>;
  }
}

export interface ShopHarness<L extends LanRoute = LanRoute> {
  sandbox: SandboxProcess;
  counters: Counter[];
  storeId: string;
  /** Start counter i (again, after a stop or kill: same folder, ports and peers). */
  start(i: number): Promise<Counter>;
  /** SIGTERM, bounded; SIGKILL if it does not go. */
  stop(i: number): Promise<void>;
  /** kill -9: the counter dies without a word (takeover tests). */
  kill(i: number): Promise<void>;
  /**
   * SIGSTOP: the counter goes silent with its sockets open, as a PC losing power or its cable
   * looks to the others (no connection closes; only the heartbeats stop). `thaw` resumes it.
   */
  freeze(i: number): void;
  thaw(i: number): void;
  /** Counter i's route to counter j (to reach a proxy's own faults). */
  route(i: number, j: number): L;
  /** Cut or heal the LAN between counters i and j (both directions). */
  cut(i: number, j: number): Promise<void>;
  heal(i: number, j: number): Promise<void>;
  /** Cut counter i from every other counter; `healAll` joins every pair again. */
  isolate(i: number): Promise<void>;
  healAll(): Promise<void>;
  /** The service unreachable (or back) for every counter. */
  serviceDown(): Promise<void>;
  serviceUp(): Promise<void>;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startShopHarness<L extends LanRoute = LanRoute>(
  options: ShopHarnessOptions<L>,
): Promise<ShopHarness<L>> {
  const n = options.counters;
  const storeId = options.storeId ?? DEMO.stores.kyoto;
  const makeRoute = (options.route ?? relayRoute) as LanRouteFactory<L>;
  const root = mkdtempSync(path.join(tmpdir(), 'fd-shop-'));
  const sandbox = await startSandboxProcess(options.sandboxArgs ?? []);
  const keyFile = path.join(root, 'api-key');
  writeFileSync(keyFile, sandbox.key(options.keyRole ?? 'org-facility'), { mode: 0o600 });
  chmodSync(keyFile, 0o600);

  const counters: Counter[] = [];
  /** routes[i][j]: counter i's way to counter j. */
  const routes: (L | null)[][] = [];
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const c of children) c.kill('SIGKILL');
  };
  process.once('exit', killAll);

  try {
    const shopPorts = [];
    for (let i = 0; i < n; i++) shopPorts.push(await freePort());
    for (let i = 0; i < n; i++) {
      routes.push([]);
      for (let j = 0; j < n; j++) routes[i]!.push(i === j ? null : await makeRoute(shopPorts[j]!));
    }
    for (let i = 0; i < n; i++) {
      const service = new ServiceRelay(sandbox.baseUrl);
      await service.up();
      const peers = () =>
        routes[i]!.flatMap((l) => (l ? [`127.0.0.1:${l.port}`] : [])) satisfies string[];
      counters.push(
        new Counter(
          i,
          `受付${i + 1}`,
          path.join(root, `counter-${i + 1}`),
          shopPorts[i]!,
          service,
          peers,
        ),
      );
    }
  } catch (error) {
    await sandbox.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  const plan = options.plan ?? 'facility';

  async function start(i: number): Promise<Counter> {
    const c = counters[i]!;
    if (c.running) throw new Error(`${c.name} is already running`);
    const args = [
      ...hostCommand(),
      '--data-dir',
      c.dataDir,
      '--static-root',
      path.join(root, 'no-renderer'),
      '--service-url',
      c.service.url,
      '--api-key-file',
      keyFile,
      '--store',
      storeId,
      '--plan',
      plan,
      '--counter-name',
      c.name,
      '--shop-port',
      String(c.shopPort),
      ...c.peers().flatMap((p) => ['--peer', p]),
      ...(options.hostArgs ?? []),
    ];
    const child = spawn(process.execPath, args, {
      cwd: repo,
      env: { ...process.env, FRONT_DESK_SERVICE_URL: '' },
      stdio: ['ignore', 'pipe', options.inheritStderr ? 'inherit' : 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    c.child = child;
    c.stderr = '';
    c.printedShopPort = null;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (c.stderr = (c.stderr + chunk).slice(-8_000)));
    await new Promise<void>((resolve, reject) => {
      let text = '';
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`${c.name} did not start: ${why}\nstderr: ${c.stderr}`));
      };
      const timer = setTimeout(() => fail(`no address within ${START_MS} ms`), START_MS);
      child.once('exit', (code, signal) => fail(`exited (${code ?? signal})`));
      child.stdout!.setEncoding('utf8');
      // Read on after the address too: the shop listener's line follows it.
      child.stdout!.on('data', (chunk: string) => {
        text += chunk;
        const lines = text.split('\n');
        text = lines.pop()!;
        for (const line of lines) {
          const shop = SHOP_LINE.exec(line);
          if (shop) c.printedShopPort = Number(shop[1]);
          const address = ADDRESS.exec(line);
          if (address && !settled) {
            settled = true;
            c.origin = address[1]!;
            c.token = address[2]!;
            clearTimeout(timer);
            resolve();
          }
        }
      });
    });
    return c;
  }

  async function stop(i: number): Promise<void> {
    const child = counters[i]!.child;
    if (!child) return;
    // A frozen counter (freeze) must run to hear the SIGTERM.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    if (!(await waitExit(child, STOP_MS))) {
      child.kill('SIGKILL');
      await waitExit(child, STOP_MS);
    }
  }

  async function kill(i: number): Promise<void> {
    const child = counters[i]!.child;
    if (!child) return;
    child.kill('SIGKILL');
    await waitExit(child, STOP_MS);
  }

  const signal = (i: number, sig: NodeJS.Signals) => {
    const child = counters[i]!.child;
    if (child && child.exitCode === null) child.kill(sig);
  };

  const pair = async (i: number, j: number, act: (l: LanRoute) => void | Promise<void>) => {
    await act(routes[i]![j]!);
    await act(routes[j]![i]!);
  };
  const everyPair = async (act: (l: LanRoute) => void | Promise<void>) => {
    for (const row of routes) for (const l of row) if (l) await act(l);
  };

  return {
    sandbox,
    counters,
    storeId,
    start,
    stop,
    kill,
    freeze: (i) => signal(i, 'SIGSTOP'),
    thaw: (i) => signal(i, 'SIGCONT'),
    route(i, j) {
      const l = routes[i]?.[j];
      if (!l) throw new Error(`no route from ${i} to ${j}`);
      return l;
    },
    cut: (i, j) => pair(i, j, (l) => l.cut()),
    heal: (i, j) => pair(i, j, (l) => l.heal()),
    async isolate(i) {
      for (let j = 0; j < n; j++) if (j !== i) await pair(i, j, (l) => l.cut());
    },
    healAll: () => everyPair((l) => l.heal()),
    async serviceDown() {
      for (const c of counters) await c.service.down();
    },
    async serviceUp() {
      for (const c of counters) await c.service.up();
    },
    async close() {
      for (let i = 0; i < n; i++) await stop(i);
      await everyPair((l) => l.close());
      for (const c of counters) await c.service.close();
      await sandbox.stop();
      process.removeListener('exit', killAll);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
