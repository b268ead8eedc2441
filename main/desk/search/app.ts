/** Search's channel: a scanned number, a name, a phone or an e-mail, from the cache's index. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { search } from './search';

export function searchApp(ctx: DeskContext): HandlersOf<'search.find'> {
  return {
    'search.find': ({ text, date }) => search(ctx.sessions.require(), text, date, ctx.now()),
  };
}
