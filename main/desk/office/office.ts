/**
 * The head office at the counter (issue 40): enrolment, the sender started with the session, a
 * replacement PC's restore before it sells, and what the status bar and the check read. The
 * feature's state is a session part (AA60); what it needs of the desk is `OfficePorts`.
 */
import { RestorePage } from '../../../office/protocol/wire';
import type { Logger } from '../../api/index';
import { systemClock, type Clock } from '../../common/clock';
import type { StaffStamp } from '../../common/staff';
import { DeskError } from '../../ipc/errors';
import { AheadAuditLog, historyOf, type AuditLog, type Counter } from '../../local/index';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import type { SettingsFile } from '../settings';
import { restoreRecords, type RestoreProgress } from '../till/restore';
import { enrol, HTTPS_PORTS, type EnrolPorts } from './enrol';
import { startOfficeLists } from './office-lists';
import { officeSettingsOf, saveOfficeSettings, type OfficeSettings } from './office-settings';
import { counterStatusOf } from './counter-status';
import { recordFacts } from './record-facts';
import { OfficeSender } from './sender';
import { talliesOf } from './tallies';
import type { OfficeTransport } from './transport';

/** Where the device credential is kept (a `SecretStore` of ports.ts, named here: no cycle). */
export interface CredentialStore {
  /** Why it cannot keep a secret here (no OS keystore), checked before the code is used. */
  problem?(): Error | null;
  read(): string | null;
  write(value: string): void;
  clear(): void;
}

export interface OfficePorts {
  settings: SettingsFile;
  /** Where the device credential is kept: as the API key is (the OS's keystore, sealed files). */
  secrets: CredentialStore;
  /** This install's counter: a replacement PC takes the replaced counter's id. */
  counter: Counter;
  logger: Logger;
  clock?: Clock;
  /** How the office is reached (tests: a fake office). */
  connect?: EnrolPorts;
  random?: () => number;
  /** Who is signed in at this counter now (the staff desk's), for the status (AB59). */
  staffOnTill?: () => StaffStamp | null;
}

interface OfficeState {
  sender: OfficeSender | null;
  transport: OfficeTransport | null;
  restore: RestoreProgress | null;
  restoreProblem: string | null;
  stop: (() => void) | null;
}

export const officePart: SessionPart<OfficeState> = definePart(
  'office',
  (): OfficeState => ({
    sender: null,
    transport: null,
    restore: null,
    restoreProblem: null,
    stop: null,
  }),
  {
    close(state) {
      state.sender?.close();
      state.stop?.();
    },
  },
);

/** A replacement PC's restore is under way: nothing is recorded until it is done. */
export const RESTORING = 'OFFICE_RESTORING';
/** How long a restore that failed (no answer) waits before it tries again. */
const RESTORE_RETRY_MS = 30_000;

const innerAudit = (session: DeskSession): AuditLog =>
  session.audit instanceof AheadAuditLog ? session.audit.inner : session.audit;

/** Start the office's work with a session, when this counter is enrolled (never in training). */
export function startOffice(session: DeskSession, ports: OfficePorts): void {
  const office = officeSettingsOf(ports.settings);
  if (!office || session.training) return;
  const state = session.part(officePart);
  if (state.sender) return;
  const outbox = session.useOffice();
  const clock = ports.clock ?? systemClock;
  const transport = (ports.connect ?? HTTPS_PORTS).transport(office.url, office.caPem);
  if (office.restore) {
    // The office holds 1..head: this PC's own records continue after (set before any is made).
    if (outbox.acked === null && outbox.size === 0) outbox.continueAfter(office.restore.head);
  } else if (!outbox.backfilled) {
    // Once, at enrolment (again after a stop half-way): the history already on this PC.
    outbox.backfill(() => historyOf(session.journal, innerAudit(session)));
  }
  const sender = new OfficeSender({
    outbox,
    transport,
    credential: () => ports.secrets.read(),
    tallies: (days) => talliesOf(session.journal, days),
    clock,
    logger: ports.logger,
    random: ports.random,
    onChange: () => session.statusChanged(),
    // What the books need of each record, read at send time (AB56), and the counter's state.
    facts: recordFacts(session, ports.settings),
    status: (toSend) => counterStatusOf(session, ports.staffOnTill ?? (() => null), toSend),
  });
  state.sender = sender;
  state.transport = transport;
  const credential = () => ports.secrets.read();
  startOfficeLists(session, {
    storeId: office.store.id,
    transport,
    credential,
    clock,
    logger: ports.logger,
    random: ports.random,
    onChange: () => session.statusChanged(),
  });
  state.stop = session.till.onRecorded(() => void sender.wake());
  if (office.restore) void restore(session, ports, office, state, clock);
  else sender.start();
}

