/**
 * Money at the counter (issue 13), shared by the IPC contract, the desk and the journal on disk:
 * the payment methods' table and the tender made of them, the rules a tender and a refund follow,
 * the cash count's denominations, why a refund is paid, a receipt's line, the registration
 * number's check. Leaf folder: zod and main/common's primitives only.
 */
export * from './amount';
export * from './payment-methods';
export * from './tender';
export * from './tender-rules';
export type { MoneyProblem } from './problem';
export * from './cash-count';
export * from './refund-reason';
export * from './discount-reason';
export * from './discounts';
export * from './receipt-item';
export * from './registration-number';
export * from './cash-movement';
export * from './counter-item';
