import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loadDemoData } from './db/demo-data.ts';

const config = loadConfig();
const app = await buildApp(config);

if (config.demoData) {
  const result = await loadDemoData(app.db);
  if (result.loaded) {
    app.log.info(
      { accounts: result.accounts },
      `demo data loaded; every demo account's password is ${result.password}`,
    );
  } else {
    app.log.info(`demo data not loaded: ${result.reason}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `TradeLoop is serving ${config.publicUrl} on ${app.database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
);
