/**
 * Every user-facing word of the renderer in Japanese (the source), one file per feature under
 * features/ and merged here; the English is en/, one file per feature beside, merged in
 * en/index.ts and fetched only when a counter shows English (index.ts: the start carries one
 * language). Each feature's English is checked against its Japanese by the compiler; that no two
 * features claim the same top-level key is checked by test/renderer/i18n.test.tsx. Words that are
 * also printed (receipts, reports, CSV) come from main/common's printed-word catalogue so that one
 * word is written once.
 */
import * as cancel from './features/cancel';
import * as change from './features/change';
import * as day from './features/day';
import * as hardware from './features/hardware';
import * as installed from './features/installed';
import * as items from './features/items';
import * as manifest from './features/manifest';
import * as money from './features/money';
import * as onsite from './features/onsite';
import * as reservation from './features/reservation';
import * as search from './features/search';
import * as setup from './features/setup';
import * as shell from './features/shell';
import * as shop from './features/shop';
import * as staff from './features/staff';
import * as status from './features/status';
import * as walkin from './features/walkin';
import type { Widen } from './widen';

/** The feature catalogues, each `{ ja }`; exported for the test of their keys. */
export const FEATURES = {
  shell,
  status,
  day,
  manifest,
  search,
  reservation,
  onsite,
  cancel,
  change,
  walkin,
  shop,
  setup,
  money,
  items,
  installed,
  hardware,
  staff,
} as const;

export const ja = {
  ...shell.ja,
  ...status.ja,
  ...day.ja,
  ...manifest.ja,
  ...search.ja,
  ...reservation.ja,
  ...onsite.ja,
  ...cancel.ja,
  ...change.ja,
  ...walkin.ja,
  ...shop.ja,
  ...setup.ja,
  ...money.ja,
  ...items.ja,
  ...installed.ja,
  ...hardware.ja,
  ...staff.ja,
};

export type Messages = Widen<typeof ja>;
