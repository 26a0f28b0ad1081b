import { canShip, messages } from '@toy/shared';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { pickups } from '../../db/schema.js';
import { type AuditInput, auditMany } from '../audit/index.js';
import { type ImportPlan, planSheet, type SheetRows, sheetLines } from '../shipment/index.js';
import type { PickupRow } from './queries.js';
import { shipSnapshot } from './ship.js';

/** 导入发货单 of the pickup list: the shipping sheet (shipment/sheet.ts) against the caller's pickups. */
const m = messages.pickup;

/** The caller's pickups with these numbers (locked inside the confirm's transaction). */
async function loadPickups(db: Db | Tx, brandIds: number[], sns: string[], lock: boolean) {
  const found = new Map<string, PickupRow>();
  for (let i = 0; i < sns.length; i += 5000) {
    const query = db
      .select()
      .from(pickups)
      .where(and(inArray(pickups.ipId, brandIds), inArray(pickups.orderSn, sns.slice(i, i + 5000))))
      .orderBy(pickups.id);
    for (const r of await (lock ? query.for('update') : query)) found.set(r.orderSn, r);
  }
  return found;
}

/** Check every row against the caller's pickups (locked inside the confirm's transaction); nothing is written. */
export async function planShipping(db: Db | Tx, brandIds: number[], sheet: SheetRows, lock = false) {
  const lines = sheetLines(sheet);
  const sns = [...new Set(lines.map((l) => l.cells[0]).filter(Boolean))];
  const known = brandIds.length ? await loadPickups(db, brandIds, sns, lock) : new Map<string, PickupRow>();
  return planSheet(lines, known, (p) => (canShip(p.deliveryStatus) ? null : m.notShippable));
}

/**
 * Ship every line of an error-free plan inside `tx` (its pickups locked by planShipping): one
 * shipment per pickup taking all its unshipped items, the pickups marked shipped, all in batches,
 * and an audit line per pickup.
 */
export async function applyShipping(tx: Tx, request: FastifyRequest, plan: ImportPlan<PickupRow>): Promise<void> {
  const entries: AuditInput[] = [];
  for (let i = 0; i < plan.ships.length; i += 5000) {
    const batch = plan.ships.slice(i, i + 5000);
    const json = JSON.stringify(
      batch.map((s) => ({ pickup_id: s.target.id, express_company: s.express_company, express: s.express })),
    );
    const result = await tx.execute(sql`
      with v as (
        select * from json_to_recordset(${json}::json) as x(pickup_id int, express_company text, express text)
      ), s as (
        insert into pickup_shipments (pickup_id, express_company, express)
        select pickup_id, express_company, express from v returning id, pickup_id
      ), d as (
        update deposits set state = 1, shipment_id = s.id from s
        where deposits.pickup_id = s.pickup_id and deposits.state = 0
        returning deposits.id, deposits.pickup_id
      ), p as (
        update pickups set delivery_status = 1, express_company = v.express_company, express = v.express
        from v where pickups.id = v.pickup_id
        returning pickups.id
      )
      select d.pickup_id, array_agg(d.id order by d.id) as ids, (select count(*) from p)::int as n
      from d group by d.pickup_id`);
    const shipped = new Map(rowsOf<{ pickup_id: number; ids: number[] }>(result).map((r) => [r.pickup_id, r.ids]));
    for (const s of batch) {
      const after = { ...s.target, deliveryStatus: 1, expressCompany: s.express_company, express: s.express };
      entries.push({
        entity: 'pickup',
        id: s.target.id,
        ipId: s.target.ipId,
        action: 'import_ship',
        before: shipSnapshot(s.target, []),
        after: shipSnapshot(after, shipped.get(s.target.id) ?? []),
      });
    }
  }
  await auditMany(tx, request, entries);
}
