/**
 * A desk against an in-process sandbox: a temp data dir, an in-memory secret store, a fixed
 * cache key, training that starts another sandbox with fresh keys, and every event recorded.
 * Calls go through the router, as the renderer's do.
 */
import { silentLogger, type LogRecord, type LogSink, type Logger } from '../../main/api/index';
import { createLogger } from '../../main/api/log';
import type { SecretStore, TrainingStarter } from '../../main/desk/ports';
import { Desk, type DeskOptions } from '../../main/desk/desk';
import type { Declarations } from '../../main/desk/handlers';
import type { Channel, EventName, IpcResult, Request, Response } from '../../main/ipc/contract';
import { Router } from '../../main/ipc/router';
import { fixedKeyProvider } from '../../main/local/index';
import { sandboxTraining } from '../../main/desk/training/sandbox';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { TEST_KEY, removeDir, tempDir } from '../local/support';

/** Tuesday 2026-11-24, 09:30 in Kyoto: every product runs (the shop closes on Wednesdays). */
export const NOW = '2026-11-24T00:30:00.000Z';
export const TODAY = '2026-11-24';
/** A week ahead: no deadline is near. */
export const LATER = '2026-12-01';

export function memorySecrets(): SecretStore & { value: string | null } {
  const store = {
    value: null as string | null,
    read: () => store.value,
    write: (v: string) => void (store.value = v),
    clear: () => void (store.value = null),
  };
  return store;
}

export interface Recorded {
  event: EventName;
  payload: unknown;
  at: number;
}

export class CallError extends Error {
  constructor(readonly error: { code: string; message: string; details: unknown[] }) {
    super(`${error.code}: ${error.message}`);
  }
}

export interface Harness {
  sb: TestSandbox;
  desk: Desk;
  router: Router;
  dataDir: string;
  secrets: ReturnType<typeof memorySecrets>;
  events: Recorded[];
  /** Every call made through `raw`/`call`, with its result. */
  results: { channel: unknown; result: IpcResult }[];
  logs: LogRecord[];
  /** Every training service the desk started, as the desk got it. */
  trainings: Awaited<ReturnType<TrainingStarter>>[];
  /** Call a channel through the router; throws CallError on an error envelope. */
  call<C extends Channel>(channel: C, payload: Request<C>): Promise<Response<C>>;
  /** The raw envelope. */
  raw(channel: unknown, payload: unknown): Promise<IpcResult>;
  /** A new desk on the same data dir and secrets (an app restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  sandbox?: Parameters<typeof startTestSandbox>[0];
  dataDir?: string;
  desk?: Partial<DeskOptions>;
  /** Where log records go too (log files, in the installed app's tests). */
  logSink?: LogSink;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sb = await startTestSandbox({
    now: NOW,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000, light: 100_000 } },
    ...options.sandbox,
  });
  const dataDir = options.dataDir ?? tempDir();
  const secrets = memorySecrets();
  const events: Recorded[] = [];
  const results: Harness['results'] = [];
  const logs: LogRecord[] = [];
  const trainings: Harness['trainings'] = [];
  const training = sandboxTraining({ now: NOW });
  const logger: Logger = createLogger((r) => {
    logs.push(r);
    options.logSink?.(r);
  }, 'debug');
  const make = () =>
    new Desk({
      dataDir,
      secrets,
      keyProvider: fixedKeyProvider(TEST_KEY),
      logger,
      defaultServiceUrl: sb.baseUrl,
      startTraining: async () => {
        const started = await training();
        trainings.push(started);
        return started;
      },
      emit: (event, payload) => events.push({ event, payload, at: Date.now() }),
      now: () => sb.sandbox.clock.now(),
      // The virtual printer is in this process: on a loaded machine its answer can take seconds.
      printerAnswerMs: 15_000,
      // A LAN printer search listens briefly: a test of it sets its own limits.
      printerLan: { browseMs: 200, connectMs: 200, epsonTargets: [] },
      client: { retry: { baseDelayMs: 50, maxDelayMs: 500 } },
      // A day not cached is filled from the in-process sandbox before it is answered: on a loaded
      // machine that took over the desk's 5 s (a test of the bound sets its own).
      fillWaitMs: 30_000,
      // Names as written only, unless a test reads them (the dictionary takes seconds to load).
      readings: null,
      ...options.desk,
    });
  const h: Harness = {
    sb,
    desk: make(),
    router: null as unknown as Router,
    dataDir,
    secrets,
    events,
    results,
    logs,
    trainings,
    async raw(channel, payload) {
      const result = await h.router.handle(channel, payload);
      results.push({ channel, result });
      return result;
    },
    async call(channel, payload) {
      const result = await h.raw(channel, payload);
      if (!result.ok) throw new CallError(result.error);
      return result.value as never;
    },
    async restart() {
      await h.desk.stop();
      h.desk = make();
      h.router = new Router(h.desk.handlers(), logger);
      await h.desk.start();
    },
    async close() {
      await h.desk.stop();
      await sb.close();
      await Promise.all(trainings.map((t) => t.close().catch(() => undefined)));
      if (!options.dataDir) removeDir(dataDir);
    },
  };
  h.router = new Router(h.desk.handlers(), logger);
  return h;
}

/**
 * Each channel's scope and rule as the features declare them beside their handlers, read off a
 * desk that is made and never started (nothing is opened, nothing sent).
 */
export async function deskDeclarations(): Promise<Declarations> {
  const dataDir = tempDir();
  const desk = new Desk({
    dataDir,
    secrets: memorySecrets(),
    keyProvider: fixedKeyProvider(TEST_KEY),
    logger: silentLogger,
    defaultServiceUrl: null,
    startTraining: () => Promise.reject(new Error('no training here')),
    emit: () => undefined,
    readings: null,
  });
  try {
    return desk.declarations();
  } finally {
    await desk.stop();
    removeDir(dataDir);
  }
}

export const KYOTO = DEMO.stores.kyoto;
export const OKINAWA = DEMO.stores.okinawa;
export const P = DEMO.products;

/** Set the desk up with a demo key (facility plan unless said) for a store. */
export async function setUp(
  h: Harness,
  role: string = 'org-facility',
  storeId: string = KYOTO,
  plan: 'standard' | 'facility' = 'facility',
) {
  return h.call('setup.saveKey', { apiKey: h.sb.key(role), serviceUrl: null, storeId, plan });
}

/** The error envelope of a call that must fail. */
export async function refusal(h: Harness, channel: Channel, payload: unknown) {
  const result = await h.raw(channel, payload);
  if (result.ok)
    throw new Error(`expected ${channel} to fail, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** Cut the link: every request to the sandbox has its connection reset. */
/** The creations the service received (POST …/reservations), for counting bookings made. */
export function creationsAt(sb: TestSandbox) {
  return sb.sandbox
    .requests()
    .filter((r) => r.method === 'POST' && /\/reservations$/.test(r.path.split('?')[0]!));
}

export function cutLink(sb: TestSandbox): void {
  sb.sandbox.faults.configure({ rates: { reset: 1 } });
}

export function restoreLink(sb: TestSandbox): void {
  sb.sandbox.faults.clear();
}
