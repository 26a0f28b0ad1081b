import { randomBytes } from 'node:crypto';
import { api, messages } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, uploads } from '../src/db/schema.js';
import { combinations, coordOf } from '../src/features/collectible/composed-images.js';
import { zipEntries } from './files.js';
import { download, uploadAs, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login, makeApp } from './helpers.js';

const c = messages.collectible;
const SIZE = 8;

type Rgba = [number, number, number, number];
/** An 8×8 PNG, transparent except `rect` (x, y, w, h) filled with `color`; the whole picture when no rect. */
async function layer(color: Rgba, rect?: [number, number, number, number], size = SIZE) {
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const fill = { r: color[0], g: color[1], b: color[2], alpha: color[3] / 255 };
  if (!rect)
    return sharp({ create: { width: size, height: size, channels: 4, background: fill } })
      .png()
      .toBuffer();
  const patch = await sharp({ create: { width: rect[2], height: rect[3], channels: 4, background: fill } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: clear } })
    .composite([{ input: patch, left: rect[0], top: rect[1] }])
    .png()
    .toBuffer();
}

/** The RGBA of pixel (x, y) of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
}

let app: FastifyInstance;
let token: string;
let ipId: number;
let userId: number;
/** Bottom: opaque colours; middle: its left half; top: its top-left quarter. */
const BOTTOM: Rgba[] = [
  [200, 0, 0, 255],
  [0, 200, 0, 255],
  [0, 0, 200, 255],
];
const MIDDLE: Rgba[] = [
  [250, 250, 0, 255],
  [0, 250, 250, 255],
  [250, 0, 250, 255],
];
const TOP: Rgba[] = [
  [10, 20, 30, 255],
  [40, 50, 60, 255],
  [70, 80, 90, 255],
];
let groups: string[][];
const up = async (png: Buffer, as = token) => {
  const res = await uploadAs(app, as, png, { ext: 'png' });
  expect(res.status).toBe(200);
  return res.key;
};

beforeAll(async () => {
  app = await makeApp();
  const merchant = await createMerchant(app, [12]);
  token = (await login(app, merchant.email)).web_token;
  ipId = merchant.brand.id;
  userId = merchant.user.id;
  groups = [
    await Promise.all(BOTTOM.map(async (color) => up(await layer(color)))),
    await Promise.all(MIDDLE.map(async (color) => up(await layer(color, [0, 0, SIZE / 2, SIZE])))),
    await Promise.all(TOP.map(async (color) => up(await layer(color, [0, 0, SIZE / 2, SIZE / 2])))),
  ];
});
afterAll(() => app.close());

const compose = (body: Record<string, unknown>, as = token) =>
  call(app, api.collectible.composeImages, body as never, { token: as });
const jobCount = async () => Number((await app.db.select({ n: count() }).from(jobs))[0]!.n);

describe('combinations', () => {
  it('every pick of one image per group, the last group changing fastest', () => {
    expect(combinations([2, 3]).map(coordOf)).toEqual(['1-1', '1-2', '1-3', '2-1', '2-2', '2-3']);
    expect(combinations([3, 3, 3])).toHaveLength(27);
    expect(combinations([2, 0])).toEqual([]);
  });
});

