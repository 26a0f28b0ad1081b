import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { JOB_DEFAULTS } from '../src/features/job/runner.js';
import { contentDisposition } from '../src/features/upload/files.js';
import { seedGacha, sheetRows, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let token: string;
let ipId: number;
let userId: number;
const progressEveryMs = JOB_DEFAULTS.progressEveryMs;
beforeAll(async () => {
  // Every batch records its progress, so a poll can see the job part-way.
  JOB_DEFAULTS.progressEveryMs = 0;
  app = await makeApp();
  const merchant = await createMerchant(app, [14]);
  token = (await login(app, merchant.email)).web_token;
  ipId = merchant.brand.id;
  userId = merchant.user.id;
});
afterAll(async () => {
  JOB_DEFAULTS.progressEveryMs = progressEveryMs;
  await app.close();
});

/** `扭蛋商品_20261123_1530.xlsx`: the list's name and a Shanghai time to the minute. */
const NAME = /^扭蛋商品_\d{8}_\d{4}\.xlsx$/;

describe('export files', () => {
  it('reports progress as rows are written, then names the file for the list and the Shanghai time', async () => {
    await seedGacha(app.db, ipId, 5000, '进度');
    const started = await call(app, api.gacha.export, { ip_id: ipId, goods_title: '进度' }, { token });
    // Looked at as often as the answers come, so a quick export is still seen part-way.
    const job = await waitForJob(app, started.body.data.job_id!, token, 0);
    expect(job).toMatchObject({ status: 'done', now_num: 5000, total_num: 5000 });
    // Seen part-way: neither only 0 nor only the total.
    expect(job.seen.some((n) => n > 0 && n < 5000)).toBe(true);
    expect([...job.seen].sort((a, b) => a - b)).toEqual(job.seen);

    const res = await app.inject({ method: 'GET', url: new URL(job.url!).pathname });
    expect(res.statusCode).toBe(200);
    const disposition = String(res.headers['content-disposition']);
    const name = decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!);
    expect(name).toMatch(NAME);
    // The minute is Shanghai's (UTC+8), whatever the server's zone.
    const shanghai = new Date(Date.now() + 8 * 3600_000).toISOString();
    expect(name.slice(5, 13)).toBe(shanghai.slice(0, 10).replace(/-/g, ''));
    // The stored key stays unguessable: no name in the URL.
    expect(job.url).toMatch(/\/exports\/\d{6}\/[0-9a-f-]{36}\.xlsx$/);
    expect(sheetRows(res.rawPayload)).toHaveLength(5001);
  });

  it('serves a small export answered at once under its name too', async () => {
    await seedGacha(app.db, ipId, 3, '小批');
    const answer = await call(app, api.gacha.export, { ip_id: ipId, goods_title: '小批' }, { token });
    const res = await app.inject({ method: 'GET', url: new URL(answer.body.data.url!).pathname });
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="_+_\d{8}_\d{4}\.xlsx"; filename\*=/,
    );
  });

  it('encodes the name per RFC 5987', () => {
    expect(contentDisposition('订单列表_20261123_1530.xlsx')).toBe(
      `attachment; filename="_____20261123_1530.xlsx"; filename*=UTF-8''%E8%AE%A2%E5%8D%95%E5%88%97%E8%A1%A8_20261123_1530.xlsx`,
    );
  });

  it("job.list answers the caller's own jobs of the last 24 hours, newest first", async () => {
    const other = await createMerchant(app, [14]);
    const old = new Date(Date.now() - 25 * 3600_000);
    await app.db.insert(jobs).values([
      { kind: 'order.export', userId, params: {}, status: 'failed', createdAt: old },
      { kind: 'order.export', userId: other.user.id, params: {}, status: 'pending' },
      { kind: 'order.export', userId, params: {}, status: 'running', nowNum: 250, totalNum: 3000 },
    ]);
    const res = await call(app, api.job.list, {}, { token });
    expect(res.statusCode).toBe(200);
    const list = res.body.data.list;
    expect(list.map((j) => [j.kind, j.status])).toEqual([
      ['order.export', 'running'],
      ['gacha.export', 'done'],
    ]);
    expect(list[0]).toMatchObject({ name: '订单列表', now_num: 250, total_num: 3000, url: null, finished_at: null });
    expect(list[1]!.name).toMatch(NAME);
    expect(list[1]!.url).toMatch(/\.xlsx$/);
    expect(list[1]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const theirs = (await call(app, api.job.list, {}, { token: (await login(app, other.email)).web_token })).body.data;
    expect(theirs.list.map((j) => j.kind)).toEqual(['order.export']);
    expect((await call(app, api.job.list, {}, {})).statusCode).toBe(401);
  });
});
