/**
 * Every user-facing word of the renderer in Japanese (the source), one file per feature under
 * ja/ and merged here; the English is en/, one file per feature beside, merged in
 * en/index.ts and fetched only when a counter shows English (index.ts: the start carries one
 * language). Words several screens say alike are the common catalogue's (ja/common.ts, the
 * `common` key: AA31), taken by reference by the features' files, so that each text is written
 * once per language (test/renderer/i18n/common-words.test.ts). Each feature's English is checked
 * against its Japanese by the compiler; that no two features claim the same top-level key is
 * checked by test/renderer/i18n.test.tsx. Words that are also printed (receipts, reports, CSV)
 * come from main/common's printed-word catalogue so that one word is written once.
 */
import * as cancel from './ja/cancel';
import * as change from './ja/change';
import * as common from './ja/common';
import * as day from './ja/day';
import * as hardware from './ja/hardware';
import * as installed from './ja/installed';
import * as items from './ja/items';
import * as manifest from './ja/manifest';
import * as money from './ja/money';
import * as office from './ja/office';
import * as onsite from './ja/onsite';
import * as reservation from './ja/reservation';
import * as search from './ja/search';
import * as setup from './ja/setup';
import * as shell from './ja/shell';
import * as shop from './ja/shop';
import * as staff from './ja/staff';
import * as status from './ja/status';
import * as walkin from './ja/walkin';
import type { Widen } from './widen';

/** The feature catalogues, each `{ ja }`; exported for the test of their keys. */
export const FEATURES = {
  common,
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
  office,
} as const;

export const ja = {
  ...common.ja,
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
  ...office.ja,
};

export type Messages = Widen<typeof ja>;
