/**
 * The joining counter's side (H13): dial the address in the code, prove the code's secret by the
 * TLS handshake it keys (`joinSecrets`), say who this counter is, read the one answer. Each way it
 * can fail is its own reason, for staff: the counter cannot be reached, the code is wrong (no
 * handshake: no invite of that secret there), expired, used, or this counter is not set up on
 * the shop's key and store.
 */
import type { TLSSocket } from 'node:tls';
import { encodeFrame, readFrames } from '../mesh/frames';
import { joinSecrets } from '../mesh/keys';
import { dialPeer } from '../mesh/tls';
import type { JoinCode } from './code';
import { JoinAnswer, MAX_JOIN_FRAME_BYTES, type JoinRefusal, type JoinRequest } from './wire';

export type JoinFailure = 'unreachable' | 'wrong_code' | 'bad_answer' | JoinRefusal;

export class JoinError extends Error {
  override name = 'JoinError';
  constructor(readonly reason: JoinFailure) {
    super(`joining by code failed: ${reason}`);
  }
}

/** Socket errors that say nothing answered there (as opposed to a handshake that failed). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'handshake_timeout',
]);

/** Where the shop's counters are reached, and the showing counter's name. */
export type JoinAddresses = Exclude<JoinAnswer, { type: 'refused' }>;

export async function joinByCode(
  code: JoinCode,
  me: Omit<JoinRequest, 'type'>,
  timeoutMs = 10_000,
): Promise<JoinAddresses> {
  let socket: TLSSocket;
  try {
    socket = await dialPeer(code.host, code.port, joinSecrets(code.secret), timeoutMs);
  } catch (error) {
    throw new JoinError(UNREACHABLE.has((error as Error).message) ? 'unreachable' : 'wrong_code');
  }
  const answer = await new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(
      () => (socket.destroy(), reject(new JoinError('unreachable'))),
      timeoutMs,
    );
    const done = (value: unknown, error?: JoinError) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    readFrames(
      socket,
      (frame) => done(frame),
      () => done(null, new JoinError('bad_answer')),
      MAX_JOIN_FRAME_BYTES,
    );
    socket.once('error', () => done(null, new JoinError('unreachable')));
    // Closed without an answer: the showing counter refused what it read, or went away.
    socket.once('close', () => done(null, new JoinError('bad_answer')));
    socket.write(encodeFrame({ type: 'join', ...me } satisfies JoinRequest, MAX_JOIN_FRAME_BYTES));
  });
  const checked = JoinAnswer.safeParse(answer);
  if (!checked.success) throw new JoinError('bad_answer');
  if (checked.data.type === 'refused') throw new JoinError(checked.data.reason);
  return checked.data;
}
