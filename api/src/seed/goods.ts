import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { brands, gachaActivityGoods, gachaGoods, goods, uploads } from '../db/schema.js';
import type { FileStore } from '../storage/store.js';

/**
 * Demo goods (idempotent: a row is inserted when its brand has no goods of that title yet).
 * brand@demo.local's two brands and shop@demo.local's shop get physical goods (some overseas with
 * weight and sizes, some with unlimited stock) and gacha goods; some gacha goods are bound to demo
 * activity ids in gacha_activity_goods, so their price, cost and type are locked.
 */

const COLORS: [string, string][] = [
  ['#ff9a9e', '#fecfef'],
  ['#a18cd1', '#fbc2eb'],
  ['#84fab0', '#8fd3f4'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#f6d365', '#fda085'],
  ['#96fbc4', '#f9f586'],
  ['#fddb92', '#d1fdff'],
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An 800×800 PNG (the goods picture size): a gradient, a toy-capsule shape and the name. */
export function goodsPicture(name: string, index: number): Promise<Buffer> {
  const [from, to] = COLORS[index % COLORS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="130" cy="120" r="60" fill="#ffffff" fill-opacity="0.25"/>
  <circle cx="690" cy="700" r="90" fill="#ffffff" fill-opacity="0.18"/>
  <clipPath id="c"><ellipse cx="400" cy="330" rx="190" ry="240"/></clipPath>
  <ellipse cx="400" cy="330" rx="190" ry="240" fill="#ffffff" fill-opacity="0.95"/>
  <rect x="200" y="80" width="400" height="250" fill="#6d4aff" fill-opacity="0.88" clip-path="url(#c)"/>
  <rect x="200" y="322" width="400" height="18" fill="#3c249c" clip-path="url(#c)"/>
  <ellipse cx="330" cy="200" rx="40" ry="70" fill="#ffffff" fill-opacity="0.35"/>
  <rect x="80" y="620" width="640" height="120" rx="60" fill="#ffffff" fill-opacity="0.92"/>
  <text x="400" y="702" font-family="Noto Sans CJK SC, DejaVu Sans, sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#3c249c">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** Pictures made in this process, by key: a second app (tests, restarts) reuses them. */
const made = new Map<string, Promise<Buffer>>();

async function ensureGoodsPicture(db: Db, storage: FileStore, key: string, name: string, index: number) {
  const [row] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key)).limit(1);
  if (row && (await storage.head(key))) return;
  if (!made.has(key)) made.set(key, goodsPicture(name, index));
  const png = await made.get(key)!;
  await storage.put(key, png, 'image/png');
  const hash = createHash('sha256').update(png).digest('hex');
  await db
    .insert(uploads)
    .values({ key, kind: 'image', mime: 'image/png', size: png.length, width: 800, height: 800, hash })
    .onConflictDoUpdate({ target: uploads.key, set: { size: png.length, hash, width: 800, height: 800 } });
}

interface DemoGoods {
  title: string;
  price: number;
  goodsNum?: string;
  goodsCode?: string;
  overseas?: boolean;
  /** null: unlimited stock. */
  stock: number | null;
  size?: [weight: number, length: number, width: number, height: number];
}

interface DemoGacha {
  title: string;
  price: number;
  cost: number;
  stock: number;
  cate?: 2 | 3;
  channel: string;
  labels?: string[];
  /** Demo activity ids the goods are bound to. */
  activities?: number[];
}

const GOODS: Record<string, DemoGoods[]> = {
  'Molly 梦工厂': [
    { title: 'Molly 星座系列 盲盒', price: 69, goodsNum: '整盒12个', goodsCode: '6970000000011', stock: 120 },
    {
      title: 'Molly 海洋之心 手办',
      price: 399,
      goodsCode: '6970000000028',
      overseas: true,
      stock: 18,
      size: [0.45, 20, 15, 12],
    },
    { title: 'Molly 帆布托特包', price: 89, goodsNum: '周边', stock: null },
    { title: 'Molly 金属徽章套装', price: 39.9, overseas: true, stock: 300, size: [0.08, 10, 8, 1.5] },
    { title: 'Molly 限定亚克力立牌', price: 49, stock: 0 },
  ],
  星际萌宠: [
    { title: '星际萌宠 太空舱 盲盒', price: 59, goodsCode: '6970000001018', stock: 240 },
    { title: '星际萌宠 毛绒挂件', price: 35, stock: null },
    { title: '星际萌宠 宇航员大娃', price: 899, overseas: true, stock: 6, size: [2.3, 40, 30, 45] },
  ],
  潮玩小铺: [
    { title: '店铺精选 复古机器人 摆件', price: 128, goodsNum: '店铺自营', stock: 40 },
    { title: '店铺精选 随机福袋', price: 99, stock: null },
    { title: '店铺精选 旅行收纳盒', price: 66, overseas: true, stock: 25, size: [0.6, 30, 20, 10] },
  ],
};

const GACHA: Record<string, DemoGacha[]> = {
  'Molly 梦工厂': [
    {
      title: 'Molly 甜品扭蛋 第一弹',
      price: 25,
      cost: 9.5,
      stock: 800,
      channel: '线下门店',
      labels: ['热卖', '限定'],
      activities: [9001, 9002],
    },
    { title: 'Molly 迷你钥匙扣扭蛋', price: 15, cost: 5, stock: 1500, channel: '小程序', labels: ['新品'] },
    {
      title: 'Molly 一番赏 A赏 大号手办',
      price: 49,
      cost: 30,
      stock: 20,
      cate: 2,
      channel: '线下门店',
      activities: [9003],
    },
    { title: 'Molly 贴纸扭蛋', price: 10, cost: 2.5, stock: 3000, channel: '小程序' },
  ],
  星际萌宠: [
    {
      title: '星际萌宠 行星扭蛋',
      price: 20,
      cost: 7,
      stock: 600,
      channel: '商场快闪',
      labels: ['人气'],
      activities: [9101],
    },
    { title: '星际萌宠 胶囊挂件', price: 12, cost: 4, stock: 900, channel: '小程序' },
  ],
  潮玩小铺: [
    { title: '店铺 扭蛋机 幸运星', price: 18, cost: 6, stock: 500, channel: '门店', activities: [9201] },
    { title: '店铺 扭蛋机 小动物', price: 18, cost: 6, stock: 450, channel: '门店' },
  ],
};

const fen = (yuan: number) => Math.round(yuan * 100);
/** The title without its brand word, as the picture's caption. */
const pictureName = (title: string) => (title.split(' ').slice(1).join(' ') || title).slice(0, 9);

export async function seedGoods(db: Db, storage: FileStore): Promise<void> {
  let index = 0;
  for (const [brandTitle, list] of Object.entries(GOODS)) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.title, brandTitle)).limit(1);
    if (!brand) continue;
    for (const g of list) {
      index += 1;
      const key = `seed/goods-${String(index).padStart(2, '0')}.png`;
      await ensureGoodsPicture(db, storage, key, pictureName(g.title), index);
      const [exists] = await db
        .select({ id: goods.id })
        .from(goods)
        .where(and(eq(goods.ipId, brand.id), eq(goods.title, g.title)))
        .limit(1);
      if (exists) continue;
      const [weight, length, width, height] = g.size ?? [null, null, null, null];
      await db.insert(goods).values({
        ipId: brand.id,
        title: g.title,
        price: fen(g.price),
        goodsNum: g.goodsNum ?? '',
        goodsCode: g.goodsCode ?? '',
        pic: key,
        isOverseas: g.overseas ? 1 : 0,
        stockLimit: g.stock === null ? 0 : 1,
        stock: g.stock ?? 0,
        weight,
        length,
        width,
        height,
      });
    }
  }

  for (const [brandTitle, list] of Object.entries(GACHA)) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.title, brandTitle)).limit(1);
    if (!brand) continue;
    for (const g of list) {
      index += 1;
      const key = `seed/gacha-${String(index).padStart(2, '0')}.png`;
      await ensureGoodsPicture(db, storage, key, pictureName(g.title), index);
      const [exists] = await db
        .select({ id: gachaGoods.id })
        .from(gachaGoods)
        .where(and(eq(gachaGoods.ipId, brand.id), eq(gachaGoods.goodsTitle, g.title)))
        .limit(1);
      if (exists) continue;
      const labels = g.labels ?? [];
      const [row] = await db
        .insert(gachaGoods)
        .values({
          ipId: brand.id,
          goodsTitle: g.title,
          price: fen(g.price),
          costPrice: fen(g.cost),
          stock: g.stock,
          cate: g.cate ?? 3,
          pics: [key],
          label: [0, 1, 2, 3].map((i) => labels[i] ?? ''),
          channel: g.channel,
        })
        .returning({ id: gachaGoods.id });
      for (const activityId of g.activities ?? []) {
        await db.insert(gachaActivityGoods).values({ goodsId: row!.id, activityId }).onConflictDoNothing();
      }
    }
  }
}
