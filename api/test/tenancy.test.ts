// Tenancy by declaration (api/src/http/tenancy.ts): every call whose declaration names a `brand`
// field answers a brand that is not the caller's with 404 数据不存在 before validation and the
// handler, and changes nothing; the caller's own brand passes the check. Every call whose
// declaration names an `entity` answers a row of another merchant's, or a missing one, the same way.
// The walks cover every declaration of the shared contract, so a new call is covered the day it
// declares its brand or its row.
import { allRoutes, api, ENTITY_KINDS, type EntityKind, INT4_MAX, messages, PER_ID, type RouteDef } from '@toy/shared';
import { asc, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { ENTITY_TABLES, entityMissing } from '../src/http/entities.js';
import { couponBody } from './coupon-helpers.js';
import { call, createMerchant, demoMerchants, login } from './helpers.js';

const declared = allRoutes.filter((def) => def.brand !== undefined);
const withEntity = allRoutes.filter((def) => def.entity !== undefined);

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

describe('the rows a call names, by declaration', () => {
  /** A merchant with every permission and one brand of its own: every demo row is another merchant's. */
  let stranger: string;
  let strangerBrand: number;
  /** One row of each kind the demo has, of any brand; and of the demo brand owner's (Molly, 星际萌宠). */
  const rowOf = new Map<EntityKind, number>();
  const ownRowOf = new Map<EntityKind, number>();
  beforeAll(async () => {
    const made = await createMerchant(app, [PER_ID.box, PER_ID.coupon, PER_ID.nft, PER_ID.goods]);
    stranger = (await login(app, made.email)).web_token;
    strangerBrand = made.brand.id;
    for (const kind of ENTITY_KINDS) {
      const table = ENTITY_TABLES[kind];
      const rows = await app.db.select({ id: table.id, ipId: table.ipId }).from(table).orderBy(asc(table.id));
      const own = rows.find((r) => r.ipId === molly || r.ipId === starPets);
      if (rows[0]) rowOf.set(kind, rows[0].id as number);
      if (own) ownRowOf.set(kind, own.id as number);
    }
  });

  /** The call with only its row (and the caller's own brand where it names one). */
  const send = (def: RouteDef, id: number, token: string, ipId: number) =>
    call(app, def, { [def.entity!.field]: id, ...(def.brand ? { [def.brand]: ipId } : {}) } as never, { token });

  it('declares the row of the calls that act on one, each of a kind the API knows', () => {
    expect(withEntity.length).toBeGreaterThanOrEqual(60);
    for (const def of withEntity) expect(ENTITY_KINDS, def.operationId).toContain(def.entity!.of);
    // The seed's rows of most kinds, for the walks below (a missing row is walked for every kind).
    expect(rowOf.size).toBeGreaterThanOrEqual(8);
  });

  it('answers another merchant’s row, and a missing one, with the same 404 on every declared call, and writes nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(auditLog);
    const wrong: string[] = [];
    for (const def of withEntity) {
      const row = rowOf.get(def.entity!.of);
      for (const id of row === undefined ? [INT4_MAX] : [row, String(row), INT4_MAX]) {
        const res = await send(def, id as number, stranger, strangerBrand);
        if (res.statusCode !== 404 || res.body.msg !== entityMissing(def.entity!.of))
          wrong.push(`${def.operationId} ${JSON.stringify(id)}: ${res.statusCode} ${res.body.msg}`);
      }
    }
    expect(wrong).toEqual([]);
    const [after] = await app.db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n);
  });

  it('lets the owner’s own row through to validation and the handler', async () => {
    const refused: string[] = [];
    // Deletes last: an earlier delete would leave the later calls a missing row.
    const walk = withEntity
      .filter((d) => ownRowOf.has(d.entity!.of))
      .sort((a, b) => Number(a.operationId.endsWith('delete')) - Number(b.operationId.endsWith('delete')));
    for (const def of walk) {
      const res = await send(def, ownRowOf.get(def.entity!.of)!, owner, molly);
      if (res.statusCode === 404) refused.push(`${def.operationId}: ${res.body.msg}`);
    }
    expect(refused).toEqual([]);
  });
});
