/**
 * What the desk asks of the installed app (issue 14): its updates, settings, logs and support
 * bundle. The platform provides it (main/host/installed/installed-app.ts); the desk only routes
 * the channels to it and adds what it alone knows (the flow in progress, the counts).
 */
import type {
  InstalledView,
  Request,
  Response,
  UpdateHold,
  UpdateStatus,
} from '../../ipc/contract';
import type { SupportFacts } from './facts';

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
