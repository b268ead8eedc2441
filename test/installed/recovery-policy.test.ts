/** A renderer reloaded after a crash, not in a loop; the main process relaunched once. */
import { describe, expect, it } from 'vitest';
import {
  AFTER_CRASH,
  MAX_RELOADS,
  RELAUNCH_AFTER_MS,
  RELOAD_WINDOW_MS,
  RendererRecovery,
  previousCrashAt,
  relaunchArgs,
  shouldRelaunch,
} from '../../main/installed/recovery-policy';

describe('a renderer that went away', () => {
  it('is reloaded after a crash, an OOM, a kill; not after a clean exit', () => {
    const recovery = new RendererRecovery(() => 0);
    expect(recovery.gone('clean-exit')).toBe('ignore');
    expect(recovery.gone('crashed')).toBe('reload');
    expect(recovery.gone('oom')).toBe('reload');
  });

  it('is given up on when it keeps failing, and reloaded again once things calm down', () => {
    let now = 0;
    const recovery = new RendererRecovery(() => now);
    for (let i = 0; i < MAX_RELOADS; i++) expect(recovery.gone('killed')).toBe('reload');
    expect(recovery.gone('crashed')).toBe('give_up');
    now += RELOAD_WINDOW_MS;
    expect(recovery.gone('crashed')).toBe('reload');
  });
});

describe('the main process relaunched once', () => {
  it('a first failure relaunches with the failure’s time', () => {
    const argv = ['/app/front-desk', '--some-flag'];
    expect(previousCrashAt(argv)).toBeNull();
    expect(shouldRelaunch(argv, 1000)).toBe(true);
    expect(relaunchArgs(argv, 1000)).toEqual([
      '/app/front-desk',
      '--some-flag',
      `${AFTER_CRASH}=1000`,
    ]);
  });

  it('a second failure soon after that relaunch does not; a much later one does', () => {
    const argv = relaunchArgs(['/app/front-desk'], 1000);
    expect(previousCrashAt(argv)).toBe(1000);
    expect(shouldRelaunch(argv, 1000 + RELAUNCH_AFTER_MS - 1)).toBe(false);
    expect(shouldRelaunch(argv, 1000 + RELAUNCH_AFTER_MS)).toBe(true);
    // The flag is replaced, not piled up.
    expect(relaunchArgs(argv, 9_999_999)).toEqual(['/app/front-desk', `${AFTER_CRASH}=9999999`]);
  });
});
