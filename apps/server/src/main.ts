import { DEV_INBOX } from '@tradeloop/contracts/dev-inbox';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loadDemoData } from './db/demo-data.ts';
import { watchEventLoop } from './platform/logging.ts';

const config = loadConfig();
const app = await buildApp(config);

if (config.demoData) {
  const result = await loadDemoData(app.crm, app.db);
  if (result.loaded) {
    app.log.info(
      { accounts: result.accounts },
      `demo data loaded; every demo account's password is ${result.password}`,
    );
  } else {
    app.log.info(`demo data not loaded: ${result.reason}`);
  }
}

// SIGTERM: stop taking requests and claiming jobs, let the jobs under way finish within JOB_STOP_GRACE_MS
// (then roll them back and put them back in the queue), and exit (docs/decisions/049). Should closing hang
// anyway, the process exits a little after the grace: an unfinished delivery's lease brings it back.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    setTimeout(() => {
      app.log.error('closing took too long; exiting');
      process.exit(1);
    }, config.jobStopGraceMs + 15_000).unref();
    void app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'closing failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
watchEventLoop(app.log);
app.log.info(
  `TradeLoop is serving ${config.publicUrl} on ${app.database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
);
if (config.devInbox.email || config.devInbox.sms) {
  app.log.info(`Mails and texts without a provider are in the development inbox: ${config.publicUrl}${DEV_INBOX.path}`);
}
