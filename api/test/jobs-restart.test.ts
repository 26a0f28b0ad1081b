// A restart, in a file of its own: no other API copy (with other storage) may take the jobs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { EXPORT_KIND } from '../src/features/gacha/export.js';
import { download, seedGacha, sheetRows, waitForJob } from './goods-helpers.js';
import { createMerchant, login, makeApp } from './helpers.js';

describe('a restart', () => {
  it('finishes jobs left pending or abandoned mid-run by a stopped API copy', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toy-jobs-'));
    try {
      const first = await makeApp({ dataDir });
      const merchant = await createMerchant(first, [14]);
      await seedGacha(first.db, merchant.brand.id, 2100, '重启');
      const params = { brandIds: [merchant.brand.id], filters: {} };
      const [pending] = await first.db
        .insert(jobs)
        .values({ kind: EXPORT_KIND, userId: merchant.user.id, params, totalNum: 2100 })
        .returning();
      // A copy that died while running it: its lease has run out.
      const [abandoned] = await first.db
        .insert(jobs)
        .values({
          kind: EXPORT_KIND,
          userId: merchant.user.id,
          params,
          totalNum: 2100,
          status: 'running',
          attempts: 1,
          nowNum: 500,
          lockedUntil: new Date(Date.now() - 60_000),
        })
        .returning();
      await first.close();

      const second = await makeApp({ dataDir });
      try {
        const secondToken = (await login(second, merchant.email)).web_token;
        for (const job of [pending!, abandoned!]) {
          const done = await waitForJob(second, job.id, secondToken);
          expect(done).toMatchObject({ status: 'done', now_num: 2100 });
          expect(sheetRows(await download(second, done.url!))).toHaveLength(2101);
        }
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
