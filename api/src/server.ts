import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { demoRecordsInForce } from './production.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A refused configuration says what to set, one line each, and nothing else.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
if (config.role === 'worker' && !config.databaseUrl) {
  console.error('A worker (ROLE=worker) needs DATABASE_URL: the embedded PGlite belongs to one process.');
  process.exit(2);
}
const app = await buildApp(config);
if (config.production) {
  const lines = await demoRecordsInForce(app.db);
  if (lines.length > 0) {
    process.stderr.write(
      `Production mode (NODE_ENV=production) refuses demo records in the database:\n${lines.join('\n')}\n`,
    );
    await app.close();
    process.exit(1);
  }
}
// A worker answers only /healthz and /metrics, on its own port.
const port = config.role === 'worker' ? config.workerPort : config.port;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

try {
  await app.listen({ host: config.host, port });
} catch (error) {
  app.log.error({ err: error }, `cannot listen on ${config.host}:${port}`);
  await app.close();
  process.exit(1);
}
const store = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const files =
  config.storage.kind === 's3' ? `files in S3 bucket ${config.storage.bucket}` : 'files in DATA_DIR/uploads';
if (config.role === 'worker') {
  app.log.info(`job worker (${config.jobConcurrency} at once), /healthz and /metrics on ${config.host}:${port}`);
} else if (config.role === 'api') {
  app.log.info('ROLE=api: jobs are left to a worker (npm run worker)');
}
if (config.role !== 'worker') {
  app.log.info(
    `API on ${config.publicUrl} (docs ${config.publicUrl}/docs, ${store}, ${files}, demo data ${config.seed ? 'on' : 'off'})`,
  );
  app.log.info(`pages of these origins may call the API (CONSOLE_ORIGINS): ${config.corsOrigins.join(', ')}`);
}
