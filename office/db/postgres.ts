/** A real PostgreSQL server through node-postgres' pool (`--database-url postgres://…`). */
import pg from 'pg';
import type { Db, Tx } from './db';

export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (the server restarted) must not kill the office: the pool drops it.
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Tx => ({
    async query(sql, params = []) {
      const r = await q.query(sql, params);
      return { rows: r.rows, affected: r.rowCount ?? 0 };
    },
    async exec(sql) {
      await q.query(sql);
    },
  });
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
