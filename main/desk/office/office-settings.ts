/**
 * This counter's head office (issue 40), kept in its own file beside the settings: the office's
 * address, its CA (pinned: PEM), this device's id, the organisation's, store's and counter's
 * names, and whether a replacement PC's restore is still under way. Not secret: the device
 * credential is the secret store's (never here, never in a log, never to the renderer).
 */
import { z } from 'zod';
import type { SettingsFile } from '../settings';

const PART = 'office';

export const OfficeSettings = z.object({
  v: z.literal(1),
  url: z.string().url().max(500),
  caPem: z.string().min(1).max(20_000),
  deviceId: z.string().min(1).max(100),
  organisation: z.object({ id: z.string(), name: z.string() }),
  store: z.object({ id: z.string(), name: z.string() }),
  /** The counter this PC is at the office (a replacement takes the replaced counter's). */
  counter: z.object({ id: z.string().min(1).max(100), name: z.string().max(100) }),
  /** A replacement PC restores its counter's records through `head` before it sells. */
  restore: z
    .object({ head: z.number().int().nonnegative(), through: z.number().int().nonnegative() })
    .nullable(),
  enrolledAt: z.number().int(),
});
export type OfficeSettings = z.infer<typeof OfficeSettings>;

/** What the part's file holds: the office, or `{ v: 0 }` once it was forgotten. */
const Stored = z.union([OfficeSettings, z.object({ v: z.literal(0) }).transform(() => null)]);

export function officeSettingsOf(settings: SettingsFile): OfficeSettings | null {
  return settings.part(PART, Stored, null);
}

export function saveOfficeSettings(settings: SettingsFile, office: OfficeSettings | null): void {
  settings.savePart(PART, office === null ? { v: 0 } : office);
}
