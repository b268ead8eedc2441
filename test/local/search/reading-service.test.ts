/**
 * The reading worker's life (main/local/search/reading-service.ts): started the first time names
 * wait to be read, never before; ended after a quiet while, measured from the last read answered,
 * never while one waits; started again for the next names. The worker here is a stand-in that
 * answers at once (the real one loads a dictionary of a few hundred MB: test/desk/search), and
 * the quiet while passes on a fake clock.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/log';
import type { WorkerReply, WorkerRequest } from '../../../main/local/search/reading-protocol';
import {
  DEFAULT_IDLE_MS,
  WorkerReadings,
  type ReadingWorker,
} from '../../../main/local/search/reading-service';
import { namePartsOf } from '../../../main/local/search/search-index';
import { FakeClock } from '../../support/fake-clock';
import { made } from './support';

/** A worker thread's stand-in: loaded at once, answers each request unless held. */
class StandInWorker extends EventEmitter {
  readonly requests: WorkerRequest[] = [];
  terminated = false;
  /** Requests are left unanswered until `answer()`. */
  holding = false;

  constructor() {
    super();
    queueMicrotask(() => this.reply({ type: 'loaded', ms: 1, heapBytes: 1 }));
  }

  postMessage(request: WorkerRequest): void {
    this.requests.push(request);
    if (!this.holding) queueMicrotask(() => this.answer());
  }

  /** Answer every request not yet answered (each name read as "よみ"). */
  answer(): void {
    for (const { id, names } of this.requests.splice(0))
      this.reply({ type: 'read', id, readings: names.map(() => ['よみ']) });
  }

  terminate(): Promise<number> {
    this.terminated = true;
    queueMicrotask(() => this.emit('exit', 1));
    return Promise.resolve(1);
  }

  unref(): void {}

  private reply(reply: WorkerReply): void {
    this.emit('message', reply);
  }
}

function readings() {
  const clock = new FakeClock();
  const workers: StandInWorker[] = [];
  const service = new WorkerReadings({
    logger: silentLogger,
    clock,
    startWorker: () => {
      const worker = new StandInWorker();
      workers.push(worker);
      return worker as unknown as ReadingWorker;
    },
  });
  return { service, clock, workers };
}

const names = () => [namePartsOf(made({ last: '山田', first: '太郎' }))];

describe('the reading worker', () => {
  it('starts the first time names wait to be read, not before', async () => {
    const { service, clock, workers } = readings();
    await clock.advance(10 * DEFAULT_IDLE_MS);
    expect(workers).toHaveLength(0);
    expect(service.running).toBe(false);
    expect(await service.read(names())).toEqual([['よみ']]);
    expect(workers).toHaveLength(1);
    expect(service.running).toBe(true);
    service.close();
  });

  it('ends after the quiet while, not before; the next names start it again', async () => {
    const { service, clock, workers } = readings();
    await service.read(names());
    await clock.advance(DEFAULT_IDLE_MS - 1);
    expect(service.running).toBe(true);
    expect(workers[0]!.terminated).toBe(false);
    await clock.advance(1);
    expect(service.running).toBe(false);
    expect(workers[0]!.terminated).toBe(true);
    expect(await service.read(names())).toEqual([['よみ']]);
    expect(workers).toHaveLength(2);
    expect(service.loads).toBe(2);
    service.close();
  });

  it('a read puts the quiet while off: it counts from the last read answered', async () => {
    const { service, clock, workers } = readings();
    await service.read(names());
    await clock.advance(DEFAULT_IDLE_MS - 1);
    await service.read(names());
    await clock.advance(DEFAULT_IDLE_MS - 1);
    expect(service.running).toBe(true);
    await clock.advance(1);
    expect(service.running).toBe(false);
    expect(workers).toHaveLength(1);
  });

  it('never ends while a read waits for its answer', async () => {
    const { service, clock, workers } = readings();
    await service.read(names());
    const worker = workers[0]!;
    worker.holding = true;
    const reading = service.read(names());
    await clock.advance(10 * DEFAULT_IDLE_MS);
    expect(service.running).toBe(true);
    expect(worker.terminated).toBe(false);
    // Answered now: the quiet while starts from here.
    worker.answer();
    expect(await reading).toEqual([['よみ']]);
    await clock.advance(DEFAULT_IDLE_MS - 1);
    expect(service.running).toBe(true);
    await clock.advance(1);
    expect(worker.terminated).toBe(true);
  });

  it('close ends it at once and leaves no timer', async () => {
    const { service, clock, workers } = readings();
    await service.read(names());
    service.close();
    expect(workers[0]!.terminated).toBe(true);
    expect(clock.timers).toBe(0);
  });
});
