// The API in its own process, as the server runs it, for benchmarks that measure it alone.
//   tsx support/api-server.ts <dataDir> seed <rows>   adds <rows> gacha goods titled `导出基准 <i>`
//                                                       for brand@demo.local's first brand, then exits;
//   tsx support/api-server.ts <dataDir> kuji <tickets> adds an approved, listed 一番赏 of brand@demo.local's
//                                                       first brand with 3 boxes of <tickets> tickets each
//                                                       (Last, W1, A, B), prints {"kuji_id": …}, exits;
//   tsx support/api-server.ts <dataDir> serve         listens on a free port, prints {"port": …}.
// BENCH_DATABASE_URL runs it on PostgreSQL (earlier benchmark goods there are removed by `seed`).
import { buildApp, loadConfig } from '@toy/api';
import { freePort } from './api.js';

const [dataDir, mode, count] = process.argv.slice(2);
const port = await freePort();
const app = await buildApp(
  loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir!,
    LOG_LEVEL: 'warn',
  }),
);

if (mode === 'seed') {
  const rows = Number(count ?? 0);
  const { brands, gachaGoods } = await import('../../api/src/db/schema.js');
  const { sql } = await import('../../api/node_modules/drizzle-orm/index.js');
  const brand = (await app.db.select().from(brands)).find((b) => b.title === 'Molly 梦工厂')!;
  await app.db.execute(
    sql`delete from gacha_goods where ip_id = ${brand.id} and (goods_title like '导出基准 %' or goods_title like '导入基准 %')`,
  );
  for (let i = 0; i < rows; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, rows - i) }, (_, j) => ({
      ipId: brand.id,
      goodsTitle: `导出基准 ${i + j}`,
      price: 1990 + ((i + j) % 500),
      costPrice: 800,
      stock: (i + j) % 1000,
      cate: (i + j) % 7 === 0 ? 2 : 3,
      pics: ['seed/gacha-12.png', 'seed/gacha-13.png'],
      label: ['限定', (i + j) % 3 ? '热卖' : '', '', ''],
      channel: '线下门店',
      link: `https://example.com/goods/${i + j}`,
      code: `BENCH-${i + j}`,
    }));
    await app.db.insert(gachaGoods).values(batch);
  }
  await app.close();
  console.log(JSON.stringify({ seeded: rows }));
  process.exit(0);
}

if (mode === 'kuji') {
  const tickets = Math.max(10, Number(count ?? 2000));
  const { brands, kujis, kujiGoods, kujiBoxes } = await import('../../api/src/db/schema.js');
  const { arrangeBox, seedHash } = await import('@toy/shared');
  const { randomBytes } = await import('node:crypto');
  const brand = (await app.db.select().from(brands)).find((b) => b.title === 'Molly 梦工厂')!;
  const seed = randomBytes(32).toString('hex');
  const a = Math.floor(tickets / 10);
  const rows = [
    { level: 0, stock: 1, start: null, end: null },
    { level: 101, stock: 1, start: 1, end: Math.floor(tickets / 2) },
    { level: 1, stock: a, start: null, end: null },
    { level: 2, stock: tickets - a, start: null, end: null },
  ];
  const [kuji] = await app.db
    .insert(kujis)
    .values({
      ipId: brand.id,
      title: `压测一番赏 ${Date.now()}`,
      pic: 'seed/gacha-12.png',
      price: 1000,
      boxNum: 3,
      bean: 100,
      serviceCharge: 6,
      shelvesTime: new Date('2026-01-01T02:00:00Z'),
      auditStatus: 1,
      off: 0,
      seed,
      seedHash: seedHash(seed),
    })
    .returning();
  await app.db.insert(kujiGoods).values(
    rows.map((r, i) => ({
      kujiId: kuji!.id,
      sort: i,
      level: r.level,
      goodsTitle: `压测赏品 ${r.level}`,
      goodsPic: 'seed/gacha-13.png',
      stock: r.stock,
      goodsPrice: 5000,
      costPrice: 2000,
      price: 5000,
      startSection: r.start,
      endSection: r.end,
    })),
  );
  await app.db
    .insert(kujiBoxes)
    .values([1, 2, 3].map((boxNo) => ({ kujiId: kuji!.id, boxNo, tickets: arrangeBox(seed, boxNo, rows) })));
  await app.close();
  console.log(JSON.stringify({ kuji_id: kuji!.id }));
  process.exit(0);
}

await app.listen({ host: '127.0.0.1', port });
console.log(JSON.stringify({ port }));
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
