// A whole stack for one browser test file: the API and the built console served against it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEV_APP_SECRET } from '@toy/shared';
import { freePort, type InProcessApi, repoRoot, startApiOnly } from './api.js';

export { repoRoot };

export interface Stack extends InProcessApi {
  consoleUrl: string;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  // The API lets only the console's origin call it with credentials: it learns the console's port first.
  const consolePort = await freePort();
  const api = await startApiOnly({ CONSOLE_ORIGINS: `http://127.0.0.1:${consolePort}`, ...env });
  const { startConsoleServer } = await import(pathToFileURL(join(repoRoot, 'console', 'serve.mjs')).href);
  const web = await startConsoleServer({
    host: '127.0.0.1',
    port: consolePort,
    apiBase: api.apiUrl,
    appSecret: DEV_APP_SECRET,
    // CONSOLE_DIST lets a developer test a private build while another build is in progress.
    distDir: process.env.CONSOLE_DIST || join(repoRoot, 'console', 'dist'),
  });
  return {
    ...api,
    consoleUrl: String(web.url).replace(/\/$/, ''),
    async close() {
      await web.close();
      await api.close();
    },
  };
}
