/**
 * Every user-facing word of the renderer in English, one file per feature (the Japanese of each
 * is ja/, the source). Its own chunk: fetched when a counter shows English (index.ts).
 */
import type { Messages } from '../catalogue';
import * as cancel from './cancel';
import * as change from './change';
import * as common from './common';
import * as day from './day';
import * as hardware from './hardware';
import * as installed from './installed';
import * as items from './items';
import * as manifest from './manifest';
import * as money from './money';
import * as office from './office';
import * as onsite from './onsite';
import * as reservation from './reservation';
import * as search from './search';
import * as setup from './setup';
import * as shell from './shell';
import * as shop from './shop';
import * as staff from './staff';
import * as status from './status';
import * as walkin from './walkin';

/** The feature catalogues in English, each `{ en }`; exported for the test of their keys. */
export const FEATURES_EN = {
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

export const en: Messages = {
  ...common.en,
  ...shell.en,
  ...status.en,
  ...day.en,
  ...manifest.en,
  ...search.en,
  ...reservation.en,
  ...onsite.en,
  ...cancel.en,
  ...change.en,
  ...walkin.en,
  ...shop.en,
  ...setup.en,
  ...money.en,
  ...items.en,
  ...installed.en,
  ...hardware.en,
  ...staff.en,
  ...office.en,
};
