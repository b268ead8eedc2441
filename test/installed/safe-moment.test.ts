/**
 * When a ready update may install: never while a walk-in, a cancellation or the close is in
 * progress, nor while walk-ins wait in the outbox; at quit and when staff ask otherwise; in the
 * quiet hour only when chosen and the PC has been left alone.
 */
import { describe, expect, it } from 'vitest';
import {
  IDLE_BEFORE_INSTALL_S,
  holdsOf,
  inQuietWindow,
  installMoment,
  type MomentFacts,
} from '../../main/installed/safe-moment';

const facts = (over: Partial<MomentFacts> = {}): MomentFacts => ({
  phase: 'ready',
  activity: { flow: null, outboxUnsent: 0 },
  prefs: { channel: 'stable', installWhen: 'quit', quietTime: '03:00' },
  trigger: 'quit',
  localTime: '12:00',
  idleSeconds: null,
  ...over,
});

describe('what holds an update back', () => {
  it('each flow in progress, and walk-ins not yet sent', () => {
    expect(holdsOf({ flow: null, outboxUnsent: 0 })).toEqual([]);
    expect(holdsOf({ flow: 'walk_in', outboxUnsent: 0 })).toEqual(['walk_in']);
    expect(holdsOf({ flow: 'cancellation', outboxUnsent: 2 })).toEqual(['cancellation', 'outbox']);
    expect(holdsOf({ flow: 'close', outboxUnsent: 0 })).toEqual(['close']);
    expect(holdsOf({ flow: null, outboxUnsent: 1 })).toEqual(['outbox']);
  });

  it.each(['quit', 'staff', 'tick'] as const)('hold it whatever the trigger (%s)', (trigger) => {
    for (const activity of [
      { flow: 'walk_in' as const, outboxUnsent: 0 },
      { flow: 'cancellation' as const, outboxUnsent: 0 },
      { flow: 'close' as const, outboxUnsent: 0 },
      { flow: null, outboxUnsent: 3 },
    ]) {
      const moment = installMoment(
        facts({
          trigger,
          activity,
          prefs: { channel: 'stable', installWhen: 'quiet_time', quietTime: '12:00' },
          idleSeconds: 3600,
        }),
      );
      expect(moment).toEqual({ install: false, reason: 'held', holds: holdsOf(activity) });
    }
  });
});

describe('the moment', () => {
  it('nothing installs before an update is ready', () => {
    for (const phase of [
      'idle',
      'checking',
      'downloading',
      'up_to_date',
      'error',
      'installing',
    ] as const)
      expect(installMoment(facts({ phase })).install).toBe(false);
  });

  it('at quit, and when staff ask, with nothing held', () => {
    expect(installMoment(facts({ trigger: 'quit' }))).toEqual({ install: true });
    expect(installMoment(facts({ trigger: 'staff' }))).toEqual({ install: true });
    // Whatever was chosen for the background: quitting is never mid-service.
    const quiet = {
      channel: 'stable' as const,
      installWhen: 'quiet_time' as const,
      quietTime: '03:00',
    };
    expect(installMoment(facts({ trigger: 'quit', prefs: quiet }))).toEqual({ install: true });
  });

  it('by default never in the background: it waits for the quit', () => {
    expect(
      installMoment(facts({ trigger: 'tick', localTime: '03:10', idleSeconds: 9999 })),
    ).toEqual({
      install: false,
      reason: 'not_now',
      holds: [],
    });
  });

  it('in the quiet hour staff chose, once the PC has been left alone', () => {
    const prefs = {
      channel: 'stable' as const,
      installWhen: 'quiet_time' as const,
      quietTime: '23:30',
    };
    const tick = (localTime: string, idleSeconds: number | null) =>
      installMoment(facts({ trigger: 'tick', prefs, localTime, idleSeconds }));
    expect(tick('23:30', IDLE_BEFORE_INSTALL_S)).toEqual({ install: true });
    expect(tick('00:29', 600)).toEqual({ install: true });
    expect(tick('00:30', 600)).toMatchObject({ install: false, reason: 'not_now' });
    expect(tick('23:29', 600)).toMatchObject({ install: false, reason: 'not_now' });
    expect(tick('23:45', IDLE_BEFORE_INSTALL_S - 1)).toMatchObject({
      install: false,
      reason: 'in_use',
    });
    // Where the platform cannot tell, the quiet hour alone decides.
    expect(tick('23:45', null)).toEqual({ install: true });
  });

  it('the quiet window is an hour, across midnight too', () => {
    expect(inQuietWindow('03:00', '03:00')).toBe(true);
    expect(inQuietWindow('03:59', '03:00')).toBe(true);
    expect(inQuietWindow('04:00', '03:00')).toBe(false);
    expect(inQuietWindow('02:59', '03:00')).toBe(false);
    expect(inQuietWindow('00:10', '23:50')).toBe(true);
    expect(inQuietWindow('00:50', '23:50')).toBe(false);
  });
});
