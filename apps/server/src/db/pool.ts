import pg from 'pg';

/** A PostgreSQL pool. An idle connection the server drops (restart, failover) is replaced on next use; it must not crash us. */
export function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  return pool;
}
