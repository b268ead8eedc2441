/** The English of cancel's words (ja/cancel.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/cancel';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  cancel: {
    title: common.cancelBooking,
    reason: common.reason,
    reasons: {
      customer_request: 'Customer’s request',
      business_request: 'Store’s decision',
      weather: 'Weather',
      force_majeure: 'Force majeure (disaster etc.)',
    },
    reasonHints: {
      customer_request: '— a cancellation fee may apply',
      business_request: '— no fee',
      weather: '— no fee',
      force_majeure: '— no fee',
    },
    previewing: 'Checking the fee…',
    previewTitle: 'Fee and refund',
    notCancellable: common.notCancellable,
    total: common.total,
    fee: 'Cancellation fee',
    refund: common.refund,
    refundBy: 'Refunded by',
    byMerchant: 'The store (this counter)',
    byService: 'The reservation service, automatically',
    merchantRefund:
      'Refund {{amount}} to the customer yourself. The reservation service does not refund it.',
    serviceRefund: '{{amount}} is refunded automatically by the reservation service.',
    noRefund: 'No refund.',
    sendEmail: 'E-mail the cancellation to the customer',
    confirm: 'Confirm cancellation (fee {{fee}})',
    confirming: 'Cancelling…',
    doneTitle: 'Cancelled',
    done: 'The booking of {{name}} is cancelled.',
  },
};
