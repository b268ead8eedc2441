import path from 'node:path';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** The office's database, migrated: real PostgreSQL when a URL is given, else PGlite in `dataDir/db`. */
export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ? path.join(options.dataDir, 'db') : undefined);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
