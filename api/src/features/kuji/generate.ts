import { arrangeBox, isPlainLevel, KUJI_AUDIT } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { kujiBoxes, kujis } from '../../db/schema.js';
import { goodsOf, type KujiDbRow } from './queries.js';

const BOX_CHUNK = 200;

/**
 * Box generation (spec 03 §4): boxes `from`..`to` of a kuji, each with tickets =
 * arrangeBox(seed, box_no, plain rows in level order). Used by the approval (the kuji's own seed)
 * and by a stock increase (its round's fresh seed, seeds.ts). Tables: kuji_boxes.
 */
export async function insertBoxes(
  tx: Db | Tx,
  kuji: KujiDbRow,
  from: number,
  to: number,
  seed = kuji.seed,
): Promise<void> {
  const rows = (await goodsOf(tx, kuji.id))
    .filter((g) => isPlainLevel(g.level))
    .map((g) => ({ level: g.level, stock: g.stock }));
  for (let start = from; start <= to; start += BOX_CHUNK) {
    const values = [];
    for (let boxNo = start; boxNo <= Math.min(to, start + BOX_CHUNK - 1); boxNo++)
      values.push({ kujiId: kuji.id, boxNo, tickets: arrangeBox(seed, boxNo, rows) });
    await tx.insert(kujiBoxes).values(values);
  }
}

/**
 * The approval's data generation: while the kuji is at audit_status 3 (数据生成中) its boxes
 * 1..box_num are written, then it becomes approved (1) in the same transaction; off stays 1.
 */
export async function generateApproved(db: Db, kujiId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [kuji] = await tx
      .select()
      .from(kujis)
      .where(and(eq(kujis.id, kujiId), eq(kujis.auditStatus, KUJI_AUDIT.generating)))
      .for('update');
    if (!kuji) return;
    await insertBoxes(tx, kuji, 1, kuji.boxNum);
    await tx.update(kujis).set({ auditStatus: KUJI_AUDIT.approved }).where(eq(kujis.id, kuji.id));
  });
}
