/**
 * Readings of kanji names from the reading worker (reading-worker.ts): started the first time
 * names wait to be read — never at start-up — and ended after a quiet while, since its
 * dictionary holds a few hundred MB. What loading it cost (time, the worker's heap) is kept for
 * the status and the benchmark. The quiet while is measured on a `Clock` (decision X33), and the
 * worker is started through a seam, so a test moves time past it with a worker of its own.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../api/log';
import { systemClock, type Clock, type Timer } from '../../common/clock';
import { dictionaryPath, unpacked } from './dictionary';
import type { WorkerReply, WorkerRequest } from './reading-protocol';
import type { NameParts } from './search-index';

/** Reads names: the worker in the app, the analyzer in-process in tests. */
export interface ReadingSource {
  read(names: NameParts[]): Promise<string[][]>;
  close(): void;
}

export interface DictionaryLoad {
  ms: number;
  /** The worker's V8 heap and external memory (typed arrays) once loaded. */
  heapBytes: number;
}

/** What the readings need of a worker thread (node's `Worker`; a test's stand-in). */
export type ReadingWorker = Pick<Worker, 'on' | 'postMessage' | 'terminate' | 'unref'>;

export interface WorkerReadingsOptions {
  logger: Logger;
  /** End the worker after this long without names to read. */
  idleMs?: number;
  dicPath?: string;
  /** The idle timer's clock. */
  clock?: Clock;
  /** Start the worker (the reading worker's thread when left out). */
  startWorker?: (workerData: { dicPath: string }) => ReadingWorker;
}

/** The worker ends after this long without names to read, unless told otherwise. */
export const DEFAULT_IDLE_MS = 60_000;

/**
 * The worker: the bundle beside the built main (scripts/build-main.mjs), else — run from the
 * sources (the browser host, tests) — the source compiled on the fly by tsx.
 */
function newWorker(workerData: { dicPath: string }): Worker {
  const built = fileURLToPath(new URL('./reading-worker.cjs', import.meta.url));
  if (existsSync(built)) return new Worker(unpacked(built), { workerData });
  const source = fileURLToPath(new URL('./reading-worker.ts', import.meta.url));
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData,
  });
}

export class WorkerReadings implements ReadingSource {
  private worker: ReadingWorker | null = null;
  private loaded: Promise<DictionaryLoad> | null = null;
  private readonly waiting = new Map<
    number,
    { resolve: (r: string[][]) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private idle: Timer | null = null;
  /** The last load's cost; null before the first. */
  lastLoad: DictionaryLoad | null = null;
  /** Times the dictionary was loaded (a worker started). */
  loads = 0;

  private readonly clock: Clock;

  constructor(private readonly options: WorkerReadingsOptions) {
    this.clock = options.clock ?? systemClock;
  }

  private start(): Promise<DictionaryLoad> {
    if (this.loaded) return this.loaded;
    const startWorker = this.options.startWorker ?? newWorker;
    const worker = startWorker({ dicPath: this.options.dicPath ?? dictionaryPath() });
    // Never keeps the process alive by itself.
    worker.unref();
    this.worker = worker;
    this.loads++;
    this.loaded = new Promise<DictionaryLoad>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'loaded') {
          this.lastLoad = { ms: reply.ms, heapBytes: reply.heapBytes };
          this.options.logger.info('search.dictionary_loaded', {
            ms: Math.round(reply.ms),
            heapMb: Math.round(reply.heapBytes / 2 ** 20),
          });
          resolve(this.lastLoad);
        } else if (reply.type === 'failed') {
          reject(new Error(`the reading dictionary did not load: ${reply.message}`));
          this.stop();
        } else {
          const waiter = this.waiting.get(reply.id);
          this.waiting.delete(reply.id);
          waiter?.resolve(reply.readings);
        }
      });
      const gone = (error: Error) => {
        reject(error);
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
        if (this.worker === worker) {
          this.worker = null;
          this.loaded = null;
        }
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the reading worker ended (${code})`)));
    });
    return this.loaded;
  }

  /** Load the dictionary now (the benchmark measures it); resolves with what it cost. */
  load(): Promise<DictionaryLoad> {
    return this.start();
  }

  async read(names: NameParts[]): Promise<string[][]> {
    this.idle?.cancel();
    this.idle = null;
    await this.start();
    const worker = this.worker!;
    const id = this.nextId++;
    const request: WorkerRequest = { id, names };
    try {
      return await new Promise<string[][]>((resolve, reject) => {
        this.waiting.set(id, { resolve, reject });
        worker.postMessage(request);
      });
    } finally {
      if (this.waiting.size === 0) this.idleSoon();
    }
  }

  private idleSoon(): void {
    this.idle?.cancel();
    this.idle = this.clock.after(this.options.idleMs ?? DEFAULT_IDLE_MS, () => this.stop()).unref();
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = null;
    this.loaded = null;
    if (worker) void worker.terminate();
  }

  /** Whether the dictionary is held now. */
  get running(): boolean {
    return this.worker !== null;
  }

  close(): void {
    this.idle?.cancel();
    this.idle = null;
    this.stop();
  }
}

let shared: WorkerReadings | null = null;

/**
 * The process's reading worker: one dictionary however many desks and sessions (a live store and
 * training, the tests' hosts). Never closed by its users: it ends itself when idle, and never
 * keeps the process alive.
 */
export function sharedWorkerReadings(logger: Logger): WorkerReadings {
  shared ??= new WorkerReadings({ logger });
  return shared;
}
