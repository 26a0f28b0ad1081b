import type { AllocStyle, Template } from '@toy/shared';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { blindBoxTemplateStyles, blindBoxTemplates, brands } from '../../db/schema.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { likePattern } from '../blind-box-record/index.js';

export type TemplateRow = typeof blindBoxTemplates.$inferSelect;
export type StyleRow = typeof blindBoxTemplateStyles.$inferSelect;

/**
 * Boxes of each basic style in one case before hidden styles replace any: the case's boxes shared
 * out in order (the first `limit_stock mod basics` basic styles get one more). Hidden styles: 0.
 */
export function perCase(styles: readonly StyleRow[], limitStock: number): Map<number, number> {
  const basics = styles.filter((s) => s.type === 1);
  const out = new Map<number, number>();
  basics.forEach((s, i) => {
    out.set(s.id, Math.floor(limitStock / basics.length) + (i < limitStock % basics.length ? 1 : 0));
  });
  return out;
}

export const allocStyles = (styles: readonly StyleRow[]): AllocStyle[] =>
  styles.map((s) => ({ id: s.id, type: s.type, probability: s.probability }));

/** The styles of templates, in template order (sort, id). */
export async function stylesOf(db: Db, templateIds: number[]): Promise<Map<number, StyleRow[]>> {
  const out = new Map<number, StyleRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return out;
  const rows = await db
    .select()
    .from(blindBoxTemplateStyles)
    .where(inArray(blindBoxTemplateStyles.templateId, templateIds))
    .orderBy(asc(blindBoxTemplateStyles.templateId), asc(blindBoxTemplateStyles.sort), asc(blindBoxTemplateStyles.id));
  for (const r of rows) out.get(r.templateId)?.push(r);
  return out;
}

/** A usable template of one of `brandIds`, or null (a foreign id is as missing as an unknown one). */
export async function findTemplate(db: Db, id: number, brandIds: number[]): Promise<TemplateRow | null> {
  if (brandIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(blindBoxTemplates)
    .where(
      and(eq(blindBoxTemplates.id, id), inArray(blindBoxTemplates.ipId, brandIds), eq(blindBoxTemplates.status, 1)),
    )
    .limit(1);
  return row ?? null;
}

export function templateToWire(config: Config, row: TemplateRow, ipTitle: string, styles: StyleRow[]): Template {
  const counts = perCase(styles, row.limitStock);
  return {
    id: row.id,
    title: row.title,
    ip_id: row.ipId,
    ip_title: ipTitle,
    price: fenToYuan(row.price),
    limit_stock: row.limitStock,
    is_overseas: row.isOverseas,
    pic: picUrl(config, row.pic),
    main_pic: picUrl(config, row.mainPic),
    color: row.color,
    shop_time: formatTime(row.shopTime),
    goods: styles.map((s) => ({
      id: s.id,
      goods_pic: picUrl(config, s.goodsPic),
      goods_title: s.goodsTitle,
      type: s.type,
      probability: s.probability,
      stock: counts.get(s.id) ?? 0,
      is_overseas: s.isOverseas,
    })),
  };
}

/** template.search: a brand's usable templates by title, newest first, with their styles. */
export async function searchTemplates(
  db: Db,
  config: Config,
  ipId: number,
  title: string,
  page: number,
  limit: number,
): Promise<Template[]> {
  const where: SQL[] = [eq(blindBoxTemplates.ipId, ipId), eq(blindBoxTemplates.status, 1)];
  if (title) where.push(ilike(blindBoxTemplates.title, likePattern(title)));
  const rows = await db
    .select({ template: blindBoxTemplates, ipTitle: brands.title })
    .from(blindBoxTemplates)
    .innerJoin(brands, eq(brands.id, blindBoxTemplates.goodsIpId))
    .where(and(...where))
    .orderBy(desc(blindBoxTemplates.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const styles = await stylesOf(
    db,
    rows.map((r) => r.template.id),
  );
  return rows.map((r) => templateToWire(config, r.template, r.ipTitle, styles.get(r.template.id) ?? []));
}
