import { type AlbumOption, type AuditEntity, messages } from '@toy/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { albums, collectibles, coupons, gachaGoods } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';

/** The records that can be put in an album (设置合辑), with the audit entity of each. */
const MEMBERS = {
  collectible: collectibles,
  coupon: coupons,
  gacha: gachaGoods,
} as const satisfies Partial<Record<AuditEntity, unknown>>;
export type AlbumMember = keyof typeof MEMBERS;

/**
 * 设置合辑: every id must be a record of `brandIds` (else 404, one answer for "not yours" and "not
 * there"), the album one of the same brands (404) and of the same brand as each record. Rows are
 * locked in id order and each change is audited in the caller's transaction.
 */
export async function assignAlbum(
  tx: Tx,
  request: FastifyRequest,
  kind: AlbumMember,
  brandIds: number[],
  body: { goods_ids: number[]; catalog_id: number },
): Promise<void> {
  // The three tables share the columns used here; one of them names the shape for the type checker.
  const table = MEMBERS[kind] as typeof coupons;
  if (brandIds.length === 0) throw notFound();
  const rows = await tx
    .select({ id: table.id, ipId: table.ipId, catalogId: table.catalogId })
    .from(table)
    .where(and(inArray(table.id, body.goods_ids), inArray(table.ipId, brandIds)))
    .orderBy(asc(table.id))
    .for('update');
  if (rows.length !== body.goods_ids.length) throw notFound();
  const [album] = await tx
    .select({ id: albums.id, ipId: albums.ipId })
    .from(albums)
    .where(and(eq(albums.id, body.catalog_id), inArray(albums.ipId, brandIds)));
  if (!album) throw httpError(404, messages.album.notFound);
  if (rows.some((r) => r.ipId !== album.ipId)) throw httpError(400, messages.album.otherBrand);
  for (const row of rows) {
    if (row.catalogId === album.id) continue;
    await tx.update(table).set({ catalogId: album.id }).where(eq(table.id, row.id));
    await audit(tx, request, {
      entity: kind,
      id: row.id,
      ipId: row.ipId,
      action: 'update',
      before: { catalog_id: row.catalogId },
      after: { catalog_id: album.id },
    });
  }
}

/** The albums of `brandIds` as select options, newest first. */
export async function albumOptions(db: Db, brandIds: number[]): Promise<{ list: AlbumOption[] }> {
  if (brandIds.length === 0) return { list: [] };
  const list = await db
    .select({ id: albums.id, title: albums.title })
    .from(albums)
    .where(inArray(albums.ipId, brandIds))
    .orderBy(desc(albums.id));
  return { list };
}
