import {
  messages,
  SKIN_IMAGE_KEYS,
  SKIN_IMAGES,
  SKIN_SHOW_PIC,
  type Skin,
  type SkinDraft,
  type SkinImages,
  showPicSize,
} from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { brands, skinDrafts, skins, virtualReceipts } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';
import { assertPictures, type PictureUser } from '../upload/index.js';

export type SkinRow = typeof skins.$inferSelect;
export type SkinDraftRow = typeof skinDrafts.$inferSelect;

/** The images of a row as the wire carries them: every key, absolute URLs, '' when missing. */
export const imagesToWire = (config: Config, images: Record<string, string>): SkinImages =>
  Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, picUrl(config, images[k] ?? '')])) as SkinImages;

const SHOW = SKIN_IMAGES.find((i) => i.key === SKIN_SHOW_PIC)!;

export const skinToWire = (config: Config, row: SkinRow, c: { received: number; ipTitle: string }): Skin => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: c.ipTitle,
  title: row.title,
  content: row.content,
  show_pic: picUrl(config, row.showPic),
  show_pic_size: showPicSize(SHOW.width, SHOW.height),
  is_box_goods: row.isBoxGoods,
  font_tone: row.fontTone,
  status: row.status,
  process_status: row.processStatus,
  remark: row.remark,
  received: c.received,
  created_at: formatTime(row.createdAt),
  ...imagesToWire(config, row.images),
});

export const draftToWire = (config: Config, row: SkinDraftRow, ipTitle: string): SkinDraft => ({
  id: row.id,
  ip_id: row.ipId ?? 0,
  ip_title: ipTitle,
  skin_id: row.skinId,
  title: row.title,
  content: row.content,
  font_tone: row.fontTone,
  show_pic: picUrl(config, row.images[SKIN_SHOW_PIC] ?? ''),
  updated_at: formatTime(row.updatedAt),
  ...imagesToWire(config, row.images),
});

export async function brandTitles(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: brands.id, title: brands.title }).from(brands).where(inArray(brands.id, unique));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** How many players hold each skin (virtual_receipts of kind skin). */
export async function receivedOf(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: virtualReceipts.itemId, n: count() })
    .from(virtualReceipts)
    .where(and(eq(virtualReceipts.kind, RECEIPT_KIND.skin), inArray(virtualReceipts.itemId, ids)))
    .groupBy(virtualReceipts.itemId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function skinsToWire(db: Db | Tx, config: Config, rows: SkinRow[]): Promise<Skin[]> {
  const received = await receivedOf(
    db,
    rows.map((r) => r.id),
  );
  const titles = await brandTitles(
    db,
    rows.map((r) => r.ipId),
  );
  return rows.map((r) =>
    skinToWire(config, r, { received: received.get(r.id) ?? 0, ipTitle: titles.get(r.ipId) ?? '' }),
  );
}

export const wireOf = async (db: Db | Tx, config: Config, row: SkinRow) => (await skinsToWire(db, config, [row]))[0]!;

/** The audited view of a skin: its business fields, not its seventeen URLs. */
export const auditView = (row: SkinRow) => ({
  ip_id: row.ipId,
  title: row.title,
  content: row.content,
  font_tone: row.fontTone,
  status: row.status,
  process_status: row.processStatus,
  is_box_goods: row.isBoxGoods,
});

/** The drafts a user sees: its own, and those of its brands. */
export const draftsVisible = (userId: number, brandIds: number[]): SQL =>
  brandIds.length
    ? (or(eq(skinDrafts.userId, userId), inArray(skinDrafts.ipId, brandIds)) as SQL)
    : eq(skinDrafts.userId, userId);

/** A brand's drafts: a draft saved before its brand was chosen counts under every brand. */
const ofBrand = (ipId: number) => or(eq(skinDrafts.ipId, ipId), isNull(skinDrafts.ipId));

export async function draftCount(db: Db, userId: number, brandIds: number[], ipId?: number): Promise<number> {
  const where = ipId ? and(draftsVisible(userId, brandIds), ofBrand(ipId)) : draftsVisible(userId, brandIds);
  const [row] = await db.select({ n: count() }).from(skinDrafts).where(where);
  return Number(row?.n ?? 0);
}

export async function listSkins(
  db: Db,
  config: Config,
  brandIds: number[],
  q: { page: number; limit: number; keyword?: string },
) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { list: [], pagination };
  const where: SQL[] = [inArray(skins.ipId, brandIds)];
  if (q.keyword) where.push(ilike(skins.title, containing(q.keyword)));
  const [total] = await db
    .select({ n: count() })
    .from(skins)
    .where(and(...where));
  const rows = await db
    .select()
    .from(skins)
    .where(and(...where))
    .orderBy(desc(skins.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    list: await skinsToWire(db, config, rows),
    pagination: { ...pagination, total_rows: Number(total?.n ?? 0) },
  };
}

export async function listDrafts(
  db: Db,
  config: Config,
  userId: number,
  brandIds: number[],
  q: { page: number; limit: number; ip_id?: number },
) {
  const where = q.ip_id ? and(draftsVisible(userId, brandIds), ofBrand(q.ip_id)) : draftsVisible(userId, brandIds);
  const [total] = await db.select({ n: count() }).from(skinDrafts).where(where);
  const rows = await db
    .select()
    .from(skinDrafts)
    .where(where)
    .orderBy(desc(skinDrafts.updatedAt), desc(skinDrafts.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const titles = await brandTitles(
    db,
    rows.map((r) => r.ipId ?? 0),
  );
  return {
    list: rows.map((r) => draftToWire(config, r, titles.get(r.ipId ?? 0) ?? '')),
    pagination: { page: q.page, limit: q.limit, total_rows: Number(total?.n ?? 0) },
  };
}

export async function findSkin(db: Db | Tx, brandIds: number[], id: number, lock = false): Promise<SkinRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(skins)
    .where(and(eq(skins.id, id), inArray(skins.ipId, brandIds)));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  if (!row) throw notFound();
  return row;
}

export async function findDraft(db: Db | Tx, userId: number, brandIds: number[], id: number): Promise<SkinDraftRow> {
  const [row] = await db
    .select()
    .from(skinDrafts)
    .where(and(eq(skinDrafts.id, id), draftsVisible(userId, brandIds)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Edit and delete only when awaiting listing and not pending (spec 03 §2). */
export function assertEditable(row: SkinRow) {
  if (row.status !== 1 || row.processStatus === 0) throw httpError(409, messages.skin.locked);
}

/** List/unlist and the admin claim only when approved (spec 03 §4). */
export function assertApproved(row: SkinRow) {
  if (row.processStatus !== 1) throw httpError(409, messages.skin.notApproved);
}

/** Each filled image must be the user's usable upload of its slot's exact size, in the table's order. */
export async function assertSkinImages(db: Db | Tx, config: Config, user: PictureUser, images: SkinImages) {
  for (const slot of SKIN_IMAGES) {
    const value = images[slot.key];
    if (value) await assertPictures(db, config, user, [value], { width: slot.width, height: slot.height });
  }
}

export const touchSkin = (tx: Tx, id: number, set: Partial<SkinRow>) =>
  tx
    .update(skins)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(skins.id, id))
    .returning()
    .then((rows) => rows[0]!);

/** What a row stores of the wire's images: upload keys, only the filled ones. */
export const imagesToRow = (config: Config, images: SkinImages): Record<string, string> =>
  Object.fromEntries(SKIN_IMAGE_KEYS.filter((k) => images[k]).map((k) => [k, keyOfPic(config, images[k])]));
