// A whole stack for one browser test file: the API and the built console served against it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEV_APP_SECRET } from '@toy/shared';
import { type ApiHandle, freePort, repoRoot, startApiOnly } from './api.js';

export { repoRoot };

export interface Stack extends ApiHandle {
  consoleUrl: string;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const api = await startApiOnly(env);
  const { startConsoleServer } = await import(pathToFileURL(join(repoRoot, 'console', 'serve.mjs')).href);
  const web = await startConsoleServer({
    host: '127.0.0.1',
    port: await freePort(),
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
