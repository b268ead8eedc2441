/**
 * What the desk asks of the installed app (issue 14): its updates, settings, logs and support
 * bundle. `installed-app.ts` provides it with the platform's pieces (the hosts wire it); the desk
 * only routes the channels to it and adds what it alone knows (the flow in progress, the counts:
 * `SupportFacts`, gathered by main/desk/installed/facts.ts).
 */
import type { InstalledView, Request, Response, UpdateHold, UpdateStatus } from '../ipc/contract';

export type InstalledChange = Request<'installed.configure'>;

export interface InstalledPort {
  view(): InstalledView;
  configure(change: InstalledChange): InstalledView;
  checkUpdates(): Promise<UpdateStatus>;
  installUpdate(): { installing: boolean; holds: UpdateHold[] };
  /** The support bundle's text, given what the desk knows. */
  supportBundle(facts: SupportFacts): Promise<Response<'support.bundle'>>;
  /** The flow staff are in, or the outbox, changed (what holds an update back). */
  activityChanged(): void;
}

/** What the desk adds to the support bundle: counts and settings, never a key or a customer's details. */
export interface SupportFacts {
  settings: Record<string, unknown>;
  outbox: Record<string, number> | null;
  journal: { days: number; byKind: Record<string, number>; unreadable: number } | null;
  damageNotices: number;
  /** The store's time zone, for the times in the bundle; null before set-up. */
  timeZone: string | null;
}
