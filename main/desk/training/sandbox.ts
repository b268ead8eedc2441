/**
 * Training mode's service: the sandbox, in-process, on a random loopback port, with the demo
 * business and fresh random keys nobody else knows. The shell and the browser host pass this to
 * the desk; the desk itself only sees a `TrainingStarter`.
 */
import { startSandbox, type StartOptions } from '../../../sandbox/index';
import type { TrainingStarter } from '../context';

/** The key training uses: organization-wide, every scope, the facility plan's budget. */
export const TRAINING_KEY_ROLE = 'org-facility';

export function sandboxTraining(
  options: Omit<StartOptions, 'freshKeys' | 'port'> = {},
): TrainingStarter {
  return async () => {
    // Port 0: a free loopback port; the sandbox listens on 127.0.0.1 only.
    const running = await startSandbox({ ...options, freshKeys: true, port: 0 });
    return {
      baseUrl: running.baseUrl,
      apiKey: running.sandbox.keyFor(TRAINING_KEY_ROLE),
      close: () => running.close(),
    };
  };
}
