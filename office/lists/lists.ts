/**
 * The chain's lists at the office (decisions AB70–AB79): entries for every store and a store's
 * own over them (the store's wins for its id), whether the office manages each list at a store,
 * and the organisation's revision each change moves on. Tenant work throughout: a manager's
 * transaction sees and writes their stores' rows only, and never the chain's (the database holds
 * them to it as well: 003_chain_lists.sql).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_DISCOUNT_REASONS,
  reasonDraftProblems,
  type DiscountReasonChoice,
} from '../../main/common';
import type { OfficeContext } from '../context';
import { Int, row, rows, type Tx } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import type { Device } from '../enrolment/enrolment';
import { OfficeError } from '../errors';
import {
  DRAFT,
  ENTRY,
  ListName,
  NOT_MANAGED,
  officeAuthor,
  type AnyEntry,
  type DeviceLists,
  type ListAnswer,
  type Managed,
} from '../protocol/lists';

/** Who changes a list: their e-mail stamps the version, their stores bound the change. */
export interface ListEditor {
  email: string;
  tenant: Tenant;
}

const EntryRow = z.object({
  store_id: z.string().nullable(),
  list: ListName,
  entry_id: z.string(),
  entry: z.record(z.string(), z.unknown()),
  revision: Int,
});
type EntryRow = z.infer<typeof EntryRow>;

/** The chain's rows, and one store's (or none), of some lists. */
async function entryRows(tx: Tx, lists: readonly ListName[], storeId: string | null) {
  const chain = await rows(
    tx,
    EntryRow,
    `SELECT NULL::uuid AS store_id, list, entry_id, entry, revision FROM chain_list_entries
      WHERE list = ANY ($1) ORDER BY entry_id`,
    [lists],
  );
  const store = storeId
    ? await rows(
        tx,
        EntryRow,
        `SELECT store_id::text, list, entry_id, entry, revision FROM store_list_entries
          WHERE store_id = $1 AND list = ANY ($2) ORDER BY entry_id`,
        [storeId, lists],
      )
    : [];
  return { chain, store };
}

/** A store's list: the chain's entries, each replaced by the store's own of its id, sorted by id. */
function overlay(chain: EntryRow[], store: EntryRow[], list: ListName): Record<string, unknown>[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const r of chain) if (r.list === list) byId.set(r.entry_id, r.entry);
  for (const r of store) if (r.list === list) byId.set(r.entry_id, r.entry);
  return [...byId.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e);
}

async function revisionOf(tx: Tx): Promise<number> {
  const found = await row(tx, z.object({ revision: Int }), 'SELECT revision FROM list_revisions');
  return found?.revision ?? 0;
}

/** The organisation's next revision (its row locked until the transaction ends: in order). */
async function nextRevision(tx: Tx, orgId: string): Promise<number> {
  const next = await row(
    tx,
    z.object({ revision: Int }),
    `INSERT INTO list_revisions (org_id, revision) VALUES ($1, 1)
       ON CONFLICT (org_id) DO UPDATE SET revision = list_revisions.revision + 1
       RETURNING revision`,
    [orgId],
  );
  return next!.revision;
}

async function managedAt(tx: Tx, storeId: string): Promise<Managed> {
  const found = await rows(
    tx,
    z.object({ list: ListName, managed: z.boolean() }),
    'SELECT list, managed FROM store_list_managed WHERE store_id = $1',
    [storeId],
  );
  const managed = { ...NOT_MANAGED };
  for (const r of found) managed[r.list] = r.managed;
  return managed;
}

/** A list as the owner's page reads it: the chain's, and with a store its own and the sum. */
export function readList(
  ctx: OfficeContext,
  tenant: Tenant,
  list: ListName,
  storeId: string | null,
): Promise<ListAnswer> {
  return asTenant(ctx.db, tenant, async (tx) => {
    const { chain, store } = await entryRows(tx, [list], storeId);
    return {
      list,
      storeId,
      entries: [...chain, ...store].map((r) => ({ storeId: r.store_id, entry: r.entry })),
      effective: storeId ? overlay(chain, store, list) : [],
      managed: storeId ? (await managedAt(tx, storeId))[list] : null,
      managedStores: (
        await rows(
          tx,
          z.object({ store_id: z.string() }),
          'SELECT store_id::text FROM store_list_managed WHERE list = $1 AND managed ORDER BY store_id',
          [list],
        )
      ).map((r) => r.store_id),
      revision: await revisionOf(tx),
    };
  });
}

/** A new entry's id, as the counter makes one for that list. */
function newId(list: ListName, now: number): string {
  return list === 'discountReasons'
    ? `r${now.toString(36)}-${randomBytes(4).toString('hex')}`
    : randomUUID();
}

/** What is wrong with a reason against the list it joins (the counter's own check). */
function reasonProblems(draft: z.infer<(typeof DRAFT)['discountReasons']>, held: AnyEntry[]) {
  const byId = new Map<string, DiscountReasonChoice>(
    DEFAULT_DISCOUNT_REASONS.reasons.map((r) => [r.id, r]),
  );
  for (const e of held) byId.set(e.id, e as DiscountReasonChoice);
  // An id the office has not held is a counter's reason it takes over, as for the other lists.
  return reasonDraftProblems(draft, [...byId.values()]).filter((p) => p.code !== 'REASON_UNKNOWN');
}

