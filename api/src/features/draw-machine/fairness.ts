import type { FairnessLog } from '@toy/shared';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  boxAllocations,
  drawLog,
  drawMachineCases,
  drawMachineGoods,
  drawMachines,
  drawRemovedCases,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

/** The public fairness log of a machine: commitments, seeds once revealed, the draw chain. */
export async function fairnessLogOf(db: Db, batchId: number): Promise<FairnessLog> {
  const [machine] = await db.select().from(drawMachines).where(eq(drawMachines.id, batchId));
  if (!machine) throw notFound();
  const styles = await db
    .select({ id: drawMachineGoods.styleId, type: drawMachineGoods.type, probability: drawMachineGoods.probability })
    .from(drawMachineGoods)
    .where(eq(drawMachineGoods.batchId, batchId))
    .orderBy(asc(drawMachineGoods.sort));
  const allocations = await db
    .select()
    .from(boxAllocations)
    .where(
      or(
        eq(boxAllocations.id, machine.allocationId),
        and(eq(boxAllocations.batchId, batchId), isNotNull(boxAllocations.usedAt)),
      ),
    )
    .orderBy(asc(boxAllocations.id));
  const firsts = await db
    .select({ allocationId: drawMachineCases.allocationId, caseNo: sql<number>`min(${drawMachineCases.caseNo})::int` })
    .from(drawMachineCases)
    .where(eq(drawMachineCases.batchId, batchId))
    .groupBy(drawMachineCases.allocationId);
  const firstCase = new Map(firsts.map((f) => [f.allocationId, f.caseNo]));
  const removed = await db
    .select({ caseNo: drawRemovedCases.caseNo })
    .from(drawRemovedCases)
    .where(eq(drawRemovedCases.batchId, batchId))
    .orderBy(asc(drawRemovedCases.caseNo));
  const records = await db.select().from(drawLog).where(eq(drawLog.batchId, batchId)).orderBy(asc(drawLog.seq));
  return {
    batch_id: batchId,
    title: machine.title,
    seed_hash: machine.seedHash,
    off: machine.off,
    styles,
    allocations: allocations.map((a) => ({
      id: a.id,
      seed_hash: a.seedHash,
      seed: a.revealedAt ? a.seed : null,
      box_num: a.boxNum,
      limit_stock: a.limitStock,
      first_case: firstCase.get(a.id) ?? 0,
      counts: a.counts,
    })),
    removed_cases: removed.map((r) => r.caseNo),
    records: records.map((r) => ({
      seq: r.seq,
      allocation_id: r.allocationId,
      case_no: r.caseNo,
      position: r.position,
      style_id: r.styleId,
      order_sn: r.orderSn,
      drawn_at: r.drawnAt.toISOString(),
      prev_hash: r.prevHash,
      hash: r.hash,
    })),
  };
}
