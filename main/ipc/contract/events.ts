/** Every event the main process sends, with its payload. */
import { z } from 'zod';
import { LocalDate } from '../../common';
import { DayPatch } from './day-patch';
import { InstalledView } from './installed';
import { SetupStatus } from './setup';
import { ChangeView } from './change';
import { DiscoveryProgress, DisplayView, PrinterStatus } from './hardware';
import { OutboxItem, Status } from './status';
import { StaffState } from './staff';

export const events = {
  'status.changed': Status,
  /**
   * Views of these dates changed. `today`: the store's today moved to this date because this PC's
   * clock was corrected to the service's (H7): a screen on the old today follows it. `patch`: what
   * changed of the day on screen, for the build of it last answered (G22); without it, or when it
   * does not apply, the day is fetched again.
   */
  'day.changed': z.object({
    dates: z.array(LocalDate),
    today: LocalDate.optional(),
    patch: DayPatch.optional(),
  }),
  'outbox.changed': z.object({ items: z.array(OutboxItem) }),
  'setup.changed': SetupStatus,
  /** The update's status or the installed app's settings changed. */
  'installed.changed': InstalledView,
  /** A booking change moved (still to cancel, done): the list and its banner follow. */
  'change.changed': z.object({ items: z.array(ChangeView) }),
  /** Who is signed in, the staff list or the shop's policy changed (issue 29). */
  'staff.changed': StaffState,
  /** The receipt printer's state or its queue moved (shown in the status bar within a second). */
  'printer.changed': PrinterStatus,
  /** A LAN search for receipt printers moved on (`printer.discover`). */
  'printer.discovery': DiscoveryProgress,
  /** What the guest's display shows changed. */
  'display.changed': DisplayView,
} as const;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
