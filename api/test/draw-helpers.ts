import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { type Allocation, api, PLAYER_DEMO_CODE, type Template } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { longest } from '../../scripts/patience.mjs';
import { repoRoot } from '../src/config.js';
import { releaseForm } from '../src/tools/simulate-on-sale.js';
import { brandIds, call, login, makeApp } from './helpers.js';

/**
 * A test file's app with the demo data (closed after its tests) and the demo merchant's context:
 * `const { app, brand, molly, sweet } = await demoApp();` at the top of the file.
 */
export async function demoApp(overrides?: Parameters<typeof makeApp>[0]) {
  const app = await makeApp(overrides);
  afterAll(() => app.close());
  return { app, ...(await demo(app)) };
}

/** The demo merchant, its brand Molly and the template 甜品派对 (10 boxes per case). */
export async function demo(app: FastifyInstance) {
  const brand = (await login(app, 'brand@demo.local')).web_token;
  const shop = (await login(app, 'shop@demo.local')).web_token;
  const [molly] = (await brandIds(app, brand, 14)) as [number];
  const sweet = (await call(app, api.template.search, { ip_id: molly, title: '甜品派对' }, { token: brand })).body.data
    .list[0] as Template;
  return { brand, shop, molly, sweet };
}

/** Allocate and publish a machine of `boxNum` cases, on sale since 2026-01-01. */
export async function publishMachine(
  app: FastifyInstance,
  token: string,
  ipId: number,
  template: Template,
  boxNum: number,
  patch: Record<string, unknown> = {},
): Promise<{ id: number; seed_hash: string }> {
  const a = (await call(app, api.blindBox.allocate, { template_id: template.id, box_num: boxNum }, { token })).body
    .data as Allocation;
  const res = await call(
    app,
    api.blindBox.publish,
    releaseForm(ipId, template, { box_num: boxNum, box_sign: a.box_sign }, { desc: '测试抽盒机', ...patch }),
    { token },
  );
  if (res.statusCode !== 200) throw new Error(`publish: ${res.body.msg}`);
  return res.body.data as { id: number; seed_hash: string };
}

/** A player session (header player_token). */
export async function player(app: FastifyInstance, phone: string): Promise<string> {
  const res = await call(app, api.player.login, { phone, code: PLAYER_DEMO_CODE });
  return (res.body.data as { player_token: string }).player_token;
}

export const draw = (app: FastifyInstance, playerToken: string, batchId: number, useBean = 1) =>
  call(app, api.player.draw, { batch_id: batchId, use_bean: useBean }, { headers: { player_token: playerToken } });

/** Listen on a free port (for a command or a crowd that calls the API over HTTP): its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * `npm run verify-draws -- …` as a user runs it (`node scripts/api-tool.mjs verify-draws …`), in a
 * process of its own; never synchronously, the API answers from this one.
 */
export const verifyDraws = (args: string[], cwd = repoRoot()) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env };
    for (const k of ['npm_lifecycle_event', 'INIT_CWD', 'API_URL']) delete env[k];
    execFile(
      process.execPath,
      [join(repoRoot(), 'scripts', 'api-tool.mjs'), 'verify-draws', ...args],
      { cwd, env, timeout: longest(60_000) },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
