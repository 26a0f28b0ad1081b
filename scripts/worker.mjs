// `npm run worker`: a job worker (ROLE=worker) beside API copies started with ROLE=api, on the same
// PostgreSQL database (DATABASE_URL). It runs exports, composed images and the other background
// jobs, and answers /healthz and /metrics on WORKER_PORT (8788).
import { join } from 'node:path';
import { bin, ensureInstall, root, run } from './lib.mjs';

ensureInstall();
run(bin('api', 'tsx'), [join('src', 'server.ts')], {
  cwd: join(root, 'api'),
  env: { ...process.env, ROLE: 'worker' },
});
