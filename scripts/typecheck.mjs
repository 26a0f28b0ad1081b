// `npm run typecheck`: strict TypeScript over every package.
import { join } from 'node:path';
import { ensureInstall, root, run } from './lib.mjs';

ensureInstall();
for (const pkg of ['shared', 'api', 'console', 'display-hub', 'display-client', 'tests']) {
  console.log(`› tsc ${pkg}`);
  run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', '.'], { cwd: join(root, pkg) });
}
