import { type Country, countryText, type FreightTemplate, messages } from '@toy/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { freightTemplates } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';

type Row = typeof freightTemplates.$inferSelect;

/** Prices are stored in hundredths (cents, satang) and sent with two decimals, like yuan/fen. */
const toWire = (row: Row): FreightTemplate => ({
  id: row.id,
  ip_id: row.ipId,
  country: row.country as Country,
  country_text: countryText(row.country),
  free_num: row.freeNum,
  price_us: fenToYuan(row.priceUs),
  price_th: fenToYuan(row.priceTh),
  updated_at: formatTime(row.updatedAt),
});

/** Templates of these brands, by brand then in the spec's country order. */
export async function listTemplates(db: Db, brandIds: number[]): Promise<FreightTemplate[]> {
  if (brandIds.length === 0) return [];
  const rows = await db
    .select()
    .from(freightTemplates)
    .where(inArray(freightTemplates.ipId, brandIds))
    .orderBy(
      asc(freightTemplates.ipId),
      sql`array_position(array['th','sg','id','my','ph','vn'], ${freightTemplates.country})`,
    );
  return rows.map(toWire);
}

/** The template of a brand for a country, or null (what an overseas pickup's freight reads). */
export async function templateOf(db: Db, ipId: number, country: string): Promise<FreightTemplate | null> {
  const [row] = await db
    .select()
    .from(freightTemplates)
    .where(and(eq(freightTemplates.ipId, ipId), eq(freightTemplates.country, country)));
  return row ? toWire(row) : null;
}

export interface TemplateInput {
  id?: number;
  ip_id: number;
  country: Country;
  free_num: number;
  price_us: number;
  price_th: number;
}

/**
 * Insert, or update template `id` of one of `brandIds` (else 404). One template per brand and
 * country: a second one for the same pair answers messages.freight.duplicate and writes nothing.
 */
export async function saveTemplate(
  db: Db,
  request: FastifyRequest,
  brandIds: number[],
  input: TemplateInput,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const values = {
      ipId: input.ip_id,
      country: input.country,
      freeNum: input.free_num,
      priceUs: yuanToFen(input.price_us),
      priceTh: yuanToFen(input.price_th),
    };
    const [clash] = await tx
      .select({ id: freightTemplates.id })
      .from(freightTemplates)
      .where(and(eq(freightTemplates.ipId, input.ip_id), eq(freightTemplates.country, input.country)))
      .for('update');
    if (clash && clash.id !== input.id) throw httpError(400, messages.freight.duplicate);
    if (input.id === undefined) {
      const inserted = await tx.insert(freightTemplates).values(values).onConflictDoNothing().returning();
      const row = inserted[0];
      if (!row) throw httpError(400, messages.freight.duplicate);
      await audit(tx, request, {
        entity: 'freightTemplate',
        id: row.id,
        ipId: row.ipId,
        action: 'create',
        after: toWire(row),
      });
      return { id: row.id };
    }
    const [before] = await tx
      .select()
      .from(freightTemplates)
      .where(and(eq(freightTemplates.id, input.id), inArray(freightTemplates.ipId, brandIds)))
      .for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(freightTemplates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(freightTemplates.id, input.id))
      .returning();
    await audit(tx, request, {
      entity: 'freightTemplate',
      id: after!.id,
      ipId: after!.ipId,
      action: 'update',
      before: toWire(before),
      after: toWire(after!),
    });
    return { id: after!.id };
  });
}
