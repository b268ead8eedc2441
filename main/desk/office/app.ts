/**
 * The head office's channels (issue 40): this counter's office and its sending (anyone), enrolment
 * (the settings permission, as the API key's set-up), the check and "send now" (someone signed
 * in). With any key: the office is the counter's own business, not the service's.
 */
import { DeskError } from '../../ipc/errors';
import type { OfficeView } from '../../ipc/contract';
import { channel, type ChannelsOf } from '../channel';
import type { DeskSession } from '../desk-session';
import type { DeskPorts } from '../ports';
import { checkWithOffice } from './check';
import { officeProblem } from './enrol';
import { enrolOffice, officePart, type OfficePorts } from './office';
import { officeSettingsOf } from './office-settings';
import { officeStatusOf } from './office-status';

function portsOf(ctx: Pick<DeskPorts, 'sessions'>): OfficePorts {
  const ports = ctx.sessions.officePorts();
  if (!ports) throw new DeskError('OFFICE_UNAVAILABLE', 'this counter cannot keep an office');
  return ports;
}

export function officeView(ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now'>): OfficeView {
  const session = ctx.sessions.current;
  const office = officeSettingsOf(ctx.settings);
  return {
    enrolled: office !== null,
    training: session?.training ?? false,
    url: office?.url ?? null,
    organisation: office?.organisation.name ?? null,
    store: office?.store.name ?? null,
    counter: office?.counter.name ?? null,
    enrolledAt: office?.enrolledAt ?? null,
    status: officeStatusOf(session, ctx.now()),
    damaged: (session?.officeOutbox?.damaged() ?? []).slice(0, 200).map((e) => ({
      seq: e.seq,
      stream: e.stream,
      businessDate: e.businessDate,
      kind: e.kind,
      amount: e.amount,
      problem: e.problem,
    })),
  };
}

function enrolled(ctx: Pick<DeskPorts, 'sessions' | 'settings'>): DeskSession {
  const session = ctx.sessions.require();
  if (!officeSettingsOf(ctx.settings) || !session.officeOutbox)
    throw new DeskError('OFFICE_NOT_ENROLLED', 'this counter is not enrolled with an office');
  return session;
}

export function officeApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now'>,
): ChannelsOf<'office.get' | 'office.enrol' | 'office.check' | 'office.send'> {
  return {
    'office.get': channel({ scope: null, rule: 'open' }, () => officeView(ctx)),
    'office.enrol': channel({ scope: null, rule: 'settings' }, async (request) => {
      await enrolOffice(ctx.sessions.require(), request, portsOf(ctx));
      ctx.sessions.queueStatus();
      return officeView(ctx);
    }),
    'office.check': channel({ scope: null, rule: 'who' }, async () => {
      const session = enrolled(ctx);
      const state = session.part(officePart);
      if (!state.transport)
        throw new DeskError('OFFICE_NOT_STARTED', 'the office is not reached yet');
      await session.journalReady();
      return checkWithOffice(session, state.transport, portsOf(ctx).secrets.read()).catch(
        (error: unknown) => {
          throw officeProblem(error);
        },
      );
    }),
    'office.send': channel({ scope: null, rule: 'open' }, async () => {
      const session = enrolled(ctx);
      await session.part(officePart).sender?.flush();
      return officeView(ctx);
    }),
  };
}
