/**
 * Where staff are, kept for a reloaded window (decisions V6, V13, X2): the day view with nothing in
 * progress keeps nothing; a walk-in is kept as reported until the desk books its draft, then at its
 * outcome, however late the renderer's reports of it arrive; what holds an update back changes only
 * with the activity, and the installed app is told then.
 */
import { describe, expect, it } from 'vitest';
import { recoveryApp } from '../../../main/desk/recovery/app';
import { FlowKeeper } from '../../../main/desk/recovery/kept-flow';
import type { KeptFlow } from '../../../main/ipc/contract';
import type { InstalledPort } from '../../../main/installed/port';

const DAY: KeptFlow = { screen: { name: 'day' }, activity: null, walkIn: null };

function walkIn(draftId: string, step: 'details' | 'review' = 'review'): KeptFlow {
  return {
    screen: { name: 'walkin' },
    activity: 'walk_in',
    walkIn: {
      draftId,
      step,
      productId: 'p-1',
      adults: 2,
      children: 1,
      slot: { date: '2026-11-24', startTime: '10:00' },
      answers: { '1': { allergy: 'なし' } },
      customer: { lastName: '山田', firstName: '', email: '', phone: '', customerId: null },
      sendEmail: false,
      emailLocale: 'ja',
    },
  };
}

const atOutcome = (flow: KeptFlow): KeptFlow => ({
  ...flow,
  activity: null,
  walkIn: { ...flow.walkIn!, step: 'done' },
});

describe('the flow kept', () => {
  it('keeps a walk-in as reported; the day view with nothing in progress keeps nothing', () => {
    const keeper = new FlowKeeper();
    expect(keeper.current).toBeNull();
    expect(keeper.keep(walkIn('d-1', 'details'))).toBe(true);
    // Another step of the same walk-in: kept, but what holds an update back is the same.
    expect(keeper.keep(walkIn('d-1'))).toBe(false);
    expect(keeper.current).toEqual(walkIn('d-1'));
    expect(keeper.activity).toBe('walk_in');
    expect(keeper.keep(DAY)).toBe(true);
    expect(keeper.current).toBeNull();
    expect(keeper.activity).toBeNull();
  });

  it('a booked draft is kept at its outcome, and a late report of it changes nothing', () => {
    const keeper = new FlowKeeper();
    keeper.keep(walkIn('d-1'));
    expect(keeper.end('d-1')).toBe(true);
    expect(keeper.current).toEqual(atOutcome(walkIn('d-1')));
    expect(keeper.keep(walkIn('d-1'))).toBe(false);
    expect(keeper.current).toEqual(atOutcome(walkIn('d-1')));
    // The next walk-in is another draft: kept as reported.
    expect(keeper.keep(walkIn('d-2'))).toBe(true);
    expect(keeper.current).toEqual(walkIn('d-2'));
  });

  it('a draft booked before its first report is still kept at its outcome', () => {
    const keeper = new FlowKeeper();
    expect(keeper.end('d-1')).toBe(false);
    keeper.keep(walkIn('d-1'));
    expect(keeper.current).toEqual(atOutcome(walkIn('d-1')));
    expect(keeper.activity).toBeNull();
  });

  it('remembers the last 50 drafts booked; cleared with its session', () => {
    const keeper = new FlowKeeper();
    for (let i = 0; i <= 50; i++) keeper.end(`d-${i}`);
    keeper.keep(walkIn('d-0'));
    expect(keeper.current).toEqual(walkIn('d-0'));
    keeper.keep(walkIn('d-1'));
    expect(keeper.current).toEqual(atOutcome(walkIn('d-1')));
    keeper.clear();
    expect(keeper.current).toBeNull();
    keeper.keep(walkIn('d-1'));
    expect(keeper.current).toEqual(walkIn('d-1'));
  });
});

describe('the recovery channels', () => {
  it('keep answers kept, get reads it back, and the installed app is told only when the activity changes', async () => {
    const flow = new FlowKeeper();
    let told = 0;
    const installed = { activityChanged: () => void told++ } as unknown as InstalledPort;
    const app = recoveryApp({ flow, installed });
    expect(await app['recovery.keep'].handle(walkIn('d-1', 'details'))).toEqual({ kept: true });
    expect(await app['recovery.keep'].handle(walkIn('d-1'))).toEqual({ kept: true });
    expect(await app['recovery.get'].handle({})).toEqual({ flow: walkIn('d-1') });
    expect(told).toBe(1);
    await app['recovery.keep'].handle(DAY);
    expect(await app['recovery.get'].handle({})).toEqual({ flow: null });
    expect(told).toBe(2);
    // A browser host has no installed app: kept all the same.
    const bare = recoveryApp({ flow: new FlowKeeper(), installed: undefined });
    expect(await bare['recovery.keep'].handle(walkIn('d-3'))).toEqual({ kept: true });
  });
});
