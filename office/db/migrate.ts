/**
 * Versioned migrations (decision AB2): `migrations/NNN_name.sql`, applied in order at start, each
 * in its own transaction with its row in `schema_migrations`, so a start after a crash resumes
 * where it stopped and a second start changes nothing. An advisory lock keeps two offices
 * starting on one database from applying the same file twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { rows, type Db } from './db';

const DIR = path.join(import.meta.dirname, 'migrations');
const LOCK = 4_000_040;

export function migrationFiles(): { version: number; name: string; sql: string }[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 3)),
      name: f,
      sql: readFileSync(path.join(DIR, f), 'utf8'),
    }));
}

export async function migrate(db: Db): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: number[] = [];
  for (const file of migrationFiles()) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
      const found = await rows(
        tx,
        z.object({ version: z.number() }),
        'SELECT version FROM schema_migrations WHERE version = $1',
        [file.version],
      );
      if (found.length > 0) return false;
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        file.version,
        file.name,
      ]);
      return true;
    });
    if (done) applied.push(file.version);
  }
  return applied;
}
