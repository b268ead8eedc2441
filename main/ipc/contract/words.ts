/**
 * Printed words the renderer shows too (main/common/words), carried here so that its catalogue
 * takes them rather than writing them again; and which word a service's status or payment method
 * is read as, one rule for the screen and for paper.
 */
export * as manifestWords from '../../common/words/manifest';
export * as reservationWords from '../../common/words/reservation';
export * as receiptWords from '../../common/words/receipt';
export {
  paymentWordOf,
  statusWordOf,
  type PaymentWord,
  type StatusWord,
} from '../../common/words/reservation';
/** The audit list's kinds (issue 29): its CSV prints them, the audit screen shows them. */
export * as auditWords from '../../common/words/audit';