async function restore(
  session: DeskSession,
  ports: OfficePorts,
  office: OfficeSettings,
  state: OfficeState,
  clock: Clock,
): Promise<void> {
  const plan = office.restore!;
  state.restore ??= { through: plan.through, head: plan.head, skipped: 0 };
  session.till.refuseWhile(
    () =>
      new DeskError(
        RESTORING,
        `this counter's records are coming back from the office (${state.restore?.through ?? 0} of ${plan.head}); sell once they are here`,
      ),
  );
  session.statusChanged();
  try {
    await restoreRecords({
      page: (after) =>
        state.transport!.request(
          {
            method: 'GET',
            path: `/device/records?after=${after}`,
            credential: ports.secrets.read() ?? undefined,
          },
          RestorePage,
        ),
      journal: session.journal,
      audit: innerAudit(session),
      from: state.restore.through,
      head: plan.head,
      logger: ports.logger,
      onProgress: (progress) => {
        state.restore = progress;
        const current = officeSettingsOf(ports.settings);
        if (current)
          saveOfficeSettings(ports.settings, {
            ...current,
            restore: { head: plan.head, through: progress.through },
          });
        session.statusChanged();
      },
    });
  } catch (error) {
    state.restoreProblem = (error as Error).name;
    ports.logger.warn('office.restore_failed', { error: (error as Error).name });
    session.statusChanged();
    clock.after(RESTORE_RETRY_MS, () => restore(session, ports, office, state, clock)).unref();
    return;
  }
  const current = officeSettingsOf(ports.settings);
  if (current) saveOfficeSettings(ports.settings, { ...current, restore: null });
  state.restore = null;
  state.restoreProblem = null;
  session.till.refuseWhile(null);
  session.statusChanged();
  state.sender?.start();
}

/** When the restore is done (tests, the set-up's wait); resolves at once when there is none. */
export function restoring(session: DeskSession): RestoreProgress | null {
  return session.part(officePart).restore;
}

export interface EnrolRequest {
  url: string;
  code: string;
}

/**
 * Enrol this counter with its office: the code checked against the office's CA, the credential
 * kept in the secret store (before the settings: a credential without settings is harmless), the
 * settings saved, a replacement PC taking its counter's id and name, then the office's work
 * started (the backfill, or the restore).
 */
export async function enrolOffice(
  session: DeskSession,
  request: EnrolRequest,
  ports: OfficePorts,
): Promise<OfficeSettings> {
  if (session.training)
    throw new DeskError('OFFICE_TRAINING', 'training keeps nothing for the office');
  const state = session.part(officePart);
  // Enrolled already: only again once the office revoked this PC (its outbox goes on as it is).
  if (officeSettingsOf(ports.settings) && state.sender?.state.stopped?.kind !== 'revoked')
    throw new DeskError('OFFICE_ENROLLED', 'this counter is enrolled with an office already');
  // A code is used once: where the credential could not be kept, it is not spent.
  const cannotKeep = ports.secrets.problem?.();
  if (cannotKeep) throw cannotKeep;
  const me = session.counter();
  const { answer, caPem, url } = await enrol(
    {
      url: request.url,
      code: request.code,
      counterId: me.id,
      counterName: me.name,
      reservationStore: session.storeId,
    },
    ports.connect,
  );
  ports.secrets.write(answer.credential);
  const office: OfficeSettings = {
    v: 1,
    url,
    caPem,
    deviceId: answer.deviceId,
    organisation: answer.organisation,
    store: answer.store,
    counter: answer.counter,
    restore: answer.head > 0 ? { head: answer.head, through: 0 } : null,
    enrolledAt: session.now(),
  };
  saveOfficeSettings(ports.settings, office);
  if (answer.counter.id !== me.id) {
    // A replacement PC: it is that counter from now on (its id kept beside the settings).
    ports.counter.id = answer.counter.id;
    ports.settings.savePart('counter', { v: 1, id: answer.counter.id });
    ports.settings.update({
      shop: { ...ports.settings.current.shop, counterName: answer.counter.name.slice(0, 40) },
    });
  }
  // A sender stopped by the revocation makes way for the new credential's.
  state.sender?.close();
  state.stop?.();
  state.sender = null;
  state.stop = null;
  ports.logger.info('office.enrolled', {
    deviceId: answer.deviceId,
    replaced: answer.head > 0,
  });
  startOffice(session, ports);
  return office;
}
