import pg from 'pg';

type Send = (...args: unknown[]) => unknown;

/**
 * A connection that sends its queries one after another itself. A transaction may start reads side by side
 * (`Promise.all`); on one connection they run in turn anyway, but pg queues them with a deprecation warning, and
 * pg 9 refuses a query while another runs. The queue here is the same order, kept by us. Queries that report
 * through a callback (pg-pool's own `pool.query`) or stream their rows keep pg's path: they never overlap here.
 */
export class OneQueryAtATime extends pg.Client {
  /** Settles when the last query sent or waiting has; undefined while none is. */
  #last: Promise<void> | undefined;

  constructor(config?: pg.ClientConfig) {
    super(config);
    const send = super.query.bind(this) as Send;
    this.query = ((...args: unknown[]) => {
      const streams = typeof (args[0] as { submit?: unknown })?.submit === 'function';
      if (streams || args.some((arg) => typeof arg === 'function')) return send(...args);
      const run = () => send(...args) as Promise<unknown>;
      const result = this.#last ? this.#last.then(run) : run();
      const last = result.then(
        () => undefined,
        () => undefined,
      );
      this.#last = last;
      void last.then(() => {
        if (this.#last === last) this.#last = undefined;
      });
      return result;
    }) as pg.Client['query'];
  }
}

/** A PostgreSQL pool. An idle connection the server drops (restart, failover) is replaced on next use; it must not crash us. */
export function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, Client: OneQueryAtATime });
  pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  return pool;
}
