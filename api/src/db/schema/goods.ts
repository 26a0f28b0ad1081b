import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { albums } from './collectible.js';

/**
 * Physical goods and gacha goods (spec 01 §3). Money is integer fen; weight is kg and sizes cm,
 * as entered (not money, so floating point is fine). Stock changes are single conditional UPDATEs
 * (`stock = stock + n … where stock + n >= 0`), so concurrent changes never lose one another.
 */
export const goods = pgTable(
  'goods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    /** 备注 (`goods_num`). */
    goodsNum: text('goods_num').notNull().default(''),
    /** 条码 (`goods_code`). */
    goodsCode: text('goods_code').notNull().default(''),
    /** An upload key (served under /files) or an absolute URL. */
    pic: text('pic').notNull(),
    isOverseas: smallint('is_overseas').notNull().default(0),
    /** 0 unlimited, 1 limited. */
    stockLimit: smallint('stock_limit').notNull().default(0),
    /** Meaningful when stock_limit is 1; 0 otherwise. */
    stock: integer('stock').notNull().default(0),
    weight: doublePrecision('weight'),
    length: doublePrecision('length'),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('goods_ip_idx').on(t.ipId, t.id)],
);

/** 扭蛋商品: `cate` 3 gacha, 2 shows as 一番赏. `status` 1 valid, 0 invalidated (失效). */
export const gachaGoods = pgTable(
  'gacha_goods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    goodsTitle: text('goods_title').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    /** Fen. */
    costPrice: integer('cost_price').notNull(),
    stock: integer('stock').notNull().default(0),
    cate: smallint('cate').notNull().default(3),
    pics: text('pics').array().notNull().default(sql`'{}'::text[]`),
    videoUrl: text('video_url').notNull().default(''),
    /** Always four entries (empty strings for unused labels). */
    label: text('label').array().notNull().default(sql`'{}'::text[]`),
    channel: text('channel').notNull(),
    link: text('link').notNull().default(''),
    code: text('code').notNull().default(''),
    status: smallint('status').notNull().default(1),
    /** 数字藏品合辑 the goods is shown in (设置合辑); null when none. */
    catalogId: integer('catalog_id').references(() => albums.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gacha_goods_ip_idx').on(t.ipId, t.id)],
);

/**
 * Which activities (gacha machines, 一番赏 boxes) use a gacha goods: `active_num` is the count of
 * rows, `active_ids` their activity ids. Activities are owned by later features, so activity_id
 * carries no foreign key yet; an activity adds a row when it takes the goods and removes it when
 * it lets go (or the merchant unbinds the goods, which deletes every row of that goods).
 */
export const gachaActivityGoods = pgTable(
  'gacha_activity_goods',
  {
    goodsId: integer('goods_id')
      .notNull()
      .references(() => gachaGoods.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.activityId] })],
);
