/**
 * The head office at scale (issue 40), on a real PostgreSQL server (scripts/postgres.ts, Debian's
 * `postgresql`), the office in its own process (office/cli.ts), the counters as HTTPS clients of
 * it with its CA pinned, all on loopback:
 *
 * - 1 000 stores × 3 counters, each sending a day of 300 records at once (one batch each, as a
 *   counter that was offline all day would): records/s ingested, batch p95; then a tenth of the
 *   batches sent again (answers lost): the office's own table holds every record once, none lost;
 * - PostgreSQL's size for those records, per store-year;
 * - a real counter (the desk's session, enrolled through set-up): a sale visible in the office,
 *   and 1 000 records kept through 3 days offline acknowledged once the link is back
 *   (office-counter.ts).
 *
 * `npm run bench -- office`. Needs PostgreSQL's server binaries: it names what to install when
 * they are absent (`tsx scripts/ensure-postgres.ts` installs them as root).
 */
import pg from 'pg';
import type { EnrolAnswer, OfficeRecord, RecordBatch } from '../office/protocol/wire';
import { BatchAnswer } from '../office/protocol/wire';
import { findPostgresBin, POSTGRES_MISSING, startPostgres } from '../scripts/postgres';
import { quantile } from './days.bench';
import { atLeast, atMost, exactly, type Figure } from './figures';
import { counterDay } from './office/day-records';
import { runOfficeCounterBench } from './office/office-counter';
import { runOfficeWebBench } from './office/office-web';
import { pool, startOfficeProcess, storeWithCounters } from './office/office-process';

const STORES = Number(process.env.FRONT_DESK_BENCH_OFFICE_STORES ?? 1000);
const COUNTERS = 3;
const RECORDS = 300;
/** Batches in flight at once: the office sees this many counters sending at any instant. */
const IN_FLIGHT = 16;
const RESEND_SHARE = 0.1;
const DAY = '2026-12-07';

/** One counter's day as its journal would send it (day-records.ts). */
const dayOf = (counter: EnrolAnswer, salt: number): OfficeRecord[] =>
  counterDay({
    counterId: counter.counter.id,
    counterName: counter.counter.name,
    day: DAY,
    records: RECORDS,
    salt,
  });

export async function runOfficeBench(): Promise<Figure[]> {
  if (!findPostgresBin())
    throw new Error(`the office bench runs on PostgreSQL. ${POSTGRES_MISSING}`);
  const server = await startPostgres();
  const figures: Figure[] = [];
  try {
    const databaseUrl = await server.createDatabase('office_bench');
    const office = await startOfficeProcess(databaseUrl);
    try {
      const made = Date.now();
      const counters: EnrolAnswer[] = [];
      await pool(
        Array.from({ length: STORES }, (_, i) => i),
        8,
        async (i) =>
          void counters.push(...(await storeWithCounters(office, `Store ${i + 1}`, COUNTERS))),
      );
      console.log(
        `  ${STORES} stores, ${counters.length} counters enrolled through the owner's API in ${((Date.now() - made) / 1000).toFixed(1)} s`,
      );

      // Every counter sends its day at once; the office answers each batch.
      const days = new Map(counters.map((c, i) => [c.deviceId, dayOf(c, i * RECORDS)]));
      const latencies: number[] = [];
      let acked = 0;
      const send = async (counter: EnrolAnswer): Promise<BatchAnswer> => {
        const batch: RecordBatch = {
          records: days.get(counter.deviceId)!,
          tallies: [{ businessDate: DAY, count: RECORDS, sum: 0 }],
        };
        const started = performance.now();
        const answer = await office.client.send(
          'POST',
          '/v1/device/records',
          counter.credential,
          batch,
        );
        latencies.push(performance.now() - started);
        if (answer.status !== 200)
          throw new Error(`batch: ${answer.status} ${JSON.stringify(answer.body)}`);
        return BatchAnswer.parse(answer.body);
      };
      const ingestStart = performance.now();
      await pool(counters, IN_FLIGHT, async (c) => {
        const answer = await send(c);
        acked += answer.ackedThrough;
      });
      const ingestMs = performance.now() - ingestStart;
      const total = counters.length * RECORDS;
      figures.push(
        atLeast('office.ingest_records_per_s', (total / ingestMs) * 1000, 'records/s', 5000),
        {
          ...atMost('office.batch_p95', quantile(latencies, 0.95), 'ms', 2000),
          note: `a batch of ${RECORDS}, from its request to its answer, ${IN_FLIGHT} counters sending at any instant (the others' batches wait their turn on the client)`,
        },
        exactly('office.acknowledged', acked, 'records', total),
      );

      // A tenth of the counters never heard their answer: they send the same batch again.
      const again = counters.filter((_, i) => i % Math.round(1 / RESEND_SHARE) === 0);
      let resentDuplicates = 0;
      let resentStored = 0;
      await pool(again, IN_FLIGHT, async (c) => {
        const answer = await send(c);
        resentDuplicates += answer.duplicates;
        resentStored += answer.stored;
      });
      figures.push(
        exactly(
          'office.resend_answered_as_duplicates',
          resentDuplicates,
          'records',
          again.length * RECORDS,
        ),
        exactly('office.resend_stored', resentStored, 'records', 0),
      );

      // What the office's own table holds: every record once, none missing, seqs without a gap.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const held = (
          await db.query<{ rows: string; distinct_ids: string; full_counters: string }>(
            `SELECT count(*) AS rows,
                    count(DISTINCT (org_id, store_id, counter_id, record_id)) AS distinct_ids,
                    (SELECT count(*) FROM (
                       SELECT 1 FROM records GROUP BY org_id, store_id, counter_id
                       HAVING count(*) = $1 AND min(seq) = 1 AND max(seq) = $1) AS c) AS full_counters
               FROM records`,
            [RECORDS],
          )
        ).rows[0]!;
        const sentIds = new Set([...days.values()].flat().map((r) => r.id));
        const found = (
          await db.query<{ n: string }>(
            'SELECT count(*) AS n FROM records WHERE record_id = ANY($1::text[])',
            [[...sentIds]],
          )
        ).rows[0]!;
        figures.push(
          exactly(
            'office.duplicate_rows',
            Number(held.rows) - Number(held.distinct_ids),
            'rows',
            0,
          ),
          exactly('office.lost_records', sentIds.size - Number(found.n), 'records', 0),
          exactly(
            'office.counters_whole_without_gap',
            Number(held.full_counters),
            'counters',
            counters.length,
          ),
        );
        const size = (
          await db.query<{ bytes: string }>(
            "SELECT pg_total_relation_size('records') + pg_total_relation_size('tallies') AS bytes",
          )
        ).rows[0]!;
        const perRecord = Number(size.bytes) / total;
        const perStoreYear = (perRecord * COUNTERS * RECORDS * 365) / 2 ** 20;
        figures.push({
          name: 'office.postgres_per_store_year',
          value: Math.round(perStoreYear),
          unit: 'MiB',
          target: 'measured',
          ok: true,
          note: `${Math.round(perRecord)} bytes a record with its indexes; a store = ${COUNTERS} counters × ${RECORDS} records a day × 365`,
        });
      } finally {
        await db.end();
      }
      figures.push(...(await runOfficeWebBench(office, databaseUrl, DAY)));
      figures.push(...(await runOfficeCounterBench(office, databaseUrl)));
    } finally {
      await office.stop();
    }
  } finally {
    await server.remove();
  }
  return figures;
}
