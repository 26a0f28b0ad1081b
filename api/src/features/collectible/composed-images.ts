import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  comboCount,
  composeBudgetFailure,
  composeImagesRules,
  fileUrl,
  firstFailure,
  IMAGE_UPLOAD_KINDS,
  messages,
  type UploadKind,
} from '@toy/shared';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { fileBaseOf } from '../../lib/urls.js';
import { StoredZipWriter } from '../../lib/zip.js';
import type { FileStore } from '../../storage/store.js';
import { EXPORT_PREFIX, type JobContext, type JobResult, registerJobKind } from '../job/index.js';
import { type PictureUser, usableUploads } from '../upload/index.js';

const m = messages.collectible;

/**
 * Composed images (spec 03 §4 "Composed collectible creation"): the merchant's groups of layers,
 * bottom group first; every pick of one image per group is laid over the picks beneath it and
 * written as a PNG upload of the merchant (kept under `composed/`, as the items of a type 3
 * collectible), and all of them into one zip (under `exports/`, removed with the export files).
 */
export const COMPOSE_IMAGES_KIND = 'collectible.composeImages';
export const COMPOSED_PREFIX = 'composed';

/** What a compose job stores: the groups as upload keys, and the folder its PNGs go to. */
export interface ComposeImagesParams {
  ipId: number;
  groups: string[][];
  dir: string;
}

/** A finished compose job's result: the zip (as every job's file) and each image, in order. */
export interface ComposeImagesResult extends JobResult {
  items: { key: string; coord: string }[];
}

/**
 * Every pick of one image per group, as 0-based indexes, in order: the first group changes
 * slowest and the last fastest (1-1-1, 1-1-2, …).
 */
export function combinations(counts: number[]): number[][] {
  if (counts.length === 0 || counts.some((n) => n <= 0)) return [];
  let out: number[][] = [[]];
  for (const n of counts) out = out.flatMap((pick) => Array.from({ length: n }, (_, i) => [...pick, i]));
  return out;
}

/** "1-3-2": the 1-based image picked in each group. */
export const coordOf = (pick: number[]) => pick.map((i) => i + 1).join('-');

/**
 * The checks after the request's shape, in the spec's order: each picture is an image upload the
 * merchant may use; all have the same pixel size, read from the stored files; every group has
 * images; at most 1001 combinations; then the job's budget (COMPOSE_IMAGE_BUDGET: the pixels of
 * all results, the bytes composited), so a job too big to finish in reasonable time and space is
 * refused before it is queued. Answers the groups as upload keys.
 */
export async function checkComposeImages(
  db: Db,
  config: Config,
  storage: FileStore,
  user: PictureUser,
  groups: string[][],
): Promise<string[][]> {
  const values = groups.flat().filter(Boolean);
  const usable = await usableUploads(db, config, user, values);
  for (const value of values) {
    const row = usable.get(value);
    if (!row) throw httpError(400, messages.upload.pictureMissing);
    if (!IMAGE_UPLOAD_KINDS.includes(row.kind as UploadKind)) throw httpError(400, messages.upload.unsupported);
  }
  const keys = groups.map((g) => g.map((v) => (v ? usable.get(v)!.key : '')));
  const sizes = new Set<string>();
  let pixels = 0;
  for (const key of new Set(keys.flat().filter(Boolean))) {
    const meta = await storage.withFile(key, (file) => sharp(file).metadata());
    sizes.add(`${meta.width}x${meta.height}`);
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  }
  if (sizes.size > 1) throw httpError(400, m.sizeMismatch);
  const failed = firstFailure(composeImagesRules, { groups });
  if (failed) throw httpError(400, failed.message);
  // Every result reads one image of each group: a group's bytes count once per result over its size.
  const combos = comboCount(keys);
  const bytesOf = (value: string) => usable.get(value)?.size ?? 0;
  const bytes = groups.reduce((n, g) => n + (g.reduce((b, v) => b + bytesOf(v), 0) * combos) / g.length, 0);
  const overBudget = composeBudgetFailure(combos, pixels, bytes);
  if (overBudget) throw httpError(400, overBudget);
  return keys;
}

