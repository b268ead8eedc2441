/**
 * One record as the books show it: itself, its history (the record it is about and every record
 * about that one, oldest first: a refund, a correction, a receipt issued — nothing is edited or
 * deleted), who approved it, the receipts issued for it as they were drawn, and staff's notes.
 * Notes stay in the sealed body (they may name a person) and are read from it here, tolerantly:
 * a body that does not open or has none leaves the rest whole.
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { open, recordAad } from '../crypto/keys';
import { Bytes, row, rows } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import { OfficeError } from '../errors';
import type { RecordDetail } from '../protocol/web';
import { dataKey } from '../records/records';
import { factsOf, parseRecordKey, SUMMARY_COLUMNS, SummaryRow, summaryOf } from './record-rows';

/** The notes a journal record may carry (main/local/journal/records.ts): read, never required. */
const Notes = z.object({
  note: z.string().nullable().optional().catch(null),
  discountNotes: z.array(z.string().nullable()).optional().catch([]),
});

function notesOf(key: Buffer, r: SummaryRow, sealed: Buffer | null): string[] {
  if (!sealed) return [];
  try {
    const body = JSON.parse(
      open(key, sealed, recordAad(r.org_id, r.store_id, r.counter_id, r.record_id)).toString(
        'utf8',
      ),
    ) as unknown;
    const notes = Notes.safeParse(body);
    if (!notes.success) return [];
    return [notes.data.note ?? null, ...(notes.data.discountNotes ?? [])].filter(
      (n): n is string => !!n,
    );
  } catch {
    return [];
  }
}

export async function recordDetail(
  ctx: OfficeContext,
  tenant: Tenant,
  recordKey: string,
): Promise<RecordDetail> {
  const parts = parseRecordKey(recordKey);
  if (!parts) throw new OfficeError(404, 'not_found', 'no such record');
  const [storeId, counterId, recordId] = parts;
  return asTenant(ctx.db, tenant, async (tx) => {
    const key = await dataKey(ctx, tx, tenant.orgId);
    const Detail = SummaryRow.extend({
      body_sealed: Bytes.nullable(),
      refers_to: z.string().nullable(),
    });
    const from = `FROM records r JOIN counters c
        ON c.org_id = r.org_id AND c.store_id = r.store_id AND c.counter_id = r.counter_id`;
    const found = await row(
      tx,
      Detail,
      `SELECT ${SUMMARY_COLUMNS}, r.body_sealed, r.refers_to ${from}
        WHERE r.store_id = $1 AND r.counter_id = $2 AND r.record_id = $3`,
      [storeId, counterId, recordId],
    );
    if (!found) throw new OfficeError(404, 'not_found', 'no such record');
    // The story's first record: what this one is about, or itself. Ids are UUIDs, unique in the
    // store across its counters (a refund at one counter may pay back a sale of another).
    const root = found.refers_to ?? found.record_id;
    const story = await rows(
      tx,
      Detail,
      `SELECT ${SUMMARY_COLUMNS}, r.body_sealed, r.refers_to ${from}
        WHERE r.store_id = $1 AND (r.record_id = $2 OR r.refers_to = $2)
        ORDER BY coalesce(r.at, 0), r.seq LIMIT 200`,
      [storeId, root],
    );
    const facts = factsOf(found);
    return {
      record: summaryOf(key, found),
      taxes: facts?.taxes ?? [],
      lines: (facts?.lines ?? []).map((l) => ({
        name: l.name,
        quantity: l.quantity,
        amount: l.amount,
      })),
      notes: notesOf(key, found, found.body_sealed),
      history: story.map((r) => summaryOf(key, r)),
      receipts: story.flatMap((r) => {
        const receipt = factsOf(r)?.receipt;
        return receipt &&
          r.refers_to === (found.kind === 'receipt' ? found.refers_to : found.record_id)
          ? [{ record: summaryOf(key, r), reissue: receipt.reissue, copy: receipt.copy }]
          : [];
      }),
    };
  });
}
