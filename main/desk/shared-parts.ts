/**
 * The features' parts a session shares with the shop's other counters from the moment it joins
 * the shop (decision AA60), built then whether or not this counter has used them yet: what the
 * others change reaches this counter's own files, and what it holds reaches them. Each part says
 * how it shares (its `share` hook, beside its feature); a setting shared next is one line here and
 * its own file (AA41).
 */
import type { SessionPart } from './desk-session';
import { figuresAsRecorded } from './close/share';
import { itemCatalogue } from './items/catalogue';
import { onSiteBook } from './onsite/book';
import { discountReasons } from './sales/reasons';
import { staffBook } from './staff/book';

export const SHARED_PARTS: readonly SessionPart<unknown>[] = [
  // The staff list and policy: the same on every counter of the shop (issue 29).
  staffBook,
  // The catalogue of counter items (issue 30).
  itemCatalogue,
  // The reasons for a discount (I13).
  discountReasons,
  // What bookings paid on site owe and the money taken for them, shop-wide (issue 27).
  onSiteBook,
  // This counter's figures of the day, for the store's close at any counter (AA20).
  figuresAsRecorded,
];
