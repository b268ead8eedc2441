/**
 * A receipt's rows, the unit every part of the receipt's model is made of: its own module, so that
 * what builds rows for the model (the counter items' lines, items/receipt-lines.ts) needs no model.
 */

/** How a row is set: `sub` smaller, `total` larger under a rule (no bold: decision Q9). */
export type RowStyle = 'normal' | 'sub' | 'total';

export type ReceiptRow =
  /** Left text (wraps) and right text (an amount, never wraps). */
  | { kind: 'pair'; left: string; right: string; style: RowStyle }
  /** One text across both columns. */
  | { kind: 'text'; text: string; style: RowStyle }
  /** A product: its name, and under it (smaller) when it takes place. */
  | { kind: 'product'; name: string; detail: string };
