/**
 * Tenant work (decision AB4): one transaction that drops to the `office_tenant` role and sets the
 * organisation (and, for a device, the store) the row-level policies read. Whatever the code
 * above gets wrong, the database shows this transaction no other tenant's rows.
 */
import type { Db, Tx } from './db';

export interface Tenant {
  orgId: string;
  /** Set for a device: it sees its own store only. */
  storeId?: string;
  /** Set for a store manager: they see these stores only (decision AB53). */
  storeIds?: readonly string[] | null;
}

/** Drops the current transaction to the tenant's role and settings (SET LOCAL: until it ends). */
export async function becomeTenant(tx: Tx, tenant: Tenant): Promise<void> {
  await tx.query('SET LOCAL ROLE office_tenant');
  await tx.query(
    `SELECT set_config('office.org_id', $1, true), set_config('office.store_id', $2, true),
            set_config('office.store_ids', $3, true)`,
    [tenant.orgId, tenant.storeId ?? '', tenant.storeIds ? `{${tenant.storeIds.join(',')}}` : ''],
  );
}

export function asTenant<T>(db: Db, tenant: Tenant, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await becomeTenant(tx, tenant);
    return fn(tx);
  });
}
