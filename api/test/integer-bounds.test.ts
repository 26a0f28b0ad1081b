import { allRoutes, api, messages, type RouteDef } from '@toy/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { goods } from '../src/db/schema.js';
import { player } from './draw-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { RECEIVER } from './order-helpers.js';

/**
 * Every integer a list or export takes is bounded by the column it is compared with: a smallint
 * filter (cate, state, business_type, …) and an int4 one answer 400 with a message for a value
 * past their column, never a database error (500). Loops over every declared list and export
 * (GET routes and export bodies, the merchant's, the reviewer's, the players' and the public ones)
 * and every field of their input, the route's other required fields filled in.
 */
const VALUES = [40000, -40000, 32768, -32769, 2 ** 31, '40000'];

const isList = (def: RouteDef) => !def.path.includes(':') && (def.method === 'GET' || /export/i.test(def.operationId));

type Shape = Record<string, z.ZodType>;
/** The input's shape (through withRules/preprocess wrappers). */
function shapeOf(schema: z.ZodType | undefined): Shape {
  let s = schema as unknown as { shape?: Shape; _zod?: { def?: { in?: unknown; schema?: unknown } } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) {
    const def = s._zod?.def;
    s = (def?.in ?? def?.schema) as typeof s;
  }
  return s?.shape ?? {};
}

/** A value for each required field besides `except`, so the tried value reaches the query. */
function requiredOf(shape: Shape, except: string, ipId: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (key === except || field.safeParse(undefined).success) continue;
    const candidates = [key === 'ip_id' ? ipId : 1, 1, 'a', '2026-01-01 00:00:00'];
    const ok = candidates.find((c) => field.safeParse(c).success);
    if (ok !== undefined) out[key] = ok;
  }
  return out;
}

let app: FastifyInstance;
let merchant: string;
let reviewer: string;
let playerToken: string;
let ipId: number;
beforeAll(async () => {
  app = await makeApp();
  merchant = (await login(app, 'brand@demo.local')).web_token;
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [ipId] = (await brandIds(app, merchant, 14)) as [number];
  playerToken = await player(app, '13800007777');
});
afterAll(() => app.close());

describe('integers bounded by their column', () => {
  it('answers every integer field of every list and export with 400, not 500, past its column', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const def of allRoutes.filter(isList)) {
      const shape = shapeOf((def.method === 'GET' ? def.query : def.body) as z.ZodType | undefined);
      const token = def.access === 'reviewer' ? reviewer : merchant;
      for (const field of Object.keys(shape)) {
        for (const value of VALUES) {
          const input = { ...requiredOf(shape, field, ipId), [field]: value };
          const res = await call(app, def, input as never, { token, headers: { player_token: playerToken } });
          sent += 1;
          if (res.statusCode >= 500) failures.push(`${def.operationId} ${field}=${value}: ${res.statusCode}`);
          else if (res.statusCode === 400)
            expect(res.body.msg, `${def.operationId} ${field}`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
    console.log(`integer bounds: ${sent} requests`);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers a goods order whose total passes an int4 amount with 400 and a clear message, taking no stock', async () => {
    const [item] = await app.db
      .select({ id: goods.id, stock: goods.stock })
      .from(goods)
      .where(and(eq(goods.ipId, ipId), eq(goods.stockLimit, 1), gt(goods.stock, 10)))
      .limit(1);
    // ¥20,000,000.00 a piece: two fit no int4 fen amount (at most 2147483647).
    await app.db.update(goods).set({ price: 2_000_000_000 }).where(eq(goods.id, item!.id));
    const res = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: item!.id, buy_num: 2 }], ...RECEIVER } as never,
      { headers: { player_token: playerToken } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, msg: messages.order.totalTooLarge, data: null });
    const [after] = await app.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, item!.id));
    expect(after!.stock).toBe(item!.stock);
    // One piece still fits.
    const one = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: item!.id, buy_num: 1 }], ...RECEIVER } as never,
      { headers: { player_token: playerToken } },
    );
    expect(one.statusCode).toBe(200);
  });
});
