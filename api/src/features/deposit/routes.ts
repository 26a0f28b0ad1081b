import { api, DEPOSIT_SHEET_COLUMNS, depositStateText, messages } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { deposits, orderItems, orders } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import type { Cell } from '../../lib/xlsx/writer.js';
import { writeExport } from '../job/index.js';
import { findPickup, shipItems } from '../pickup/index.js';
import {
  countDeposits,
  type DepositRecord,
  depositBatch,
  depositToWire,
  depositWhere,
  listDeposits,
} from './queries.js';

const m = messages.pickup;
const EXPORT_BATCH = 5000;

const recipient = (r: DepositRecord) =>
  r.username === null ? '-' : [r.province, r.city, r.area, r.address].filter(Boolean).join(' ');

function* sheetRows(rows: DepositRecord[]): Generator<Cell[]> {
  for (const r of rows)
    yield [
      r.order_sn,
      r.title,
      r.goods_title,
      depositStateText(r.state),
      r.price / 100,
      r.name,
      r.username ?? '-',
      r.phone ?? '-',
      recipient(r),
      r.created_at,
    ];
}

/**
 * Declarations: shared/src/features/deposit.ts (box_admin, per_id 14). Tables: deposits (the
 * cabinet), with their order items, orders, draw machines, players and pickups. Shipping one item
 * goes through the pickup's ship (pickup/ship.ts), audited in its transaction.
 */
const depositRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  app.route(
    routeOf(api.deposit.list, async (query, request) => {
      const brandIds = request.scope;
      if (brandIds.length === 0)
        return { list: [], pagination: { page: query.page, limit: query.limit, total_rows: 0 } };
      const where = depositWhere(brandIds, query);
      const [rows, total] = await Promise.all([
        listDeposits(db, where, query.page, query.limit),
        countDeposits(db, where),
      ]);
      return {
        list: rows.map((r) => depositToWire(r, config)),
        pagination: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  app.route(
    routeOf(api.deposit.export, async (body, request) => {
      const brandIds = request.scope;
      const where = depositWhere(brandIds.length ? brandIds : [0], body);
      const columns = DEPOSIT_SHEET_COLUMNS.map((header) => ({
        header,
        width: /订单号|地址|时间/.test(header) ? 26 : 14,
      }));
      const { url, rows } = await writeExport(
        db,
        config,
        storage,
        { columns, userId: request.user!.id, sheetName: '寄存订单', title: '寄存订单' },
        async (writer) => {
          let before = 2147483647;
          for (;;) {
            const batch = await depositBatch(db, where, before, EXPORT_BATCH);
            if (batch.length === 0) break;
            await writer.addRows(sheetRows(batch));
            before = batch[batch.length - 1]!.id;
            if (batch.length < EXPORT_BATCH) break;
          }
        },
      );
      return { url, total_num: rows };
    }),
  );

  app.route(
    routeOf(api.deposit.ship, async (body, request) => {
      const brandIds = request.brandIds;
      if (brandIds.length === 0) throw notFound();
      const status = await db.transaction(async (tx) => {
        const [item] = await tx
          .select({ id: deposits.id, pickupId: deposits.pickupId, state: deposits.state })
          .from(deposits)
          .innerJoin(orderItems, eq(orderItems.id, deposits.orderItemId))
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(eq(orders.orderSn, body.order_sn), inArray(deposits.ipId, brandIds)))
          .limit(1);
        if (!item) throw notFound();
        if (item.pickupId === null) throw httpError(409, m.notPickedUp);
        const pickup = await findPickup(tx, brandIds, { id: item.pickupId }, true);
        if (item.state !== 0) throw httpError(409, m.notShippable);
        return shipItems(tx, request, pickup, body, [item.id]);
      });
      return { delivery_status: status };
    }),
  );
};

export default depositRoutes;
