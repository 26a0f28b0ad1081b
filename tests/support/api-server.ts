// The API in its own process, as the server runs it, for benchmarks that measure it alone.
//   tsx support/api-server.ts <dataDir> seed <rows>   adds <rows> gacha goods titled `导出基准 <i>`
//                                                       for brand@demo.local's first brand, then exits;
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

await app.listen({ host: '127.0.0.1', port });
console.log(JSON.stringify({ port }));
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
