// `npm run bench [name…]`: install what is missing, build the console if stale, then run every
// tests/bench/*.bench.ts (or the named ones) one after another, each printing its figures.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureConsoleBuilt, ensureInstall, root, run } from './lib.mjs';

ensureInstall();
ensureConsoleBuilt();
const only = process.argv.slice(2);
const dir = join(root, 'tests', 'bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();
for (const file of files) {
  console.log(`\n━━ bench ${file.replace('.bench.ts', '')} ━━`);
  run(bin('tests', 'tsx'), [join('bench', file)], { cwd: join(root, 'tests') });
}