/**
 * Add or change entries of a list, for every store (`storeId` null) or one. Each is stamped with
 * the office's clock — never behind what it replaces at that store, the chain's entry of its id
 * included, so a store's entry is newer than the chain's it covers — and the editor's e-mail.
 */
export async function changeList(
  ctx: OfficeContext,
  editor: ListEditor,
  list: ListName,
  storeId: string | null,
  drafts: unknown[],
): Promise<ListAnswer> {
  const parsed = drafts.map((d, i) => {
    const result = DRAFT[list].safeParse(d);
    if (!result.success)
      throw new OfficeError(
        400,
        'bad_request',
        `entries.${i}.${result.error.issues[0]?.path.join('.') ?? ''}: ${result.error.issues[0]?.message ?? 'invalid'}`,
      );
    return result.data;
  });
  const ids = parsed.flatMap((d) => (d.id ? [d.id] : []));
  if (new Set(ids).size !== ids.length)
    throw new OfficeError(400, 'bad_request', 'an entry is given twice');
  await asTenant(ctx.db, editor.tenant, async (tx) => {
    const revision = await nextRevision(tx, editor.tenant.orgId);
    const { chain, store } = await entryRows(tx, [list], storeId);
    const held = new Map<string, { updatedAt: number }>();
    for (const r of [...chain, ...store]) {
      const at = Number(r.entry.updatedAt ?? 0);
      if ((held.get(r.entry_id)?.updatedAt ?? -1) < at) held.set(r.entry_id, { updatedAt: at });
    }
    const now = ctx.now();
    for (const draft of parsed) {
      // An id the office has not held: a counter's entry the office takes over (decision AB72).
      if (list === 'discountReasons') {
        const current = overlay(chain, store, list) as AnyEntry[];
        const problems = reasonProblems(
          draft as z.infer<(typeof DRAFT)['discountReasons']>,
          current,
        );
        if (problems.length)
          throw new OfficeError(400, 'bad_request', `${problems[0]!.field}: ${problems[0]!.code}`);
      }
      const id = draft.id ?? newId(list, now);
      const entry = ENTRY[list].parse({
        ...draft,
        id,
        updatedAt: Math.max(now, (held.get(id)?.updatedAt ?? 0) + 1),
        updatedBy: officeAuthor(editor.email),
      });
      if (storeId === null)
        await tx.query(
          `INSERT INTO chain_list_entries (org_id, list, entry_id, entry, revision)
             VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (org_id, list, entry_id)
             DO UPDATE SET entry = $4, revision = $5, updated_at = now()`,
          [editor.tenant.orgId, list, id, JSON.stringify(entry), revision],
        );
      else
        await tx.query(
          `INSERT INTO store_list_entries (org_id, store_id, list, entry_id, entry, revision)
             VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (org_id, store_id, list, entry_id)
             DO UPDATE SET entry = $5, revision = $6, updated_at = now()`,
          [editor.tenant.orgId, storeId, list, id, JSON.stringify(entry), revision],
        );
    }
  });
  return readList(ctx, editor.tenant, list, storeId);
}

/** The office manages a list at these stores (or stops): their counters' copies are read-only. */
export async function setManaged(
  ctx: OfficeContext,
  editor: ListEditor,
  list: ListName,
  storeIds: readonly string[],
  managed: boolean,
): Promise<number> {
  return asTenant(ctx.db, editor.tenant, async (tx) => {
    const revision = await nextRevision(tx, editor.tenant.orgId);
    for (const storeId of storeIds)
      await tx.query(
        `INSERT INTO store_list_managed (org_id, store_id, list, managed, revision, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (org_id, store_id, list)
           DO UPDATE SET managed = $4, revision = $5, updated_by = $6, updated_at = now()`,
        [editor.tenant.orgId, storeId, list, managed, revision, officeAuthor(editor.email)],
      );
    return revision;
  });
}

/**
 * A device's store's lists whole, when a change since `since` touched them (null: none did). The
 * store's revision is the greatest of the rows it reads, so another store's change is no news.
 */
export function deviceLists(
  ctx: OfficeContext,
  device: Device,
  since: number,
): Promise<DeviceLists | null> {
  return asTenant(ctx.db, { orgId: device.orgId, storeId: device.storeId }, async (tx) => {
    const managedRows = await rows(
      tx,
      z.object({ list: ListName, managed: z.boolean(), revision: Int }),
      'SELECT list, managed, revision FROM store_list_managed WHERE store_id = $1',
      [device.storeId],
    );
    const { chain, store } = await entryRows(tx, ListName.options, device.storeId);
    const revision = Math.max(0, ...[...managedRows, ...chain, ...store].map((r) => r.revision));
    if (revision <= since) return null;
    const managed = { ...NOT_MANAGED };
    for (const r of managedRows) managed[r.list] = r.managed;
    const of = <L extends ListName>(list: L) =>
      overlay(chain, store, list).flatMap((e) => {
        // An entry a later version of the office wrote and this one cannot read: left out.
        const parsed = ENTRY[list].safeParse(e);
        return parsed.success ? [parsed.data] : [];
      });
    return {
      revision,
      managed,
      items: of('items') as DeviceLists['items'],
      discountReasons: of('discountReasons') as DeviceLists['discountReasons'],
      staff: of('staff') as DeviceLists['staff'],
    };
  });
}
