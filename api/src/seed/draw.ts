import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { blindBoxTemplates, brands, deposits, drawMachines, orders, pickups, players, users } from '../db/schema.js';
import { allocate } from '../features/blind-box/allocations.js';
import { drawOne, SETTLE_DAYS, settleDue } from '../features/draw-machine/engine.js';
import { publish } from '../features/draw-machine/publish.js';
import { orderSn } from '../features/holdings/order-sn.js';
import { formatTime } from '../lib/time.js';

/** Marks the demo machine so the seed runs once. */
const DEMO_DESC = '演示抽盒机：星愿旅行限定发售';

/**
 * A listed draw machine of Molly 梦工厂 (brand@demo.local) with real draws: 36 draws by six
 * players, the older half paid ten days ago and settled, two pickups pending shipment. Idempotent.
 */
export async function seedDraws(root: Db): Promise<void> {
  // One transaction under an advisory lock: test suites seeding one PostgreSQL database at once
  // create the demo machine once.
  await root.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(6006)`);
    await seedIn(tx as unknown as Db);
  });
}

async function seedIn(db: Db): Promise<void> {
  const [done] = await db.select({ id: drawMachines.id }).from(drawMachines).where(eq(drawMachines.desc, DEMO_DESC));
  if (done) return;
  const [brand] = await db.select().from(brands).where(eq(brands.title, 'Molly 梦工厂'));
  const [user] = await db.select().from(users).where(eq(users.email, 'brand@demo.local'));
  if (!brand || !user) return;
  const [template] = await db
    .select()
    .from(blindBoxTemplates)
    .where(and(eq(blindBoxTemplates.ipId, brand.id), eq(blindBoxTemplates.title, 'Molly 星愿旅行系列')));
  if (!template) return;
  const { row } = await allocate(db, { template, boxNum: 20, userId: user.id });
  const machine = await publish(
    db,
    {
      ip_id: brand.id,
      template_id: template.id,
      // Launched on the day the demo data is made, so the venue screens show it among today's launches.
      shelves_time: `${formatTime(new Date()).slice(0, 10)} 00:00:00`,
      is_pre_sale: 0,
      delivery_time: '',
      service_charge: 5,
      price: template.price / 100,
      is_overseas: 0,
      price_us: null,
      price_th: null,
      desc: DEMO_DESC,
      box_num: 20,
      is_bean: 1,
      bean: 5,
      wrap: '拆盒未拆袋',
      box_sign: row.sign,
      off: 0,
    },
    { brandIds: [brand.id], userId: user.id },
  );
  const playerIds: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const [p] = await db
      .insert(players)
      .values({ phone: `1860000000${i}`, nickname: `演示玩家${i}`, coins: 2000 })
      .onConflictDoUpdate({ target: players.phone, set: { coins: 2000 } })
      .returning({ id: players.id });
    playerIds.push(p!.id);
  }
  for (let k = 0; k < 36; k++) {
    // Coins while the 20 last (4 draws of 5 coins); a balance short of the deduction refuses a draw.
    await drawOne(db as never, machine.id, playerIds[k % 6]!, k % 3 !== 0 && k < 24);
  }
  const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.activeId, machine.id))).map((o) => o.id);
  await db
    .update(orders)
    .set({ payTime: sql`now() - interval '10 days'` })
    .where(inArray(orders.id, ids.slice(0, 18)));
  await settleDue(db as never, new Date(Date.now() - SETTLE_DAYS * 86400_000), [brand.id]);
  for (const playerId of playerIds.slice(0, 2)) {
    const items = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.playerId, playerId), eq(deposits.batchId, machine.id)))
      .limit(2);
    const [pickup] = await db
      .insert(pickups)
      .values({
        orderSn: orderSn('TH'),
        ipId: brand.id,
        playerId,
        goodsNums: items.length,
        username: '演示收货人',
        phone: '13800138000',
        province: '上海市',
        city: '上海市',
        area: '徐汇区',
        address: '漕溪北路 88 号',
      })
      .returning({ id: pickups.id });
    await db
      .update(deposits)
      .set({ state: 0, pickupId: pickup!.id })
      .where(
        inArray(
          deposits.id,
          items.map((d) => d.id),
        ),
      );
  }
}
