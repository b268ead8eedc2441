/**
 * The manifest's channels (main/desk/manifest): a slot's or a whole day's parties as the page the
 * OS printer or the browser prints, and as CSV. Both are made by the desk from the day as the
 * counter keeps it, so they work offline.
 */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../../common';
import { PrintAnswer } from './hardware';
import { UiLocale } from './setup';

export const ManifestRequest = z.strictObject({
  /** null: today in the store's time zone. */
  date: LocalDate.nullable(),
  /** One product's slot; null: every slot of the day. */
  slot: z.strictObject({ productId: Id, startTime: LocalTime }).nullable(),
  /** The language the counter shows (the menu's print: the system's). */
  locale: UiLocale.default('ja'),
});
export type ManifestRequest = z.infer<typeof ManifestRequest>;

export const manifestChannels = {
  /** The manifest as one self-contained page with no script (what the browser host prints). */
  'manifest.page': {
    request: ManifestRequest,
    response: z.object({ html: z.string() }),
  },
  /** The manifest as CSV for spreadsheets (UTF-8 with BOM, for Excel), one row a reservation. */
  'manifest.csv': {
    request: ManifestRequest,
    response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  },
  /** Print the page on the OS printer with the system's dialog (the desktop app). */
  'manifest.print': {
    request: ManifestRequest,
    // The receipt printer's answer when set-up routes the manifest there (issue 31).
    response: PrintAnswer,
  },
} as const;
