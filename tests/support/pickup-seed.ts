// Bench data for the pickup bench, on the PostgreSQL database of BENCH_DATABASE_URL:
//   tsx support/pickup-seed.ts <dataDir> <rows>
// migrates (with the demo seed), removes earlier bench rows, then adds <rows> draw orders of the
// first draw machine of brand@demo.local's first brand, each item in a pickup waiting for
// shipment (goods titled `基准商品 <i>`, pickups `BENCHP<i>`), and exits.
import { buildApp, loadConfig } from '@toy/api';
import { sql } from '../../api/node_modules/drizzle-orm/index.js';
import { brands, drawMachines } from '../../api/src/db/schema.js';

const [dataDir, count] = process.argv.slice(2);
const rows = Number(count ?? 0);
const app = await buildApp(
  loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATA_DIR: dataDir!,
    LOG_LEVEL: 'warn',
  }),
);
const brand = (await app.db.select().from(brands)).find((b) => b.title === 'Molly 梦工厂')!;
const machine = (await app.db.select().from(drawMachines)).find((m) => m.ipId === brand.id)!;
const db = app.db;
await db.execute(sql`delete from deposits where order_item_id in
  (select oi.id from order_items oi join orders o on o.id = oi.order_id where o.order_sn like 'BENCHO%')`);
await db.execute(sql`delete from pickups where order_sn like 'BENCHP%'`);
await db.execute(sql`delete from orders where order_sn like 'BENCHO%'`);
await db.execute(sql`delete from players where phone like '199%'`);
await db.execute(sql`insert into players (phone, nickname)
  select '199' || lpad(i::text, 8, '0'), '基准玩家' || i from generate_series(0, 999) i`);
await db.execute(sql`
  with p as (select id, row_number() over (order by id) - 1 as n from players where phone like '199%'),
  o as (
    insert into orders (order_sn, ip_id, player_id, type, active_id, active_title, active_pic, price, received_price, merchant_income)
    select 'BENCHO' || i, ${brand.id}, p.id, 13, ${machine.id}, ${machine.title}, ${machine.pic}, 5900, 5900, 5600
    from generate_series(0, ${rows - 1}) i join p on p.n = i % 1000
    returning id, order_sn, player_id
  ),
  oi as (
    insert into order_items (order_id, batch_id, style_id, goods_title, goods_pic, type, case_no, position)
    select o.id, ${machine.id}, 0, '基准商品 ' || substr(o.order_sn, 7), ${machine.pic}, 1, 1000000 + substr(o.order_sn, 7)::int, 0
    from o
    returning id, order_id
  ),
  pk as (
    insert into pickups (order_sn, ip_id, player_id, bussiness_type, delivery_status, deposit, goods_nums, username, phone, province, city, area, address)
    select 'BENCHP' || substr(o.order_sn, 7), ${brand.id}, o.player_id, 1, 0, 1000, 1, '基准收件人', '13800000000', '上海市', '上海市', '徐汇区', '漕溪北路 ' || substr(o.order_sn, 7) || ' 号'
    from o
    returning id, order_sn
  )
  insert into deposits (order_item_id, player_id, ip_id, batch_id, style_id, state, pickup_id)
  select oi.id, o.player_id, ${brand.id}, ${machine.id}, 0, 0, pk.id
  from oi join o on o.id = oi.order_id join pk on substr(pk.order_sn, 7) = substr(o.order_sn, 7)`);
await db.execute(sql`analyze`);
await app.close();
console.log(JSON.stringify({ seeded: rows, ip_id: brand.id }));
process.exit(0);
