/**
 * Owners: the first account (set-up), log-in, sessions. Set-up and log-in run before the
 * organisation is known, so they read by a unique key as the tables' owner role; everything
 * after log-in runs as the tenant (decision AB4).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { sha256, randomToken } from '../crypto/secrets';
import { Int, row, When } from '../db/db';
import { asTenant } from '../db/tenant';
import { OfficeError } from '../errors';
import { Role } from '../protocol/web';
import { dummyHash, hashPassword, verifyPassword } from './password';

const SESSION_MS = 12 * 3600_000;

export async function ownerCount(ctx: OfficeContext): Promise<number> {
  const found = await row(ctx.db, z.object({ n: Int }), 'SELECT count(*) AS n FROM owners');
  return found?.n ?? 0;
}

export interface NewOwner {
  organisationName: string;
  email: string;
  password: string;
}

/**
 * The organisation and its first owner, in one transaction. `onlyFirst` (set-up over HTTP) refuses
 * when any owner exists, checked under a lock so that two set-ups at once make one.
 */
export async function createOwner(
  ctx: OfficeContext,
  input: NewOwner,
  options: { onlyFirst: boolean },
): Promise<{ orgId: string; ownerId: string }> {
  const passwordHash = await hashPassword(input.password, ctx.passwordCost);
  const orgId = randomUUID();
  const ownerId = randomUUID();
  const { wrapped } = ctx.keyring.newDataKey(orgId);
  await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(4000041)');
    if (options.onlyFirst) {
      const found = await row(tx, z.object({ n: Int }), 'SELECT count(*) AS n FROM owners');
      if ((found?.n ?? 0) > 0) throw new OfficeError(409, 'setup_done', 'the office is set up');
    }
    const taken = await row(
      tx,
      z.object({ n: Int }),
      'SELECT count(*) AS n FROM owners WHERE lower(email) = lower($1)',
      [input.email],
    );
    if ((taken?.n ?? 0) > 0)
      throw new OfficeError(409, 'bad_request', 'that e-mail has an account');
    await tx.query(
      'INSERT INTO organisations (org_id, name, data_key_wrapped) VALUES ($1, $2, $3)',
      [orgId, input.organisationName, wrapped],
    );
    await tx.query(
      'INSERT INTO owners (org_id, owner_id, email, password_hash) VALUES ($1, $2, $3, $4)',
      [orgId, ownerId, input.email.toLowerCase(), passwordHash],
    );
  });
  return { orgId, ownerId };
}

export interface OwnerSession {
  orgId: string;
  ownerId: string;
  email: string;
  role: Role;
  /** A manager's stores; null: every store of the organisation (an owner, an accountant). */
  storeIds: string[] | null;
}

/** The tenant a person's work runs as: a manager's stores held by the database too (AB53). */
export const tenantOf = (session: OwnerSession) => ({
  orgId: session.orgId,
  storeIds: session.storeIds,
});

/** A session for the right password; null otherwise, the same for an unknown e-mail. */
export async function logIn(
  ctx: OfficeContext,
  email: string,
  password: string,
  via: 'api' | 'web' = 'api',
): Promise<{ token: string; expiresAt: Date; organisation: { id: string; name: string } } | null> {
  const owner = await row(
    ctx.db,
    z.object({
      org_id: z.string(),
      owner_id: z.string(),
      password_hash: z.string(),
      name: z.string(),
    }),
    `SELECT o.org_id, o.owner_id, o.password_hash, g.name
       FROM owners o JOIN organisations g ON g.org_id = o.org_id WHERE lower(o.email) = lower($1)`,
    [email],
  );
  if (!owner) {
    await verifyPassword(password, await dummyHash(ctx.passwordCost));
    return null;
  }
  if (!(await verifyPassword(password, owner.password_hash))) return null;
  const token = `fdo_${randomToken()}`;
  const expiresAt = new Date(ctx.now() + SESSION_MS);
  await asTenant(ctx.db, { orgId: owner.org_id }, (tx) =>
    tx.query(
      'INSERT INTO owner_sessions (org_id, token_hash, owner_id, expires_at, via) VALUES ($1, $2, $3, $4, $5)',
      [owner.org_id, sha256(token), owner.owner_id, expiresAt, via],
    ),
  );
  return { token, expiresAt, organisation: { id: owner.org_id, name: owner.name } };
}

/** The owner a bearer token belongs to, while it has not expired. */
export async function sessionOwner(
  ctx: OfficeContext,
  token: string,
): Promise<OwnerSession | null> {
  const found = await row(
    ctx.db,
    z.object({
      org_id: z.string(),
      owner_id: z.string(),
      expires_at: When,
      email: z.string(),
      role: Role,
      store_ids: z.array(z.string()),
    }),
    `SELECT s.org_id, s.owner_id, s.expires_at, o.email, o.role, o.store_ids
       FROM owner_sessions s JOIN owners o ON o.org_id = s.org_id AND o.owner_id = s.owner_id
      WHERE s.token_hash = $1`,
    [sha256(token)],
  );
  if (!found || found.expires_at.getTime() <= ctx.now()) return null;
  return {
    orgId: found.org_id,
    ownerId: found.owner_id,
    email: found.email,
    role: found.role,
    storeIds: found.role === 'manager' ? found.store_ids : null,
  };
}

/** Log-out: the session's row goes (as the tenant: a token of one organisation ends only its own). */
export async function logOut(
  ctx: OfficeContext,
  session: OwnerSession,
  token: string,
): Promise<void> {
  await asTenant(ctx.db, { orgId: session.orgId }, (tx) =>
    tx.query('DELETE FROM owner_sessions WHERE token_hash = $1', [sha256(token)]),
  );
}
