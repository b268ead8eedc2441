/**
 * Training's channel: start it (the demo store on the built-in sandbox), with any key. From a live
 * store it leaves the store: the settings permission's, as set-up's changes are.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { startTraining } from './training';

export function trainingApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'training' | 'logger' | 'emit'>,
): ChannelsOf<'setup.startTraining'> {
  return {
    'setup.startTraining': channel({ scope: null, rule: 'settings' }, () => startTraining(ctx)),
  };
}
