/**
 * Training: the built-in sandbox on a random loopback port, a fresh key, the demo store. One runs
 * at a time; starting another, or a live key, ends it.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { ReservationClient, type Logger } from '../../api/index';
import type { KeyStatus, Store } from '../../api/client';
import type { SetupStatus } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { DeskPorts, RunningTraining, TrainingPort, TrainingStarter } from '../ports';
import { announceSetup, keyInfo } from '../setup/setup-status';

/** The training service while it runs. */
export class TrainingService implements TrainingPort {
  private running: RunningTraining | null = null;

  constructor(
    private readonly starter: TrainingStarter,
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  get current(): RunningTraining | null {
    return this.running;
  }

  /** Start a training service; the running one, if any, stays until `adopt`. */
  launch(): Promise<RunningTraining> {
    return this.starter();
  }

  /** End the earlier training and run this one on fresh data: each starts from the demo as is. */
  async adopt(training: RunningTraining): Promise<void> {
    await this.stop();
    this.running = training;
    rmSync(path.join(this.dataDir, 'training'), { recursive: true, force: true });
  }

  async stop(): Promise<void> {
    const training = this.running;
    this.running = null;
    await training?.close().catch((error: unknown) => {
      this.logger.warn('desk.training_close_failed', { error });
    });
  }
}

export async function startTraining(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'training' | 'logger' | 'emit'>,
): Promise<SetupStatus> {
  const { sessions, settings } = ctx;
  const training = await ctx.training.launch();
  let ping: KeyStatus;
  let stores: Store[];
  const client = new ReservationClient({
    baseUrl: training.baseUrl,
    apiKey: training.apiKey,
    logger: ctx.logger,
  });
  try {
    ping = await client.ping({ lane: 'write' });
    stores = await client.stores({ lane: 'write' });
  } catch (error) {
    await training.close().catch(() => undefined);
    throw error;
  } finally {
    client.close();
  }
  // Only now the running session (and any earlier training) ends.
  sessions.close();
  await ctx.training.adopt(training);
  sessions.stores = stores;
  const { storeId, mode } = settings.current;
  const store = stores.find((s) => s.id === storeId && mode === 'training') ?? stores[0];
  if (!store) {
    await ctx.training.stop();
    throw new DeskError('NO_STORE', 'the training service has no store');
  }
  settings.update({
    mode: 'training',
    serviceUrl: null,
    storeId: store.id,
    plan: 'facility',
    key: keyInfo(ping),
    store,
  });
  const apiKey = training.apiKey;
  sessions.open({
    serviceUrl: training.baseUrl,
    apiKey: () => apiKey,
    store,
    plan: 'facility',
    mode: 'training',
    now: training.now,
  });
  return announceSetup(ctx);
}
