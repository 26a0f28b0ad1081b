import { messages } from '@toy/shared';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { keyOfPic } from '../../lib/urls.js';

export interface PictureRule {
  width: number;
  height: number;
  maxBytes: number;
  /** Allowed kinds of stored upload (default image). */
  kind?: 'image' | 'video';
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * The message for each stored picture that breaks `rule` (missing, not an image, wrong pixel size,
 * too large), by value; values that are absolute URLs outside this API are not checked. Answers
 * an empty map when every picture is fine. One query for any number of pictures.
 */
export async function pictureProblems(
  db: Db | Tx,
  config: Config,
  values: string[],
  rule: PictureRule,
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const value of new Set(values)) {
    const key = keyOfPic(config, value);
    if (!isUrl(key)) keys.set(key, value);
  }
  const found = new Map<string, typeof uploads.$inferSelect>();
  const all = [...keys.keys()];
  for (let i = 0; i < all.length; i += 5000) {
    const rows = await db
      .select()
      .from(uploads)
      .where(inArray(uploads.key, all.slice(i, i + 5000)));
    for (const row of rows) found.set(row.key, row);
  }
  const kind = rule.kind ?? 'image';
  for (const [key, value] of keys) {
    const row = found.get(key);
    if (!row || row.kind !== kind) problems.set(value, messages.upload.unsupported);
    else if (kind === 'image' && (row.width !== rule.width || row.height !== rule.height))
      problems.set(value, messages.upload.imageSize(rule.width, rule.height));
    else if (row.size > rule.maxBytes)
      problems.set(
        value,
        kind === 'video' ? messages.upload.videoTooLarge : messages.upload.tooLarge(formatMb(rule.maxBytes)),
      );
  }
  return problems;
}

const formatMb = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)}MB`;

/** Throw 400 with the first problem of `values` (see pictureProblems). */
export async function assertPictures(db: Db | Tx, config: Config, values: string[], rule: PictureRule) {
  const problems = await pictureProblems(db, config, values, rule);
  const first = values.find((v) => problems.has(v));
  if (first !== undefined) throw httpError(400, problems.get(first)!);
}
