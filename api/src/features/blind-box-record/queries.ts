import type { BlindBoxRecord } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { blindBoxRecords, blindBoxTemplates, brands, users } from '../../db/schema.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

type RecordRow = typeof blindBoxRecords.$inferSelect;

const owner = alias(brands, 'owner');
const goodsBrand = alias(brands, 'goods_brand');

/** `%` and `_` typed by a user are literal characters in a search. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function recordToWire(
  config: Config,
  row: RecordRow,
  extra: { ipTitle: string; goodsIpTitle: string; submitter: string | null; templateId: number | null },
): BlindBoxRecord {
  const url = (key: string) => picUrl(config, key);
  return {
    id: row.id,
    ip_id: row.ipId,
    ip_title: extra.ipTitle,
    goods_ip_id: row.goodsIpId,
    goods_ip_title: extra.goodsIpTitle,
    title: row.title,
    price: fenToYuan(row.price),
    limit_stock: row.limitStock,
    shop_time: formatTime(row.shopTime),
    goods: row.goods.map((s) => ({ ...s, goods_pic: url(s.goods_pic) })),
    pics: row.pics.map(url),
    pic: url(row.pic),
    main_pic: url(row.mainPic),
    one_box_pic: url(row.oneBoxPic),
    one_pack_pic: url(row.onePackPic),
    color: row.color,
    is_overseas: row.isOverseas,
    status: row.status,
    reason: row.reason,
    template_id: extra.templateId,
    submitter: extra.submitter ?? '',
    created_at: formatTime(row.createdAt),
    updated_at: formatTime(row.updatedAt),
    reviewed_at: formatTime(row.reviewedAt),
  };
}

export interface RecordFilter {
  /** Only these owner brands (merchant lists); undefined for the reviewer. */
  brandIds?: number[];
  ids?: number[];
  status?: number;
  title?: string;
}

/** Records with their brand titles, submitter and template, newest first; paged. */
export async function listRecords(
  db: Db,
  config: Config,
  filter: RecordFilter,
  page = 1,
  limit = 10,
): Promise<{ list: BlindBoxRecord[]; total: number }> {
  const where: SQL[] = [];
  if (filter.brandIds) {
    if (filter.brandIds.length === 0) return { list: [], total: 0 };
    where.push(inArray(blindBoxRecords.ipId, filter.brandIds));
  }
  if (filter.ids) where.push(inArray(blindBoxRecords.id, filter.ids));
  if (filter.status !== undefined && filter.status >= 0) where.push(eq(blindBoxRecords.status, filter.status));
  if (filter.title) where.push(ilike(blindBoxRecords.title, likePattern(filter.title)));
  const condition = where.length ? and(...where) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(blindBoxRecords).where(condition);
  const rows = await db
    .select({
      record: blindBoxRecords,
      ipTitle: owner.title,
      goodsIpTitle: goodsBrand.title,
      submitter: users.name,
      templateId: blindBoxTemplates.id,
    })
    .from(blindBoxRecords)
    .innerJoin(owner, eq(owner.id, blindBoxRecords.ipId))
    .innerJoin(goodsBrand, eq(goodsBrand.id, blindBoxRecords.goodsIpId))
    .leftJoin(users, eq(users.id, blindBoxRecords.userId))
    .leftJoin(blindBoxTemplates, eq(blindBoxTemplates.recordId, blindBoxRecords.id))
    .where(condition)
    .orderBy(desc(blindBoxRecords.updatedAt), desc(blindBoxRecords.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    list: rows.map((r) => recordToWire(config, r.record, r)),
    total: totalRow?.n ?? 0,
  };
}
