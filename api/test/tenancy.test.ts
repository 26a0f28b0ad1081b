// Tenancy by declaration (api/src/http/tenancy.ts): every call whose declaration names a `brand`
// field answers a brand that is not the caller's with 404 数据不存在 before validation and the
// handler, and changes nothing; the caller's own brand passes the check. The walk covers every
// declaration of the shared contract, so a new call is covered the day it declares its brand.
import { api, messages, type RouteDef } from '@toy/shared';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { couponBody } from './coupon-helpers.js';
import { call, demoMerchants } from './helpers.js';

const declared: RouteDef[] = Object.values(api)
  .flatMap((group) => Object.values(group as Record<string, RouteDef>))
  .filter((def) => def.brand !== undefined);

let app: FastifyInstance;
let owner: string;
let molly: number;
let starPets: number;
let shopBrand: number;
beforeAll(async () => {
  ({ app, brand: owner, molly, starPets, shopBrand } = await demoMerchants());
});
afterAll(() => app.close());

const send = (def: RouteDef, ipId: number | string) =>
  call(app, def, { [def.brand!]: ipId } as never, { token: owner });

describe('tenancy by declaration', () => {
  it('declares the brand field of the merchant calls that name one', () => {
    // Lists, forms and settings of every merchant feature: fewer means declarations were lost.
    expect(declared.length).toBeGreaterThanOrEqual(70);
    for (const def of declared) expect(def.access, def.operationId).not.toBe('public');
  });

  it('answers a foreign brand with 404 数据不存在 on every declared call, and writes nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(auditLog);
    const wrong: string[] = [];
    for (const def of declared) {
      for (const ipId of [shopBrand, String(shopBrand)]) {
        const res = await send(def, ipId);
        if (res.statusCode !== 404 || res.body.msg !== messages.common.notFound)
          wrong.push(`${def.operationId} ${JSON.stringify(ipId)}: ${res.statusCode} ${res.body.msg}`);
      }
    }
    expect(wrong).toEqual([]);
    const [after] = await app.db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n);
  });

  it('lets the caller’s own brand through to validation and the handler', async () => {
    const refused: string[] = [];
    for (const def of declared) {
      const res = await send(def, molly);
      if (res.statusCode === 404 && res.body.msg === messages.common.notFound) refused.push(def.operationId);
    }
    expect(refused).toEqual([]);
  });

  it('lists every brand of the caller’s when none is named, and only that one when it is', async () => {
    for (const ipId of [molly, starPets]) {
      const made = await call(app, api.coupon.create, couponBody(ipId) as never, { token: owner });
      expect(made.body.msg).toBe('ok');
    }
    const all = await call(app, api.coupon.list, { page: 1, limit: 200 } as never, { token: owner });
    const one = await call(app, api.coupon.list, { ip_id: molly, page: 1, limit: 200 } as never, { token: owner });
    expect(all.statusCode).toBe(200);
    expect(one.body.data.list.every((c) => c.ip_id === molly)).toBe(true);
    expect(new Set(all.body.data.list.map((c) => c.ip_id))).toEqual(new Set([molly, starPets]));
  });
});
