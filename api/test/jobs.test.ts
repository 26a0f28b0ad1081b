import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longest } from '../../scripts/patience.mjs';
import { jobs, uploads } from '../src/db/schema.js';
import { EXPORT_KIND } from '../src/features/gacha/export.js';
import { cleanup } from '../src/features/job/runner.js';
import { readSheet } from '../src/lib/xlsx/read.js';
import { download, seedGacha, sheet, sheetRows, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let token: string;
let ipId: number;
let userId: number;
beforeAll(async () => {
  app = await makeApp();
  const merchant = await createMerchant(app, [14]);
  token = (await login(app, merchant.email)).web_token;
  ipId = merchant.brand.id;
  userId = merchant.user.id;
});
afterAll(() => app.close());

describe('export jobs', () => {
  it('turns a large export into a job with progress, then serves its file', async () => {
    await seedGacha(app.db, ipId, 2600, '大批量');
    const started = await call(app, api.gacha.export, { ip_id: ipId, goods_title: '大批量' }, { token });
    expect(started.body.data).toEqual({ url: null, job_id: expect.any(Number), total_num: 2600 });
    const job = await waitForJob(app, started.body.data.job_id!, token);
    expect(job).toMatchObject({ status: 'done', now_num: 2600, total_num: 2600, msg: null, kind: EXPORT_KIND });
    const rows = sheetRows(await download(app, job.url!));
    expect(rows).toHaveLength(2601);
    expect(rows[1]![1]).toBe('大批量 0');
    expect(rows[2600]![1]).toBe('大批量 2599');
  });

  it("answers 404 for another user's job", async () => {
    const [job] = await app.db
      .insert(jobs)
      .values({ kind: 'nothing', userId, params: {}, status: 'failed' })
      .returning({ id: jobs.id });
    const other = await createMerchant(app, [14]);
    const otherToken = (await login(app, other.email)).web_token;
    expect((await call(app, api.job.status, { id: job!.id }, { token: otherToken })).statusCode).toBe(404);
    expect((await call(app, api.job.status, { id: job!.id }, { token })).body.data).toMatchObject({
      status: 'failed',
      msg: messages.job.failed,
    });
  });

  it('fails a job of an unknown kind instead of retrying it forever', async () => {
    const [job] = await app.db.insert(jobs).values({ kind: 'no.such.kind', userId, params: {} }).returning();
    app.jobs.wake();
    expect(await waitForJob(app, job!.id, token)).toMatchObject({ status: 'failed', msg: messages.job.failed });
  });

  it('removes export files older than a day', async () => {
    const key = `exports/old/${randomUUID()}.xlsx`;
    await app.storage.put(key, Buffer.from('old'));
    const old = new Date(Date.now() - 25 * 3600_000);
    await app.db.insert(uploads).values({ key, kind: 'xlsx', mime: 'x', size: 3, hash: 'h', createdAt: old });
    const fresh = await call(app, api.gacha.template, {}, { token });
    expect(await cleanup(app.db, app.storage)).toBeGreaterThanOrEqual(1);
    expect(await app.storage.head(key)).toBeNull();
    expect(await app.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    expect((await download(app, fresh.body.data.url)).length).toBeGreaterThan(0);
  });
});

describe('spreadsheet parsing off the request path', () => {
  it('stops a parse that runs past its time limit and refuses unreadable files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'toy-sheet-'));
    try {
      const big = path.join(dir, 'big.xlsx');
      await writeFile(big, await sheet([['a', 'b'], ...Array.from({ length: 50_000 }, (_, i) => [i, `row ${i}`])]));
      expect(await readSheet(big, { maxRows: 100_000, timeoutMs: 5 })).toEqual({ ok: false, reason: 'timeout' });
      const junk = path.join(dir, 'junk.xlsx');
      await writeFile(junk, Buffer.from('PK\u0003\u0004 not really a zip'));
      // The reads that must finish get the limit a busy machine needs (scripts/patience.mjs).
      expect(await readSheet(junk, { maxRows: 10, timeoutMs: longest(10_000) })).toMatchObject({
        ok: false,
        reason: 'unreadable',
      });
      // Only the cap and two more rows are read: enough to know the sheet is over it.
      const read = await readSheet(big, { maxRows: 10, timeoutMs: longest(10_000) });
      expect(read.ok && read.rows.length).toBe(12);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
