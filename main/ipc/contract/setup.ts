/** Set-up: the key, its store and plan, which features it allows; and the counter's preferences. */
import { z } from 'zod';
import { Id } from '../../common';

export { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '../../common';

export const Feature = z.enum(['dayView', 'walkIn', 'cancel', 'customerSearch', 'checkIn']);
export type Feature = z.infer<typeof Feature>;

/** Whether a feature is usable with the key, and if not, why (a message key for the UI). */
export const FeatureState = z.object({
  enabled: z.boolean(),
  reason: z.enum(['missing_scope', 'no_store', 'not_set_up']).nullable(),
  /** The scope the key lacks, when that is the reason. */
  scope: z.string().nullable(),
});

export const Plan = z.enum(['standard', 'facility']);

export const StoreSummary = z.object({
  id: Id,
  name: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  acceptsOnSite: z.boolean(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

export const KeyInfo = z.object({
  organizationId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The only store the key may use, or null for every store of the organization. */
  storeLimit: z.string().nullable(),
});
export type KeyInfo = z.infer<typeof KeyInfo>;

export const SetupStatus = z.object({
  mode: z.enum(['not_set_up', 'live', 'training']),
  key: KeyInfo.nullable(),
  plan: Plan.nullable(),
  store: StoreSummary.nullable(),
  features: z.record(Feature, FeatureState),
});
export type SetupStatus = z.infer<typeof SetupStatus>;

export const UiLocale = z.enum(['ja', 'en']);
export type UiLocale = z.infer<typeof UiLocale>;

/**
 * How the day is laid out (decision G16): dense rows read at a glance, or the roomy cards with
 * big targets for a touch screen.
 */
export const DayLayout = z.enum(['rows', 'cards']);
export type DayLayout = z.infer<typeof DayLayout>;

/** `locale` null: follow the system's language. `dayLayout` absent (older answers): the rows. */
export const Prefs = z.object({ locale: UiLocale.nullable(), dayLayout: DayLayout.optional() });
export type Prefs = z.infer<typeof Prefs>;
