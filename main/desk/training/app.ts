/** Training's channel: start it (the demo store on the built-in sandbox). */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { startTraining } from './training';

export function trainingApp(ctx: DeskContext): HandlersOf<'setup.startTraining'> {
  return { 'setup.startTraining': () => startTraining(ctx) };
}
