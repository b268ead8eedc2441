/** The organisation's account mapping (decision AB60): the defaults until the owner saves one. */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { row } from '../db/db';
import { asTenant } from '../db/tenant';
import { AccountMapping, DEFAULT_ACCOUNTS } from '../protocol/web';

export async function accountsOf(ctx: OfficeContext, orgId: string): Promise<AccountMapping> {
  const found = await asTenant(ctx.db, { orgId }, (tx) =>
    row(tx, z.object({ mapping: z.unknown() }), 'SELECT mapping FROM account_mappings'),
  );
  // A mapping saved by an older office that no longer reads is not guessed at: the defaults.
  const parsed = AccountMapping.safeParse(found?.mapping);
  return parsed.success ? parsed.data : DEFAULT_ACCOUNTS;
}

export async function saveAccounts(
  ctx: OfficeContext,
  orgId: string,
  mapping: AccountMapping,
): Promise<AccountMapping> {
  await asTenant(ctx.db, { orgId }, (tx) =>
    tx.query(
      `INSERT INTO account_mappings (org_id, mapping, updated_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (org_id) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`,
      [orgId, JSON.stringify(mapping), new Date(ctx.now())],
    ),
  );
  return mapping;
}
