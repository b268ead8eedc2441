/**
 * The browser host as `npm run host` runs it (main/host/cli.ts: the same compose() and
 * startBrowserHost() over the built renderer, a memory secret store, a random cache key), started
 * in the test's own process so that the test holds the training sandbox's control surface: fault
 * injection, its state, its clock. Every host is new: a fresh data folder and a fresh training
 * sandbox, so tests do not depend on each other.
 *
 * Time: the business clock starts at a fixed instant (a Tuesday morning in Kyoto, when every
 * product runs) and then runs with real time. The desk, the training sandbox and (through
 * `page.clock`) the page all use it, so "today", the next slot and the age of the data agree.
 *
 * The demo business is compiled once per worker for each starting instant and each sandbox loads
 * that world as a snapshot: a compile took ~0.6 s of every host's start, a snapshot's load ~0.06 s
 * (decision F40). The world is the one the demo compiles to at the business clock's start.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, type LogRecord } from '../../../main/api/log';
import type { TrainingStarter } from '../../../main/desk/ports';
import { TRAINING_KEY_ROLE } from '../../../main/desk/training/sandbox';
import { compose, type Composed } from '../../../main/host/compose';
import type { ShopOverrides } from '../../../main/host/shop-flags';
import { MemorySecretStore } from '../../../main/host/secrets';
import { startBrowserHost, type RunningBrowserHost } from '../../../main/host/server';
import { fixedKeyProvider } from '../../../main/local/files/crypto';
import { Clock } from '../../../sandbox/clock';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../../sandbox/index';
import { compileScenario } from '../../../sandbox/scenario/compile';
import { demoScenario } from '../../../sandbox/scenario/demo';
import { SNAPSHOT_FORMAT, Scenario } from '../../../sandbox/scenario/format';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../../..');
export const STATIC_ROOT = path.join(ROOT, 'dist/renderer');

/** Tuesday 2026-11-24, 09:30 in Kyoto: every product runs (the shop closes on Wednesdays). */
export const NOW = '2026-11-24T00:30:00.000Z';
export const TODAY = '2026-11-24';

export interface HostOptions {
  /** Start in training mode (default), or on the set-up screen with nothing set up. */
  training?: boolean;
  /** Where the business clock starts. */
  now?: string;
  /** The training sandbox's scenario (the demo business by default). */
  scenario?: StartOptions['scenario'];
  /** Also start a "real" service: a sandbox with the demo's published keys, for set-up. */
  service?: boolean;
  /** Sandbox limits: the demo plans' by default. */
  rateLimit?: StartOptions['rateLimit'];
  /** The shop's flags (`--shop-port` …): a test that runs two hosts gives each port 0. */
  shop?: ShopOverrides;
}

export interface TestHost {
  /** The guest display's page, with its own token. */
  displayUrl: string;
  /** The address to open, with the token in the fragment. */
  url: string;
  origin: string;
  token: string;
  /** The business clock's now. */
  now(): number;
  /** The training sandbox now running (throws when training is not running). */
  training(): RunningSandbox;
  /** The stand-in for the real service, when asked for. */
  service: RunningSandbox | null;
  composed: Composed;
  /** Warnings and errors the host logged. */
  logs: LogRecord[];
  close(): Promise<void>;
}

/** The demo compiled at an instant, as snapshot JSON, by that instant (one per worker each). */
const demoWorlds = new Map<number, string>();

/** The demo business as it compiles at `start`: a fresh snapshot object for each sandbox. */
function demoAt(start: number): StartOptions['scenario'] {
  let json = demoWorlds.get(start);
  if (json === undefined) {
    const world = compileScenario(Scenario.parse(demoScenario()), new Clock(start));
    json = JSON.stringify({
      format: SNAPSHOT_FORMAT,
      now: new Date(start).toISOString(),
      state: world.state,
    });
    demoWorlds.set(start, json);
  }
  // The sandbox reads a snapshot object as it reads a scenario (sandbox-files.ts readSource).
  return JSON.parse(json) as StartOptions['scenario'];
}

export async function startHost(options: HostOptions = {}): Promise<TestHost> {
  if (!existsSync(path.join(STATIC_ROOT, 'index.html')))
    throw new Error('the renderer is not built: run `npm run build:renderer` first');
  const start = Date.parse(options.now ?? NOW);
  const shift = start - Date.now();
  const scenario = () => options.scenario ?? demoAt(start);
  const now = () => Date.now() + shift;
  const logs: LogRecord[] = [];
  const logger = createLogger((r) => logs.push(r), 'warn');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-e2e-'));

  let training: RunningSandbox | null = null;
  // What sandboxTraining() does, keeping the sandbox so the test can reach its control surface.
  const startTraining: TrainingStarter = async () => {
    const running = await startSandbox({
      scenario: scenario(),
      now: now(),
      rateLimit: options.rateLimit,
      freshKeys: true,
      port: 0,
    });
    training = running;
    return {
      baseUrl: running.baseUrl,
      apiKey: running.sandbox.keyFor(TRAINING_KEY_ROLE),
      close: async () => {
        if (training === running) training = null;
        await running.close();
      },
    };
  };

  const service = options.service
    ? await startSandbox({
        scenario: scenario(),
        now: now(),
        rateLimit: options.rateLimit,
        port: 0,
      })
    : null;
  const composed = await compose(
    {
      dataDir,
      secrets: new MemorySecretStore(),
      keyProvider: fixedKeyProvider(randomBytes(32)),
      logger,
      defaultServiceUrl: null,
      startTraining,
      now,
    },
    { trainingWhenNotSetUp: options.training ?? true, shop: options.shop },
  );
  let host: RunningBrowserHost;
  try {
    host = await startBrowserHost({
      router: composed.router,
      events: composed.events,
      staticRoot: STATIC_ROOT,
      logger,
    });
    composed.desk.setDisplayUrl(host.displayUrl);
  } catch (error) {
    await composed.close();
    throw error;
  }

  return {
    url: host.url,
    displayUrl: host.displayUrl,
    origin: host.origin,
    token: host.token,
    now,
    training() {
      if (!training) throw new Error('training is not running');
      return training;
    },
    service,
    composed,
    logs,
    async close() {
      await host.close();
      await composed.close();
      await service?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