describe('collectible.composeImages', () => {
  it('a 3×3×3 set makes 27 PNGs of the merchant, in order, with progress and a zip of all', async () => {
    const started = await compose({ ip_id: ipId, groups });
    expect(started.statusCode).toBe(200);
    expect(started.body.data).toEqual({ job_id: expect.any(Number), total_num: 27 });
    const job = await waitForJob(app, started.body.data.job_id, token);
    expect(job).toMatchObject({ status: 'done', now_num: 27, total_num: 27, url: expect.stringContaining('.zip') });

    const result = await call(app, api.collectible.composedImages, { job_id: job.id }, { token });
    expect(result.statusCode).toBe(200);
    const { items, zip_url } = result.body.data;
    expect(items).toHaveLength(27);
    expect(items.map((x) => x.coord)).toEqual(combinations([3, 3, 3]).map(coordOf));
    expect(items[0]!.url.endsWith(`/files/${items[0]!.key}`)).toBe(true);
    expect(zip_url).toBe(job.url);
    for (const item of items.slice(0, 3)) {
      const [row] = await app.db.select().from(uploads).where(eq(uploads.key, item.key));
      expect(row).toMatchObject({ kind: 'image', mime: 'image/png', width: SIZE, height: SIZE, userId });
    }

    const names = zipEntries(await download(app, zip_url)).map((e) => e.name);
    expect(names).toHaveLength(27);
    expect(names).toEqual(items.map((x) => `${x.coord}.png`));
  });

  it('lays the groups bottom first: the top opaque pixel wins, a transparent one shows the layer beneath', async () => {
    const started = await compose({ ip_id: ipId, groups });
    const job = await waitForJob(app, started.body.data.job_id, token);
    const { items } = (await call(app, api.collectible.composedImages, { job_id: job.id }, { token })).body.data;
    const image = await download(app, items.find((x) => x.coord === '2-3-1')!.url);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SIZE, SIZE]);
    // Top-left: the top layer (group 3, image 1) covers the middle and the bottom.
    expect(await pixel(image, 0, 0)).toEqual(TOP[0]);
    // Bottom-left: the top is transparent there, the middle (group 2, image 3) shows.
    expect(await pixel(image, 0, SIZE - 1)).toEqual(MIDDLE[2]);
    // Right half: both upper layers are transparent, the bottom (group 1, image 2) shows.
    expect(await pixel(image, SIZE - 1, 0)).toEqual(BOTTOM[1]);
    expect(await pixel(image, SIZE - 1, SIZE - 1)).toEqual(BOTTOM[1]);
    const other = await download(app, items.find((x) => x.coord === '3-1-2')!.url);
    expect(await pixel(other, 1, 1)).toEqual(TOP[1]);
    expect(await pixel(other, 1, SIZE - 2)).toEqual(MIDDLE[0]);
    expect(await pixel(other, SIZE - 2, SIZE - 2)).toEqual(BOTTOM[2]);
  });

  it('refuses, in order, different sizes, an empty group and more than 1001 combinations; no job is made', async () => {
    const big = await up(await layer([1, 2, 3, 255], undefined, SIZE + 1));
    const [a, b] = groups[0] as [string, string];
    const before = await jobCount();
    const cases: [unknown, string][] = [
      [[[a], [big], []], c.sizeMismatch],
      [[[a, big]], c.sizeMismatch],
      [[[a], []], c.groupImagesRequired(2)],
      [[[], [a]], c.groupImagesRequired(1)],
      [[], c.groupImagesRequired(1)],
      [Array(3).fill(Array(11).fill(a)), c.tooManyCombos(1331)],
      [Array(6).fill([a]), c.tooManyGroups],
      [[Array(21).fill(b)], c.tooManyLayers],
    ];
    for (const [value, message] of cases) {
      const res = await compose({ ip_id: ipId, groups: value });
      expect([res.statusCode, res.body.msg]).toEqual([400, message]);
    }
    expect((await compose({ groups: [[a]] })).body.msg).toBe(c.brandRequired);
    expect(await jobCount()).toBe(before);
  });

  it("refuses another merchant's pictures and brand; another user's job is not found", async () => {
    const other = await createMerchant(app, [12]);
    const theirs = (await login(app, other.email)).web_token;
    const foreign = await up(await layer([9, 9, 9, 255]), theirs);
    const res = await compose({ ip_id: ipId, groups: [[groups[0]![0]!, foreign]] });
    expect([res.statusCode, res.body.msg]).toEqual([400, messages.upload.pictureMissing]);
    expect((await compose({ ip_id: ipId, groups: [[foreign]] }, theirs)).statusCode).toBe(404);
    const mine = await compose({ ip_id: ipId, groups: [[groups[0]![0]!]] });
    const job = await waitForJob(app, mine.body.data.job_id, token);
    const peek = await call(app, api.collectible.composedImages, { job_id: job.id }, { token: theirs });
    expect([peek.statusCode, peek.body.msg]).toEqual([404, c.composedNotFound]);
    const shop = (await login(app, 'shop@demo.local')).web_token;
    expect((await compose({ ip_id: ipId, groups }, shop)).statusCode).toBe(403);
  });
});

describe('the compose budget', () => {
  it('refuses a job past its pixels or bytes up front, with the total, and queues nothing', async () => {
    const before = await jobCount();
    // 20 × 20 results of 2400×2400: 23亿 pixels in all, past the 21亿 of one job.
    const wide = await up(
      await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#808080' } })
        .png()
        .toBuffer(),
    );
    const big = await compose({ ip_id: ipId, groups: [Array(20).fill(wide), Array(20).fill(wide)] });
    expect([big.statusCode, big.body.msg]).toEqual([400, c.composeTooManyPixels('23', '21')]);
    // 7 × 11 × 13 = 1001 results of a 1000×1000 noise picture (about 3 MB): fine in pixels (10亿),
    // but each result reads three such pictures, about 9 GB in all.
    const noise = randomBytes(1000 * 1000 * 3);
    const heavy = await up(
      await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const [row] = await app.db.select().from(uploads).where(eq(uploads.key, heavy));
    const gb = String(Math.round((3 * row!.size * 1001) / 1e8) / 10);
    const res = await compose({
      ip_id: ipId,
      groups: [Array(7).fill(heavy), Array(11).fill(heavy), Array(13).fill(heavy)],
    });
    expect([res.statusCode, res.body.msg]).toEqual([400, c.composeTooManyBytes(gb, '4')]);
    expect(await jobCount()).toBe(before);
  }, 60_000);
});
