/** Made-up customers and phone numbers for scenarios, from the demo's names (scenario/people). */
import type { z } from 'zod';
import type { Random } from '../../random';
import type { ScenarioCustomer } from '../../scenario/format';
import {
  EN_DOMAINS,
  FIRST_NAMES,
  FOREIGN_NAMES,
  JA_DOMAINS,
  LAST_NAMES,
} from '../../scenario/people';

type CustomerInput = z.input<typeof ScenarioCustomer>;

const digits = (rng: Random, n: number) =>
  Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

export function japanesePhone(rng: Random): string {
  return `0${rng.pick(['90', '80', '70'])}-${digits(rng, 4)}-${digits(rng, 4)}`;
}

export function foreignPhone(rng: Random): string {
  return `+1 808-555-${digits(rng, 4)}`;
}

export const isForeign = (lastName: string) => /^[A-Za-z]/.test(lastName);

/** A made-up name, and the e-mail local part it gives (`first.last`, romaji for Japanese names). */
export function pickName(
  rng: Random,
  foreign: boolean,
): { lastName: string; firstName: string; local: string } {
  if (foreign) {
    const [lastName, firstName] = rng.pick(FOREIGN_NAMES);
    return { lastName, firstName, local: `${firstName}.${lastName}`.toLowerCase() };
  }
  const [lastName, lastRomaji] = rng.pick(LAST_NAMES);
  const [firstName, firstRomaji] = rng.pick(FIRST_NAMES);
  return { lastName, firstName, local: `${firstRomaji}.${lastRomaji}` };
}

/** `count` customers of an organization, about one in seven a foreign tourist. */
export function makeCustomers(rng: Random, count: number, organizationId: string): CustomerInput[] {
  const emails = new Set<string>();
  const out: CustomerInput[] = [];
  for (let i = 1; i <= count; i++) {
    const foreign = i % 7 === 0;
    // The same draws in the same order as before: the scenarios stay as they were.
    const { lastName, firstName, local } = pickName(rng, foreign);
    const domain = rng.pick(foreign ? EN_DOMAINS : JA_DOMAINS);
    const phone = rng.chance(foreign ? 0.7 : 0.9)
      ? (foreign ? foreignPhone : japanesePhone)(rng)
      : null;
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    out.push({
      id: `cus_${String(i).padStart(4, '0')}`,
      organizationId,
      lastName,
      firstName,
      email,
      phone,
    });
  }
  return out;
}
