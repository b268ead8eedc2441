/**
 * The people of an organisation (decision AB53): the owner adds store managers (their stores) and
 * accountants (every store, read and export), or another owner. Each signs in with their own
 * e-mail and password; what they may do is their role's.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, row, rows } from '../db/db';
import { asTenant } from '../db/tenant';
import { OfficeError } from '../errors';
import { Role, type NewUser } from '../protocol/web';
import { hashPassword } from './password';

export async function createUser(ctx: OfficeContext, orgId: string, input: NewUser) {
  const storeIds = input.role === 'manager' ? [...new Set(input.storeIds)] : [];
  if (input.role === 'manager' && storeIds.length === 0)
    throw new OfficeError(400, 'bad_request', 'a manager needs at least one store');
  const passwordHash = await hashPassword(input.password, ctx.passwordCost);
  const id = randomUUID();
  // E-mails are unique across the office (log-in finds a person by it before the organisation):
  // checked by the table's owner role, the one look-up that crosses organisations.
  const taken = await row(
    ctx.db,
    z.object({ n: Int }),
    'SELECT count(*) AS n FROM owners WHERE lower(email) = lower($1)',
    [input.email],
  );
  if ((taken?.n ?? 0) > 0) throw new OfficeError(409, 'bad_request', 'that e-mail has an account');
  await asTenant(ctx.db, { orgId }, async (tx) => {
    const known = await row(
      tx,
      z.object({ n: Int }),
      'SELECT count(*) AS n FROM stores WHERE store_id = ANY ($1::uuid[])',
      [storeIds],
    );
    if ((known?.n ?? 0) !== storeIds.length)
      throw new OfficeError(404, 'not_found', 'no such store');
    await tx.query(
      `INSERT INTO owners (org_id, owner_id, email, password_hash, role, store_ids)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[])`,
      [orgId, id, input.email.toLowerCase(), passwordHash, input.role, storeIds],
    );
  });
  return { id, email: input.email.toLowerCase(), role: input.role, storeIds };
}

export function listUsers(ctx: OfficeContext, orgId: string) {
  return asTenant(ctx.db, { orgId }, (tx) =>
    rows(
      tx,
      z
        .object({
          owner_id: z.string(),
          email: z.string(),
          role: Role,
          store_ids: z.array(z.string()),
        })
        .transform((r) => ({
          id: r.owner_id,
          email: r.email,
          role: r.role,
          storeIds: r.store_ids,
        })),
      'SELECT owner_id, email, role, store_ids FROM owners ORDER BY created_at, email',
    ),
  );
}
