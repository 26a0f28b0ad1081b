// Two API copies, each with its own data directory, on one database and one S3-protocol store
// (s3rver, started here): a file uploaded through one is served by the other with its thumbnail,
// an export and a waybill PDF made by one are served by the other, and what a stopped copy left
// behind is swept by age. The configuration of the store is read from the environment.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@toy/shared';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { cleanup, JOB_DEFAULTS } from '../src/features/job/runner.js';
import { LocalStore } from '../src/storage/local.js';
import { demo, draw, player, publishMachine } from './draw-helpers.js';
import { png } from './files.js';
import { download, sheetRows, uploadAs } from './goods-helpers.js';
import { call, makeApp, PASSWORD } from './helpers.js';
import { s3Storage, startS3 } from './s3.js';

const s3 = await startS3();
const storage = s3Storage(s3.endpoint);
const dirs = [
  await mkdtemp(path.join(os.tmpdir(), 'toy-copy-a-')),
  await mkdtemp(path.join(os.tmpdir(), 'toy-copy-b-')),
];
// On PostgreSQL both copies open the file's database; on PGlite they share one in-memory database.
const database = process.env.DATABASE_URL
  ? undefined
  : await openDatabase({ databaseUrl: undefined, dataDir: undefined });
const first = await makeApp({ dataDir: dirs[0], storage }, { database });
const second = await makeApp({ dataDir: dirs[1], storage }, { database });
afterAll(async () => {
  await first.close();
  await second.close();
  await database?.close();
  await s3.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const { brand, molly, sweet } = await demo(first);
const get = (app: typeof first, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('one S3 store, two API copies', () => {
  it('serves a file uploaded through the other copy, a range of it and its thumbnail', async () => {
    const image = await png(1200, 600);
    const up = await uploadAs(first, brand, image, { ext: 'png' });
    expect(up.status).toBe(200);

    const whole = await get(second, `/files/${up.key}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(whole.rawPayload, image)).toBe(0);
    expect(whole.headers.etag).toBe((await get(first, `/files/${up.key}`)).headers.etag);
    const part = await get(second, `/files/${up.key}`, { range: 'bytes=8-23' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${image.length}`);
    expect(Buffer.compare(part.rawPayload, image.subarray(8, 24))).toBe(0);

    // The thumbnail made by one copy is stored, so the other serves it without decoding again.
    const made = await get(second, `/files/${up.key}?w=300`);
    expect(made.statusCode).toBe(200);
    expect(made.headers['x-thumbnail']).toBe('miss');
    expect((await sharp(made.rawPayload).metadata()).width).toBe(300);
    const reused = await get(first, `/files/${up.key}?w=300`);
    expect(reused.headers['x-thumbnail']).toBe('hit');
    expect(Buffer.compare(reused.rawPayload, made.rawPayload)).toBe(0);

    // Nothing of it is on either copy's own disk.
    expect(existsSync(path.join(dirs[0]!, 'uploads'))).toBe(false);
    for (const dir of dirs) expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('serves an export and a waybill PDF made by the other copy', async () => {
    const template = await call(first, api.gacha.template, {}, { token: brand });
    expect(template.statusCode).toBe(200);
    const rows = sheetRows(await download(second, template.body.data.url));
    expect(rows[0]).toContain('商品名称');

    const { id } = await publishMachine(first, brand, molly, sweet, 1);
    const playerToken = await player(second, '13911112001');
    const drawn = (await draw(second, playerToken, id, 0)).body.data;
    const pickup = await call(
      second,
      api.player.pickup,
      {
        deposit_ids: [drawn.deposit_id],
        username: '林小雨',
        phone: '13911112001',
        province: '浙江省',
        city: '杭州市',
        area: '西湖区',
        address: '文三路 99 号',
      },
      { headers: { player_token: playerToken } },
    );
    expect(pickup.statusCode).toBe(200);
    const t = (await call(first, api.erp.login, { u: 'erp@demo.local', p: PASSWORD })).body.data.token;
    const printed = await call(first, api.erp.print, {
      t,
      no_type: 1,
      no: pickup.body.data.order_sn,
      copy_count: 1,
      type: 130,
    });
    expect(printed.body.data).toMatchObject({ code: 0, file_url: expect.stringMatching(/\.pdf$/) });
    const pdf = await get(second, new URL(printed.body.data.file_url).pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sweeps what a stopped copy left, once it is old: a stored file never recorded, scratch files', async () => {
    const orphan = 'exports/202611/left-by-a-stopped-copy.xlsx';
    await second.storage.put(orphan, Buffer.from('half a job'));
    const scratch = path.join(first.storage.scratch, 'export-left.xlsx');
    await writeFile(scratch, 'partial');

    await cleanup(first.db, first.storage);
    expect(await first.storage.head(orphan)).not.toBeNull();
    expect(existsSync(scratch)).toBe(true);

    const dayLater = Date.now() + (JOB_DEFAULTS.fileTtlHours + 1) * 3600_000;
    expect(await cleanup(first.db, first.storage, JOB_DEFAULTS, dayLater)).toBeGreaterThanOrEqual(1);
    expect(await second.storage.head(orphan)).toBeNull();
    expect(existsSync(scratch)).toBe(false);
  });
});

describe('STORAGE configuration', () => {
  it('reads the S3 store from the environment, and refuses an incomplete one', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'toy-files',
      S3_ACCESS_KEY: 'toy',
      S3_SECRET_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: '1',
    };
    expect(loadConfig(env).storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'toy-files',
      accessKey: 'toy',
      secretKey: 'secret-key',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...env, S3_BUCKET: undefined })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
    expect(() => loadConfig({ ...env, S3_SECRET_KEY: undefined })).toThrow(/set both or neither/);
  });
});

describe('the local store', () => {
  it('lists by prefix without its scratch files, and keeps every key inside its directory', async () => {
    const store = new LocalStore(path.join(dirs[0]!, 'local'));
    await mkdir(store.scratch, { recursive: true });
    await writeFile(path.join(store.scratch, 'partial'), 'x');
    for (const key of ['exports/a/1.xlsx', 'exports/b/2.xlsx', 'exportsx/3.xlsx', 'seed/bb/x.png'])
      await store.put(key, Buffer.from(key));
    const keys = async (prefix: string) => {
      const out: string[] = [];
      for await (const o of store.list(prefix)) out.push(o.key);
      return out.sort();
    };
    expect(await keys('exports/')).toEqual(['exports/a/1.xlsx', 'exports/b/2.xlsx']);
    expect(await keys('seed/bb/')).toEqual(['seed/bb/x.png']);
    expect(await keys('')).not.toContain('.tmp/partial');
    expect((await store.read('exports/b/2.xlsx')).toString()).toBe('exports/b/2.xlsx');
    expect(() => store.fileOf('../outside')).toThrow(/bad storage key/);
    await store.delete(['exports/a/1.xlsx', 'exports/none.xlsx']);
    expect(await keys('exports/')).toEqual(['exports/b/2.xlsx']);
  });
});
