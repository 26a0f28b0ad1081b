import { countryText, type Warehouse } from '@toy/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ReadCache } from '../../db/read-cache.js';
import { warehouses } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';

type Row = typeof warehouses.$inferSelect;

const toWire = (row: Row): Warehouse => ({
  id: row.id,
  ip_id: row.ipId,
  name: row.name,
  country: row.country as Warehouse['country'],
  country_text: countryText(row.country),
  updated_at: formatTime(row.updatedAt),
});

/** Warehouses of these brands, most recently updated first. */
export async function listWarehouses(db: Db, cache: ReadCache, brandIds: number[]): Promise<Warehouse[]> {
  if (brandIds.length === 0) return [];
  return cache.get(`warehouses:${brandIds.join(',')}`, async () => {
    const rows = await db
      .select()
      .from(warehouses)
      .where(inArray(warehouses.ipId, brandIds))
      .orderBy(desc(warehouses.updatedAt), desc(warehouses.id));
    return rows.map(toWire);
  });
}

export interface WarehouseInput {
  id?: number;
  ip_id: number;
  name: string;
  country: string;
}

/**
 * Insert, or update the warehouse `id` when it belongs to one of `brandIds` (else 404, the same
 * answer as a missing id). The caller has checked that `ip_id` is one of `brandIds`.
 */
export async function saveWarehouse(db: Db, brandIds: number[], input: WarehouseInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const values = { ipId: input.ip_id, name: input.name, country: input.country };
    if (input.id === undefined) {
      const [created] = await tx.insert(warehouses).values(values).returning({ id: warehouses.id });
      return { id: created!.id };
    }
    const [updated] = await tx
      .update(warehouses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(warehouses.id, input.id), inArray(warehouses.ipId, brandIds)))
      .returning({ id: warehouses.id });
    if (!updated) throw notFound();
    return { id: updated.id };
  });
}
