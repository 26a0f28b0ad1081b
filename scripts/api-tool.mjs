// `npm run simulate -- --minutes N` and `npm run verify-draws -- <batch_id>`: run an API tool
// (api/src/tools/<name>.ts) with tsx, passing the remaining arguments through.
import { join } from 'node:path';
import { bin, ensureInstall, root, run } from './lib.mjs';

ensureInstall();
const [name, ...args] = process.argv.slice(2);
if (!['simulate', 'verify-draws'].includes(name)) {
  console.error('usage: node scripts/api-tool.mjs simulate|verify-draws [args]');
  process.exit(2);
}
// The tool runs in api/; relative paths it is given (`--file log.json`) are the caller's: npm runs
// scripts from the project root and names the caller's folder INIT_CWD.
const callerDir =
  process.env.npm_lifecycle_event === name && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
run(bin('api', 'tsx'), [join('src', 'tools', `${name}.ts`), ...args], {
  cwd: join(root, 'api'),
  env: { ...process.env, TOOL_CWD: callerDir },
});
