// `npm run typecheck`: strict TypeScript over every package, as many at once as the machine has
// cores (each tsc is one thread); each package's output is printed whole when it is done.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ensureInstall, root } from './lib.mjs';

ensureInstall();
// The largest first, so the small ones fill in beside it.
const queue = ['api', 'console', 'tests', 'display-client', 'display-hub', 'shared'];
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const failed = [];

function check(pkg) {
  const started = Date.now();
  const child = spawn(tsc, ['-p', '.'], { cwd: join(root, pkg), stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`› tsc ${pkg} (${seconds} s)${status === 0 ? '' : ' ✖'}`);
      if (chunks.length) process.stdout.write(Buffer.concat(chunks));
      if (status !== 0) failed.push(pkg);
      resolve();
    });
  });
}

async function worker() {
  for (let pkg = queue.shift(); pkg; pkg = queue.shift()) await check(pkg);
}

await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), 3)) }, worker));
if (failed.length) {
  console.error(`\n✖ tsc failed in ${failed.join(', ')}`);
  process.exit(1);
}
