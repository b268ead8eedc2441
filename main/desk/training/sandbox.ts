/**
 * Training mode's service: the sandbox, in-process, on a random loopback port, with the demo
 * business and fresh random keys nobody else knows. The shell and the browser host pass this to
 * the desk; the desk itself only sees a `TrainingStarter`.
 *
 * Training keeps its own clock: the real time when the store has slots left to book, else a
 * morning with bookable slots (`morning.ts`), so a trainee at night still has a day to work on.
 * The desk takes that clock as "now" for the training session.
 */
import { startSandbox, type RunningSandbox, type StartOptions } from '../../../sandbox/index';
import type { TrainingStarter } from '../ports';
import { bookableMorning } from './morning';

/** The key training uses: organization-wide, every scope, the facility plan's budget. */
export const TRAINING_KEY_ROLE = 'org-facility';

/** The store training opens on: the training key's organization's first, as the service lists. */
function trainingStoreId(running: RunningSandbox): string | null {
  const key = running.keys.find((k) => k.role === TRAINING_KEY_ROLE);
  return (
    running.sandbox.world.state.stores.find((s) => s.organizationId === key?.organizationId)?.id ??
    null
  );
}

export function sandboxTraining(
  options: Omit<StartOptions, 'freshKeys' | 'port'> = {},
): TrainingStarter {
  return async () => {
    // Port 0: a free loopback port; the sandbox listens on 127.0.0.1 only.
    let running = await startSandbox({ ...options, freshKeys: true, port: 0 });
    const storeId = trainingStoreId(running);
    const morning = storeId ? bookableMorning(running.sandbox, storeId) : null;
    if (morning !== null) {
      // The demo is built around its clock's day: build it anew on the pretend morning.
      await running.close();
      running = await startSandbox({ ...options, now: morning, freshKeys: true, port: 0 });
    }
    const { sandbox } = running;
    return {
      baseUrl: running.baseUrl,
      apiKey: sandbox.keyFor(TRAINING_KEY_ROLE),
      now: () => sandbox.clock.now(),
      close: () => running.close(),
    };
  };
}
