import pino from 'pino';
import { loadHubConfig } from './config.js';
import { startHub } from './server.js';

/** `tsx src/main.ts`: the hub from the environment (see README "Venue screens"). */
const config = loadHubConfig();
const log = pino({ level: config.logLevel, base: { svc: 'display-hub' } });
const handle = await startHub(config, log).catch((error: unknown) => {
  log.fatal({ err: error }, 'the display hub could not start');
  process.exit(1);
});

const keyNote = {
  env: 'from HUB_CONTROL_KEY',
  file: `from ${config.dataDir}/control-key`,
  generated: `generated into ${config.dataDir}/control-key`,
}[config.controlKeySource];
log.info(
  {
    socket: handle.wsUrl,
    media: handle.mediaUrl,
    api: config.apiBase ?? '(API_BASE not set: cached data only)',
    data: config.dataDir,
    mediaDir: config.mediaDir,
  },
  `display hub ready: screens ${handle.mediaUrl}/screen_md, control ${handle.mediaUrl}/control (control key ${keyNote})`,
);

if (config.controlKeySource === 'generated')
  log.warn(
    `HUB_CONTROL_KEY is not set: generated the control key ${config.controlKey} (kept in ${config.dataDir}/control-key; set HUB_CONTROL_KEY to choose one)`,
  );

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'display hub stopping');
    handle.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
