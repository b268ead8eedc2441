/** The default engine: PostgreSQL compiled to WebAssembly, in this process, in a folder on disk. */
import { PGlite } from '@electric-sql/pglite';
import type { Db, Tx } from './db';

export async function openPglite(dir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dir ?? 'memory://');
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query(sql, params = []) {
      const r = await q.query(sql, params);
      return { rows: r.rows, affected: r.affectedRows ?? 0 };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  });
  return {
    engine: 'pglite',
    ...wrap(pg),
    // PGlite is one connection: its transaction() holds a lock that queues every other query.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
