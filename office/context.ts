import type { Keyring } from './crypto/keys';
import type { Db } from './db/db';
import type { PasswordCost } from './owners/password';

/** What every part of the office works with; `now` is the one clock (faked in tests). */
export interface OfficeContext {
  db: Db;
  keyring: Keyring;
  now: () => number;
  /** The CA pin every enrolment code carries. */
  pin: string;
  /** The stores' clock (IANA), for the hour of a sale and the office's today (Asia/Tokyo). */
  timeZone: string;
  /** scrypt's cost for new passwords (PASSWORD_COST but in tests). */
  passwordCost: PasswordCost;
}
