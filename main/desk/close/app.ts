/** The day's close and the journal's export (issue 13): built by the close part; refused until then. */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';

const notYet = () => {
  throw new DeskError('NOT_READY', 'the close is not built yet');
};

export function closeApp(): HandlersOf<
  'close.preview' | 'close.commit' | 'close.store' | 'close.report' | 'journal.csv'
> {
  return {
    'close.preview': notYet,
    'close.commit': notYet,
    'close.store': notYet,
    'close.report': notYet,
    'journal.csv': notYet,
  };
}
