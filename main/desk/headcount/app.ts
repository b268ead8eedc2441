/** Headcount's channel: whether a party fits a slot, and the next slots where it does. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { checkHeadcount } from './headcount';

export function headcountApp(ctx: DeskContext): HandlersOf<'headcount.check'> {
  return {
    'headcount.check': (request) => checkHeadcount(ctx.sessions.require(), request, ctx.now()),
  };
}
