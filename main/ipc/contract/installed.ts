/**
 * The installed app's life (issue 14): its updates, its log level and support bundle, counter
 * mode, and the flow staff were in, kept by the main process so a reloaded window can bring them
 * back. The channels are spread into the one map in `channels.ts`.
 */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../../common';
import { UiLocale } from './setup';
import { DraftId } from './walkin';

/** stable: the releases everyone gets; beta: pre-releases, for a counter that tries them first. */
export const UpdateChannel = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

/** When a downloaded update is installed: when the app quits, or at a quiet time staff chose. */
export const InstallWhen = z.enum(['quit', 'quiet_time']);
export type InstallWhen = z.infer<typeof InstallWhen>;

export const UpdatePhase = z.enum([
  /** This app does not update itself (the browser host, a development run, no update address). */
  'unavailable',
  'idle',
  'checking',
  'up_to_date',
  'downloading',
  /** Downloaded and verified: installed at the next safe moment. */
  'ready',
  'installing',
  /** The last check or download failed; the next check tries again. */
  'error',
]);
export type UpdatePhase = z.infer<typeof UpdatePhase>;

/** What staff can be in the middle of: a walk-in, a cancellation, a change, a close being counted. */
export const FlowActivity = z.enum(['walk_in', 'cancellation', 'change', 'close']);
export type FlowActivity = z.infer<typeof FlowActivity>;

/** What holds a ready update back: the counter is in the middle of something. */
export const UpdateHold = z.enum([...FlowActivity.options, 'outbox']);
export type UpdateHold = z.infer<typeof UpdateHold>;

