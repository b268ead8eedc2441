/**
 * The web page's session (decision AB52): the session token lives in a cookie the page's scripts
 * cannot read (`__Host-` prefix: Secure, Path=/, no Domain; HttpOnly; SameSite=Strict), and every
 * request that changes something carries the session's CSRF token in a header, which a page of
 * another site can neither read nor send. The CSRF token is derived from the session's token
 * (SHA-256 of a label and it), so it is known again after a reload without being stored, and says
 * nothing of the session token. Requests with an Origin not the office's own are refused as well.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OfficeContext } from '../context';
import { sha256 } from '../crypto/secrets';
import { OfficeError } from '../errors';
import { CSRF_HEADER, type Role } from '../protocol/web';
import { sessionOwner, type OwnerSession } from './accounts';

export const SESSION_COOKIE = '__Host-fd_session';
const SESSION_SECONDS = 12 * 3600;

export const csrfOf = (token: string) => sha256(`front-desk csrf|${token}`).toString('base64url');

/** The session token in the request's cookies, or null. */
export function sessionCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}`,
  );
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`,
  );
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request from a page of another origin (when the browser says which). */
export function foreignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export interface WebPerson extends OwnerSession {
  token: string;
}

/**
 * The person a web request comes from, allowed `roles`: 401 without a live session, 403 for a
 * role not allowed or, on a change, without the session's CSRF token or from another origin.
 */
export async function webPerson(
  ctx: OfficeContext,
  request: FastifyRequest,
  roles: readonly Role[],
): Promise<WebPerson> {
  const token = sessionCookie(request);
  const session = token ? await sessionOwner(ctx, token) : null;
  if (!token || !session) throw new OfficeError(401, 'unauthorised', 'sign in first');
  if (CHANGES.has(request.method)) {
    const sent = Buffer.from(String(request.headers[CSRF_HEADER] ?? ''));
    const expected = Buffer.from(csrfOf(token));
    if (
      foreignOrigin(request) ||
      sent.length !== expected.length ||
      !timingSafeEqual(sent, expected)
    )
      throw new OfficeError(403, 'forbidden', 'the page’s token is missing: reload the page');
  }
  if (!roles.includes(session.role))
    throw new OfficeError(403, 'forbidden', 'your role may not use this');
  return { ...session, token };
}

/** Everyone signed in. */
export const ANY_ROLE: readonly Role[] = ['owner', 'manager', 'accountant'];
