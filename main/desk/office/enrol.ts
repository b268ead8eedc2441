/**
 * Enrolment with a head office (issue 40, decision AB24): staff type the office's address and the
 * enrolment code (`FD1-<secret>-<pin>`). The office's CA is fetched once without verification
 * (`GET /v1/ca`) and must match the code's pin — SHA-256 of its DER, first 16 bytes — or the
 * counter refuses: this is not your office, and the secret never leaves the PC. Then
 * `POST /v1/enrol` goes with that CA pinned. What is sent: the code's secret, this counter's id
 * and name, the Reservation Service store id — never the service's API key.
 */
import { CaAnswer, EnrolAnswer, parseEnrolmentCode } from '../../../office/protocol/wire';
import { caMatchesPin } from '../../../office/protocol/pin';
import { DeskError } from '../../ipc/errors';
import {
  answerOf,
  httpsJson,
  OfficeError,
  pinnedTransport,
  type OfficeTransport,
} from './transport';

export interface EnrolInput {
  url: string;
  code: string;
  counterId: string;
  counterName: string;
  reservationStore: string | null;
}

export interface EnrolPorts {
  /** `GET /v1/ca` without verification: the office's CA, PEM. */
  fetchCa(url: string): Promise<string>;
  /** The office with its CA pinned. */
  transport(url: string, caPem: string): OfficeTransport;
}

export const HTTPS_PORTS: EnrolPorts = {
  async fetchCa(url) {
    const { status, json } = await httpsJson(url, null, { method: 'GET', path: '/ca' });
    return answerOf(status, json, CaAnswer).pem;
  },
  transport: pinnedTransport,
};

export interface Enrolled {
  answer: EnrolAnswer;
  caPem: string;
  url: string;
}

/** The office's address as staff typed it: https only, no path. */
export function officeUrlOf(text: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text.trim()) ? text.trim() : `https://${text.trim()}`);
  } catch {
    throw new DeskError('OFFICE_URL_INVALID', 'the office address is not an address');
  }
  if (url.protocol !== 'https:')
    throw new DeskError('OFFICE_URL_INVALID', 'the office is reached over https only');
  return url.origin;
}

export async function enrol(input: EnrolInput, ports: EnrolPorts = HTTPS_PORTS): Promise<Enrolled> {
  const code = parseEnrolmentCode(input.code);
  if (!code) throw new DeskError('OFFICE_CODE_INVALID', 'the enrolment code is not one');
  const url = officeUrlOf(input.url);
  let caPem: string;
  try {
    caPem = await ports.fetchCa(url);
  } catch (error) {
    throw officeProblem(error);
  }
  if (!caMatchesPin(caPem, code.pin))
    throw new DeskError(
      'OFFICE_NOT_YOURS',
      'this is not your office: its certificate does not match the code',
    );
  try {
    const answer = await ports.transport(url, caPem).request(
      {
        method: 'POST',
        path: '/enrol',
        body: {
          secret: code.secret,
          counterName: input.counterName.slice(0, 100) || 'counter',
          counterId: input.counterId,
          reservationStore: input.reservationStore,
        },
      },
      EnrolAnswer,
    );
    return { answer, caPem, url };
  } catch (error) {
    throw officeProblem(error);
  }
}

/** The office's refusal or silence as what staff are told (the code's trouble, or no answer). */
export function officeProblem(error: unknown): DeskError {
  if (error instanceof DeskError) return error;
  if (error instanceof OfficeError) {
    if (['code_invalid', 'code_expired', 'code_used'].includes(error.code))
      return new DeskError(`OFFICE_${error.code.toUpperCase()}`, error.message);
    if (error.status === 0) return new DeskError('OFFICE_UNREACHABLE', 'the office did not answer');
    if (error.status === 401)
      return new DeskError(
        'OFFICE_REVOKED',
        'the office no longer accepts this counter: enrol again',
      );
    return new DeskError('OFFICE_REFUSED', `the office refused (${error.code})`);
  }
  return new DeskError('OFFICE_UNREACHABLE', 'the office did not answer');
}
