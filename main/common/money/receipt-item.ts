/** A line of what a sale sold, as its receipt prints it. */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../primitives';
import { Amount } from './amount';

/** A receipt line: one kind of ticket of the experience sold. */
export const ReceiptItem = z.object({
  productId: Id,
  productName: z.string(),
  /** The experience's date and start time (not the time of sale). */
  date: LocalDate,
  startTime: LocalTime,
  /**
   * 'adult' | 'child', as priced; 'party': the whole party at one price (quantity 1), when the
   * service's unit prices are not known (taken offline, decision J5).
   */
  ticket: z.enum(['adult', 'child', 'party']),
  quantity: z.number().int().min(0),
  unitPrice: Amount,
  /** Tax rate of this product in percent (10 by default; settings per product). */
  taxRate: z.number().min(0).max(100),
});
export type ReceiptItem = z.infer<typeof ReceiptItem>;