/** A new folder for one compose job's PNGs. */
export const composedDir = (now = new Date()) =>
  `${COMPOSED_PREFIX}/${formatTime(now).slice(0, 7).replace('-', '')}/${randomUUID()}`;

/** Write `data` at `key` in storage and record it as an upload of `userId` (again on a retry: same key, same bytes). */
async function storeUpload(
  db: Db,
  storage: FileStore,
  key: string,
  data: Buffer,
  meta: { kind: string; mime: string; width?: number; height?: number; userId: number | null; downloadName?: string },
) {
  await storage.put(key, data, meta.mime);
  await db
    .insert(uploads)
    .values({
      key,
      kind: meta.kind,
      mime: meta.mime,
      size: data.length,
      width: meta.width ?? null,
      height: meta.height ?? null,
      hash: createHash('sha256').update(data).digest('hex'),
      userId: meta.userId,
      downloadName: meta.downloadName ?? null,
    })
    .onConflictDoNothing();
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `合成图片_20261124_1230.zip`. */
const zipName = (at: Date) =>
  `合成图片_${formatTime(at).replace(/-/g, '').replace(' ', '_').replace(/:/g, '').slice(0, 13)}.zip`;

/** The job: each combination composited with sharp (bottom group first), stored, zipped, with progress. */
export async function runComposeImages(ctx: JobContext): Promise<ComposeImagesResult> {
  const p = ctx.job.params as ComposeImagesParams;
  const picks = combinations(p.groups.map((g) => g.length));
  await ctx.progress(0, picks.length);
  // Each layer's file read once; sharp decodes it for each composition.
  const layers = await Promise.all(p.groups.map((g) => Promise.all(g.map((key) => ctx.storage.read(key)))));
  const now = new Date();
  const zipKey = `${EXPORT_PREFIX}/${formatTime(now).slice(0, 7).replace('-', '')}/${randomUUID()}.zip`;
  // The zip is made in this copy's scratch directory and stored when complete.
  const zipFile = path.join(ctx.storage.scratch, `zip-${randomUUID()}.zip`);
  const zip = await StoredZipWriter.create(zipFile);
  const items: ComposeImagesResult['items'] = [];
  try {
    for (const [i, pick] of picks.entries()) {
      ctx.signal.throwIfAborted();
      const [bottom, ...above] = pick.map((index, group) => layers[group]![index]!);
      const { data, info } = await sharp(bottom!)
        .composite(above.map((input) => ({ input, top: 0, left: 0 })))
        .png()
        .toBuffer({ resolveWithObject: true });
      const coord = coordOf(pick);
      const key = `${p.dir}/${coord}.png`;
      await storeUpload(ctx.db, ctx.storage, key, data, {
        kind: 'image',
        mime: 'image/png',
        width: info.width,
        height: info.height,
        userId: ctx.job.userId,
      });
      await zip.add(`${coord}.png`, data);
      items.push({ key, coord });
      await ctx.progress(i + 1);
    }
    const size = await zip.close();
    const name = zipName(now);
    const hash = await sha256File(zipFile);
    await ctx.storage.putFile(zipKey, zipFile, 'application/zip');
    await ctx.db
      .insert(uploads)
      .values({
        key: zipKey,
        kind: 'zip',
        mime: 'application/zip',
        size,
        hash,
        userId: ctx.job.userId,
        downloadName: name,
      })
      .onConflictDoNothing();
    return { key: zipKey, url: fileUrl(fileBaseOf(ctx.config), zipKey), name, items };
  } catch (error) {
    await zip.abort();
    await rm(zipFile, { force: true });
    throw error;
  }
}

/** The items of a finished job with their URLs, and the zip's URL. */
export const composedWire = (config: Config, result: ComposeImagesResult) => ({
  items: result.items.map((x) => ({ key: x.key, url: fileUrl(fileBaseOf(config), x.key), coord: x.coord })),
  zip_url: result.url,
});

registerJobKind(COMPOSE_IMAGES_KIND, runComposeImages);
