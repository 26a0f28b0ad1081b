import { type AuditEntry, api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { kujiGoods, kujis } from '../src/db/schema.js';
import { call } from './helpers.js';

/**
 * Prize rows in level order: Last, W1 (positions 2–5), A ×2, B ×3, C ×5 — C is B's goods, 10 tickets.
 * Pictures are the seed's public goods pictures (a picture must be an upload the merchant may use).
 */
export const kujiRowsForm = () => [
  { goods_title: '最终赏手办', goods_pic: 'seed/goods-02.png', stock: 1, goods_price: 300, cost_price: 100, level: 0 },
  {
    goods_title: '全局赏挂画',
    goods_pic: 'seed/goods-03.png',
    stock: 1,
    goods_price: 200,
    cost_price: 80,
    level: 101,
    start_section: 2,
    end_section: 5,
  },
  { goods_title: 'A赏手办', goods_pic: 'seed/goods-04.png', stock: 2, goods_price: 150, cost_price: 60, level: 1 },
  { goods_title: '亚克力立牌', goods_pic: 'seed/goods-05.png', stock: 3, goods_price: 50, cost_price: 20, level: 2 },
  { goods_title: '亚克力立牌', goods_pic: 'seed/goods-05.png', stock: 5, goods_price: 50, cost_price: 20, level: 3 },
];

export const kujiForm = (ipId: number, patch: Record<string, unknown> = {}) => ({
  ip_id: ipId,
  title: '测试一番赏',
  price: 25,
  stock: 3,
  pic: 'seed/goods-01.png',
  top_pic: '',
  desc: '测试描述',
  is_bean: 1,
  bean: 5,
  shelves_time: '2026-01-01 10:00:00',
  is_official: 0,
  goods: JSON.stringify(kujiRowsForm()),
  ...patch,
});

export async function publishKuji(app: FastifyInstance, token: string, ipId: number, patch = {}) {
  const res = await call(app, api.kuji.publish, kujiForm(ipId, patch) as never, { token });
  expect(res.body.msg).toBe('ok');
  return res.body.data.id as number;
}

export async function approveKuji(app: FastifyInstance, reviewer: string, id: number) {
  const res = await call(app, api.review.kujiDecide, { id, status: 1, reason: '' }, { token: reviewer });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

export async function kujiRecords(app: FastifyInstance, token: string, id: number) {
  const res = await call(app, api.audit.list, { entity: 'kuji', id }, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data.list as AuditEntry[];
}

export async function storedKuji(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(kujis).where(eq(kujis.id, id));
  const goods = await app.db.select().from(kujiGoods).where(eq(kujiGoods.kujiId, id)).orderBy(kujiGoods.sort);
  return { row, goods };
}
