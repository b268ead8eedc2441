/** Receipts and refund slips (issue 13): built by the receipts part; refused until then. */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';

const notYet = () => {
  throw new DeskError('NOT_READY', 'receipts are not built yet');
};

export function receiptApp(): HandlersOf<'receipt.get' | 'receipt.print' | 'receipt.pdf'> {
  return { 'receipt.get': notYet, 'receipt.print': notYet, 'receipt.pdf': notYet };
}
