// `npm run bench`: install what is missing, build the console if stale, run tests/bench/run.ts.
import { join } from 'node:path';
import { bin, ensureConsoleBuilt, ensureInstall, root, run } from './lib.mjs';

ensureInstall();
ensureConsoleBuilt();
run(bin('tests', 'tsx'), [join('bench', 'run.ts')], { cwd: join(root, 'tests') });
