/** The sales journal's channels (issue 13): built by the sales part; refused until then. */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';

type SalesChannels =
  | 'journal.day'
  | 'journal.correct'
  | 'refunds.owed'
  | 'refund.record'
  | 'money.settings'
  | 'money.configure';

const notYet = () => {
  throw new DeskError('NOT_READY', 'the sales journal is not built yet');
};

export function salesApp(): HandlersOf<SalesChannels> {
  return {
    'journal.day': notYet,
    'journal.correct': notYet,
    'refunds.owed': notYet,
    'refund.record': notYet,
    'money.settings': notYet,
    'money.configure': notYet,
  };
}
