/** Versioned migrations (decision AB2) and the schema's org-first keys (AB3). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { rows, type Db } from '../../../office/db/db';
import { migrate, migrationFiles } from '../../../office/db/migrate';
import { openDb } from '../../../office/db/open';

let db: Db;
beforeAll(async () => {
  db = await openDb({});
}, 120_000);
afterAll(() => db.close());

it('applies each file once, in order, and a second start changes nothing', async () => {
  const applied = await rows(
    db,
    z.object({ version: z.number(), name: z.string() }),
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  expect(applied.map((m) => m.name)).toEqual(migrationFiles().map((f) => f.name));
  expect(await migrate(db)).toEqual([]);
});

it('keys every table by organisation first, and forces row-level security on each', async () => {
  const keys = await rows(
    db,
    z.object({ table: z.string(), first: z.string() }),
    `SELECT c.relname AS table, a.attname AS first
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
      WHERE (i.indisprimary OR i.indisunique) AND c.relnamespace = 'public'::regnamespace
        AND c.relname <> 'schema_migrations'
        -- The few global look-ups made before the tenant is known, each by a unique hash or e-mail.
        AND x.relname NOT IN ('owners_email', 'owner_sessions_token', 'devices_credential', 'enrolment_codes_secret')`,
  );
  expect(keys.length).toBeGreaterThan(9);
  expect(keys.filter((k) => k.first !== 'org_id')).toEqual([]);
  const rls = await rows(
    db,
    z.object({
      relname: z.string(),
      relrowsecurity: z.boolean(),
      relforcerowsecurity: z.boolean(),
    }),
    `SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname <> 'schema_migrations'`,
  );
  // 001's nine, 002's day totals and account mappings, 003's chain lists (four), 004's chain days
  // (two).
  expect(rls).toHaveLength(17);
  expect(rls.every((t) => t.relrowsecurity && t.relforcerowsecurity)).toBe(true);
});
