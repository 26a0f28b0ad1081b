import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

/**
 * The reconciliation check: every stored counter of the draw machines recomputed from the records.
 * Answers one line per difference (empty when everything agrees):
 * - draw_machines.stock = untouched cases (after the last drawn case, not removed);
 * - draw_machine_goods.stock_sum = the boxes of that style in the machine's cases;
 * - draws = order items = deposits = orders' buy_num, per machine; no box drawn twice;
 * - a machine is sold out (off 2) exactly when no box remains;
 * - each order's amounts add up (a draw: received = price − points, income = price − points − fee; a
 *   paid normal order: received = receivable = price + logistics_fee − discount − points);
 * - a pickup's goods_nums = its deposits.
 */
export async function reconcile(db: Db): Promise<string[]> {
  const diffs: string[] = [];
  const machines = rowsOf<{
    id: number;
    stock: number;
    off: number;
    untouched: number;
    remaining: number;
    draws: number;
    items: number;
    deposits: number;
    bought: number;
  }>(
    await db.execute(sql`
      with last as (
        select m.id, coalesce((select l.case_no from draw_log l where l.batch_id = m.id order by l.seq desc limit 1), 0) as case_no
        from draw_machines m
      ), live as (
        select c.batch_id, c.case_no, cardinality(c.styles) as n from draw_machine_cases c
        where not exists (select 1 from draw_removed_cases r where r.batch_id = c.batch_id and r.case_no = c.case_no)
      )
      select m.id, m.stock, m.off,
        (select count(*)::int from live where live.batch_id = m.id and live.case_no > last.case_no) as untouched,
        (select coalesce(sum(n), 0)::int from live where live.batch_id = m.id)
          - (select count(*)::int from draw_log l where l.batch_id = m.id) as remaining,
        (select count(*)::int from draw_log l where l.batch_id = m.id) as draws,
        (select count(*)::int from order_items i where i.batch_id = m.id) as items,
        (select count(*)::int from deposits d where d.batch_id = m.id) as deposits,
        (select coalesce(sum(buy_num), 0)::int from orders o where o.type = 13 and o.active_id = m.id) as bought
      from draw_machines m join last on last.id = m.id`),
  );
  for (const m of machines) {
    if (m.stock !== m.untouched) diffs.push(`machine ${m.id}: stock ${m.stock}, untouched cases ${m.untouched}`);
    if (new Set([m.draws, m.items, m.deposits, m.bought]).size !== 1)
      diffs.push(`machine ${m.id}: draws ${m.draws}, items ${m.items}, deposits ${m.deposits}, bought ${m.bought}`);
    if ((m.off === 2) !== (m.remaining === 0))
      diffs.push(`machine ${m.id}: off ${m.off} with ${m.remaining} boxes remaining`);
  }
  const sums = rowsOf<{ batch_id: number; style_id: number; stock_sum: number; n: number }>(
    await db.execute(sql`
      select g.batch_id, g.style_id, g.stock_sum,
        (select count(*)::int from draw_machine_cases c cross join lateral unnest(c.styles) s(style_id)
          where c.batch_id = g.batch_id and s.style_id = g.style_id) as n
      from draw_machine_goods g`),
  );
  for (const s of sums)
    if (s.stock_sum !== s.n)
      diffs.push(`machine ${s.batch_id} style ${s.style_id}: stock_sum ${s.stock_sum}, cases ${s.n}`);
  const twice = rowsOf<{ batch_id: number; case_no: number; position: number }>(
    await db.execute(sql`
      select batch_id, case_no, position from draw_log group by batch_id, case_no, position having count(*) > 1`),
  );
  for (const t of twice) diffs.push(`machine ${t.batch_id}: box ${t.case_no}#${t.position} drawn twice`);
  const orders = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from orders
      where (type = 13 and (received_price <> price - points - real_shop_discount_price
          or merchant_income <> price - points - real_shop_discount_price - service_fee))
        or (type <> 13 and tran_state in (2, 4, 6, 7)
          and (received_price <> receivable_price or receivable_price <> price + logistics_fee - real_shop_discount_price - points))`),
  );
  for (const o of orders) diffs.push(`order ${o.id}: amounts do not add up`);
  const pickups = rowsOf<{ id: number; goods_nums: number; n: number }>(
    await db.execute(sql`
      select p.id, p.goods_nums, (select count(*)::int from deposits d where d.pickup_id = p.id) as n
      from pickups p`),
  );
  for (const p of pickups)
    if (p.goods_nums !== p.n) diffs.push(`pickup ${p.id}: goods_nums ${p.goods_nums}, items ${p.n}`);
  return diffs;
}
