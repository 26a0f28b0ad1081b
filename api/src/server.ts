import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A refused configuration says what to set, one line each, and nothing else.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const app = await buildApp(config);

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
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
const store = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const files =
  config.storage.kind === 's3' ? `files in S3 bucket ${config.storage.bucket}` : 'files in DATA_DIR/uploads';
app.log.info(
  `API on ${config.publicUrl} (docs ${config.publicUrl}/docs, ${store}, ${files}, demo data ${config.seed ? 'on' : 'off'})`,
);
app.log.info(`pages of these origins may call the API (CONSOLE_ORIGINS): ${config.corsOrigins.join(', ')}`);
