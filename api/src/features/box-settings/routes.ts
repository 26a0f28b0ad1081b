import { AWARD, api, type DepositFreight, messages } from '@toy/shared';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { boxMachineSettings, coupons, depositFreight } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { type CouponRow, couponToWire } from '../coupon/index.js';

/** The deposit (cabinet) settings of a brand, or null: what freight.info and cabinet.get answer. */
export async function cabinetOf(db: Db, ipId: number): Promise<DepositFreight | null> {
  const [row] = await db.select().from(depositFreight).where(eq(depositFreight.ipId, ipId)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    ip_id: row.ipId,
    free_days: row.freeDays,
    free_num: row.freeNum,
    unit_price: fenToYuan(row.unitPrice),
  };
}

/** A coupon of the brand that has not ended: the only kind a box-machine award may name. */
async function liveCoupons(db: Db, ipId: number, ids: number[]): Promise<Map<number, CouponRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.ipId, ipId), inArray(coupons.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Declarations: shared/src/features/box-settings.ts. Tables: deposit_freight, box_machine_settings, coupons. */
const boxSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.cabinet.get, async (query) => {
      return cabinetOf(db, query.ip_id);
    }),
  );

  /** One row per brand: saving creates it or updates it (an id of another brand's row is 404). */
  app.route(
    routeOf(api.cabinet.save, async (body) => {
      return db.transaction(async (tx) => {
        if (body.id !== undefined) {
          const [own] = await tx
            .select({ id: depositFreight.id })
            .from(depositFreight)
            .where(and(eq(depositFreight.id, body.id), eq(depositFreight.ipId, body.ip_id)));
          if (!own) throw notFound();
        }
        const values = { freeDays: body.free_days, freeNum: body.free_num, unitPrice: yuanToFen(body.unit_price) };
        const [row] = await tx
          .insert(depositFreight)
          .values({ ipId: body.ip_id, ...values })
          .onConflictDoUpdate({ target: depositFreight.ipId, set: { ...values, updatedAt: sql`now()` } })
          .returning({ id: depositFreight.id });
        return { id: row!.id };
      });
    }),
  );

  app.route(
    routeOf(api.boxMachine.get, async (query) => {
      const [row] = await db.select().from(boxMachineSettings).where(eq(boxMachineSettings.ipId, query.ip_id));
      if (!row) return null;
      const ids = [
        row.sucAwardType === AWARD.coupon ? row.sucAwardContent : 0,
        row.errAwardType === AWARD.coupon ? row.errAwardContent : 0,
      ].filter(Boolean);
      const found = await liveCoupons(db, row.ipId, ids);
      const coupon = (type: number, content: number) => {
        const c = type === AWARD.coupon ? found.get(content) : undefined;
        return c ? couponToWire(c) : null;
      };
      return {
        id: row.id,
        ip_id: row.ipId,
        prompt_card: row.promptCard,
        excharge_propmt: row.exchargePropmt,
        pers_card: row.persCard,
        excharge_pers: row.exchargePers,
        suc_award_type: row.sucAwardType,
        suc_award_content: row.sucAwardContent,
        suc_coupon: coupon(row.sucAwardType, row.sucAwardContent),
        err_award_type: row.errAwardType,
        err_award_content: row.errAwardContent,
        err_coupon: coupon(row.errAwardType, row.errAwardContent),
        updated_at: formatTime(row.updatedAt),
      };
    }),
  );

  app.route(
    routeOf(api.boxMachine.save, async (body) => {
      const wanted = [
        body.suc_award_type === AWARD.coupon ? body.suc_award_content : 0,
        body.err_award_type === AWARD.coupon ? body.err_award_content : 0,
      ].filter(Boolean);
      const found = await liveCoupons(db, body.ip_id, wanted);
      for (const id of wanted) {
        const c = found.get(id);
        if (!c || c.endTime.getTime() < Date.now()) throw httpError(400, messages.boxMachine.couponMissing);
      }
      // Content without meaning for its award type (empty, prompt card) is stored as 0.
      const content = (type: number, value: number) => (type === AWARD.points || type === AWARD.coupon ? value : 0);
      const values = {
        promptCard: body.prompt_card,
        exchargePropmt: body.prompt_card === 1 ? body.excharge_propmt : 0,
        persCard: body.pers_card,
        exchargePers: body.pers_card === 1 ? body.excharge_pers : 0,
        sucAwardType: body.suc_award_type,
        sucAwardContent: content(body.suc_award_type, body.suc_award_content),
        errAwardType: body.err_award_type,
        errAwardContent: content(body.err_award_type, body.err_award_content),
      };
      const [row] = await db
        .insert(boxMachineSettings)
        .values({ ipId: body.ip_id, ...values })
        .onConflictDoUpdate({ target: boxMachineSettings.ipId, set: { ...values, updatedAt: sql`now()` } })
        .returning({ id: boxMachineSettings.id });
      return { id: row!.id };
    }),
  );

  app.route(
    routeOf(api.coupon.associationList, async (query) => {
      const where = and(eq(coupons.ipId, query.ip_id), gt(coupons.endTime, sql`now()`));
      const [total] = await db.select({ n: count() }).from(coupons).where(where);
      const rows = await db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        list: rows.map(couponToWire),
        pagination: { page: query.page, limit: query.limit, total_rows: total?.n ?? 0 },
      };
    }),
  );
};

export default boxSettingsRoutes;