export const UpdateStatus = z.object({
  phase: UpdatePhase,
  /** Why updates are unavailable: not an installed app, or no update address configured. */
  unavailable: z.enum(['not_installed', 'not_configured']).nullable(),
  currentVersion: z.string(),
  /** The version found, downloading or ready. */
  version: z.string().nullable(),
  /** Download progress, 0–100. */
  percent: z.number().min(0).max(100).nullable(),
  /** When the service last answered a check (epoch ms). */
  checkedAt: z.number().nullable(),
  /** A short, staff-safe reason of the last failure: network, signature, other. */
  error: z.enum(['network', 'signature', 'other']).nullable(),
  /** What holds a ready update back now; empty: it installs at the chosen moment. */
  holds: z.array(UpdateHold),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const UpdatePrefs = z.strictObject({
  channel: UpdateChannel,
  installWhen: InstallWhen,
  /** The counter's quiet time (store time), used when `installWhen` is quiet_time. */
  quietTime: LocalTime,
});
export type UpdatePrefs = z.infer<typeof UpdatePrefs>;

export const DisplayMode = z.enum(['window', 'full_screen', 'kiosk']);
export type DisplayMode = z.infer<typeof DisplayMode>;

/** Opening hours in the store's time; closes after opens (a shop open past midnight: not here). */
export const OpeningHours = z
  .strictObject({ opens: LocalTime, closes: LocalTime })
  .refine((h) => h.opens < h.closes, { message: 'closes after it opens', path: ['closes'] });
export type OpeningHours = z.infer<typeof OpeningHours>;

export const CounterMode = z.strictObject({
  startAtLogin: z.boolean(),
  display: DisplayMode,
  /** Keep the screen on during opening hours. */
  keepAwake: z.boolean(),
  openingHours: OpeningHours,
  /** Open where the window was last, when that is still on a screen. */
  rememberWindow: z.boolean(),
});
export type CounterMode = z.infer<typeof CounterMode>;

export const LogLevel = z.enum(['debug', 'info', 'warn', 'error']);
export type LogLevel = z.infer<typeof LogLevel>;

export const InstalledSettings = z.strictObject({
  updates: UpdatePrefs,
  counter: CounterMode,
  logLevel: LogLevel,
});
export type InstalledSettings = z.infer<typeof InstalledSettings>;

export const InstalledView = z.object({
  settings: InstalledSettings,
  updates: UpdateStatus,
  /** What this host can do: the browser host neither updates itself nor has a window to manage. */
  can: z.object({
    updates: z.boolean(),
    startAtLogin: z.boolean(),
    display: z.boolean(),
    keepAwake: z.boolean(),
    rememberWindow: z.boolean(),
    logFiles: z.boolean(),
  }),
});
export type InstalledView = z.infer<typeof InstalledView>;

/** The screens a reloaded window can come back to. */
export const KeptScreen = z.discriminatedUnion('name', [
  z.strictObject({
    name: z.enum([
      'day',
      'walkin',
      'outbox',
      'setup',
      'journal',
      'refunds',
      'close',
      'search',
      'changes',
      'staff',
      'audit',
      'items',
    ]),
  }),
  z.strictObject({ name: z.literal('manifest'), productId: Id, startTime: LocalTime }),
  z.strictObject({
    name: z.enum(['reservation', 'cancel', 'change']),
    reservationId: Id,
    date: LocalDate,
  }),
]);
export type KeptScreen = z.infer<typeof KeptScreen>;

const Text = z.string().max(1000);
const FieldAnswer = z.union([Text, z.array(Text).max(100)]);

/**
 * A walk-in as staff had entered it: enough to put them back on the same step with the same
 * answers. It holds the customer's name and contact: kept in the main process's memory only.
 */
export const KeptWalkIn = z.strictObject({
  /** The walk-in's draft: a Book pressed again after the reload books it once (decision X1). */
  draftId: DraftId,
  /** `done`: booked (or queued); a reloaded window shows its outcome (V13). */
  step: z.enum(['product', 'party', 'details', 'review', 'done']),
  productId: Id.nullable(),
  adults: z.number().int().min(0).max(999),
  children: z.number().int().min(0).max(999),
  slot: z.strictObject({ date: LocalDate, startTime: LocalTime }).nullable(),
  /** Answers by participant number, by field id. */
  answers: z.record(z.string().regex(/^\d{1,3}$/), z.record(z.string().max(200), FieldAnswer)),
  customer: z.strictObject({
    lastName: Text,
    firstName: Text,
    email: Text,
    phone: Text,
    customerId: z.string().max(200).nullable(),
  }),
  sendEmail: z.boolean(),
  emailLocale: UiLocale,
});
export type KeptWalkIn = z.infer<typeof KeptWalkIn>;

/** Where staff are, as the renderer reports it whenever it changes. */
export const KeptFlow = z.strictObject({
  screen: KeptScreen,
  /** What is in progress there. */
  activity: FlowActivity.nullable(),
  walkIn: KeptWalkIn.nullable(),
});
export type KeptFlow = z.infer<typeof KeptFlow>;

export const installedChannels = {
  /** Updates, counter mode and logging as set up, with the update's status. */
  'installed.get': { request: z.strictObject({}), response: InstalledView },
  /** Change some of the settings; applied at once (the window, the login item, the log level). */
  'installed.configure': {
    request: z.strictObject({
      updates: UpdatePrefs.optional(),
      counter: CounterMode.optional(),
      logLevel: LogLevel.optional(),
    }),
    response: InstalledView,
  },
  /** Ask the update server now (staff pressed "check"); answers the status after the check. */
  'updates.check': { request: z.strictObject({}), response: UpdateStatus },
  /** Restart into the ready update now, when nothing holds it back (else: what does). */
  'updates.install': {
    request: z.strictObject({}),
    response: z.object({ installing: z.boolean(), holds: z.array(UpdateHold) }),
  },
  /**
   * One file for support: logs, versions, OS, settings without secrets, counts; no personal data.
   * The desktop app saves it itself (`savedTo`, content null); the browser host hands the content
   * to the page to download.
   */
  'support.bundle': {
    request: z.strictObject({}),
    response: z.object({
      fileName: z.string(),
      content: z.string().nullable(),
      savedTo: z.string().nullable(),
    }),
  },
  /** Where staff are now (the renderer says so as it changes). */
  'recovery.keep': { request: KeptFlow, response: z.object({ kept: z.boolean() }) },
  /** Where staff were, for a window reloaded after a crash; null: nothing kept. */
  'recovery.get': {
    request: z.strictObject({}),
    response: z.object({ flow: KeptFlow.nullable() }),
  },
} as const;
