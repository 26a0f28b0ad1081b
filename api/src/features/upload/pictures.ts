import { messages } from '@toy/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { uploads, userBrands } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';

/**
 * Pictures, in one place. Every field that takes a picture (or a video) — goods, gacha goods and
 * their import, blind-box records, kuji covers and prizes, the avatar — accepts only an upload the
 * merchant may use: one of its own (uploaded by the user, or by a user sharing one of its brands)
 * or a public asset (an upload without an owner: the platform's own pictures). A key that does not
 * exist, another merchant's upload and an address elsewhere all answer the same, so the answer
 * tells nothing of other merchants' files. Values are upload keys or this API's URLs of them.
 */
export type PictureUser = Pick<AuthUser, 'id' | 'isAdmin'>;

export interface PictureRule {
  /** Exact pixel size, when the field has one. */
  width?: number;
  height?: number;
  maxBytes?: number;
  /** Allowed kinds of stored upload (default image). */
  kind?: 'image' | 'video';
}

type UploadRow = typeof uploads.$inferSelect;

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** Whose uploads `user` may use: its own, its brands' other users', and those of nobody. */
function usableBy(user: PictureUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  const colleagues = sql`select other.user_id from ${userBrands} mine
    join ${userBrands} other on other.brand_id = mine.brand_id where mine.user_id = ${user.id}`;
  return or(isNull(uploads.userId), eq(uploads.userId, user.id), sql`${uploads.userId} in (${colleagues})`);
}

/** The stored uploads of `values` that `user` may use, by value; values without one are absent. */
export async function usableUploads(
  db: Db | Tx,
  config: Config,
  user: PictureUser,
  values: string[],
): Promise<Map<string, UploadRow>> {
  const keys = new Map<string, string[]>();
  for (const value of new Set(values)) {
    const key = keyOfPic(config, value);
    if (!key || isUrl(key)) continue;
    keys.set(key, [...(keys.get(key) ?? []), value]);
  }
  const usable = new Map<string, UploadRow>();
  const all = [...keys.keys()];
  for (let i = 0; i < all.length; i += 5000) {
    const rows = await db
      .select()
      .from(uploads)
      .where(and(inArray(uploads.key, all.slice(i, i + 5000)), usableBy(user)));
    for (const row of rows) for (const value of keys.get(row.key) ?? []) usable.set(value, row);
  }
  return usable;
}

/**
 * The message for each picture of `values` that breaks `rule` — not usable (missing, another
 * merchant's, elsewhere), not of the kind, wrong pixel size, too large — by value; an empty map
 * when every one is fine. Empty values are skipped. One query for any number of pictures.
 */
export async function pictureProblems(
  db: Db | Tx,
  config: Config,
  user: PictureUser,
  values: string[],
  rule: PictureRule = {},
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  const wanted = values.filter(Boolean);
  const usable = await usableUploads(db, config, user, wanted);
  const kind = rule.kind ?? 'image';
  for (const value of wanted) {
    const row = usable.get(value);
    if (!row) problems.set(value, messages.upload.pictureMissing);
    else if (row.kind !== kind) problems.set(value, messages.upload.unsupported);
    else if (kind === 'image' && rule.width && rule.height && (row.width !== rule.width || row.height !== rule.height))
      problems.set(value, messages.upload.imageSize(rule.width, rule.height));
    else if (rule.maxBytes && row.size > rule.maxBytes)
      problems.set(
        value,
        kind === 'video' ? messages.upload.videoTooLarge : messages.upload.tooLarge(formatMb(rule.maxBytes)),
      );
  }
  return problems;
}

const formatMb = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)}MB`;

/** Throw 400 with the first problem of `values` (see pictureProblems). */
export async function assertPictures(
  db: Db | Tx,
  config: Config,
  user: PictureUser,
  values: string[],
  rule: PictureRule = {},
) {
  const problems = await pictureProblems(db, config, user, values, rule);
  const first = values.find((v) => problems.has(v));
  if (first !== undefined) throw httpError(400, problems.get(first)!);
}
