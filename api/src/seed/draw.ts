import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { blindBoxTemplates, brands, deposits, drawMachines, orders, pickups, players, users } from '../db/schema.js';
import { allocate } from '../features/blind-box/allocations.js';
import { drawOne, SETTLE_DAYS, settleDue } from '../features/draw-machine/engine.js';
import { publish } from '../features/draw-machine/publish.js';
import { orderSn } from '../features/holdings/order-sn.js';
import { formatTime } from '../lib/time.js';

/**
 * The demo's listed draw machines, each marked by its description so the seed makes it once: Molly
 * 梦工厂's (brand@demo.local) with real draws, and 券券潮玩's (coupon@demo.local), where the simulated
 * players spend the coupon manager's draw coupons.
 */
const DEMO_MACHINES = [
  {
    desc: '演示抽盒机：星愿旅行限定发售',
    brand: 'Molly 梦工厂',
    owner: 'brand@demo.local',
    template: 'Molly 星愿旅行系列',
    boxNum: 20,
    bean: 5,
    withDraws: true,
  },
  {
    desc: '演示抽盒机：券券潮玩幸运星',
    brand: '券券潮玩',
    owner: 'coupon@demo.local',
    template: '券券潮玩 幸运星系列',
    boxNum: 10,
    bean: 0,
    withDraws: false,
  },
] as const;

/**
 * The demo's listed draw machines; on Molly 梦工厂's, 36 draws by six players, the older half paid
 * ten days ago and settled, two pickups pending shipment. Idempotent.
 */
export async function seedDraws(root: Db): Promise<void> {
  // One transaction under an advisory lock: test suites seeding one PostgreSQL database at once
  // create each demo machine once.
  await root.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(6006)`);
    for (const spec of DEMO_MACHINES) {
      const listed = await listMachine(tx as unknown as Db, spec);
      if (listed && spec.withDraws) await drawOnIt(tx as unknown as Db, listed);
    }
  });
}

type Listed = { machine: { id: number }; brand: typeof brands.$inferSelect };

/** The machine of `spec`, published as its owner would; null when it exists already or cannot be made. */
async function listMachine(db: Db, spec: (typeof DEMO_MACHINES)[number]): Promise<Listed | null> {
  const [done] = await db.select({ id: drawMachines.id }).from(drawMachines).where(eq(drawMachines.desc, spec.desc));
  if (done) return null;
  const [brand] = await db.select().from(brands).where(eq(brands.title, spec.brand));
  const [user] = await db.select().from(users).where(eq(users.email, spec.owner));
  if (!brand || !user) return null;
  const [template] = await db
    .select()
    .from(blindBoxTemplates)
    .where(and(eq(blindBoxTemplates.ipId, brand.id), eq(blindBoxTemplates.title, spec.template)));
  if (!template) return null;
  const { row } = await allocate(db, { template, boxNum: spec.boxNum, userId: user.id });
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
      desc: spec.desc,
      box_num: spec.boxNum,
      is_bean: spec.bean > 0 ? 1 : 0,
      bean: spec.bean,
      wrap: '拆盒未拆袋',
      box_sign: row.sign,
      off: 0,
    },
    { brandIds: [brand.id], userId: user.id },
  );
  return { machine, brand };
}

async function drawOnIt(db: Db, { machine, brand }: Listed): Promise<void> {
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
