import { api, ERP_TOKEN_INVALID, messages, waybillNumbers } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { audit } from '../audit/index.js';
import { throttledLogin } from '../auth/index.js';
import {
  checkErpCredentials,
  createErpToken,
  erpAccountOf,
  revokeErpToken,
  shipmentsOf,
  writeWaybills,
} from './queries.js';

const m = messages.erp;

/**
 * Declarations: shared/src/features/erp.ts (erp.login, erp.logout, erp.print). Tables:
 * erp_accounts, erp_account_brands, erp_tokens, login_failures; reads pickups, deposits, order_items, warehouses;
 * the PDF is a row of uploads under exports/. The routes are public as far as the merchant session
 * goes (still signed): the waybill account authenticates by its token `t`, and its brands are the
 * tenancy of every print. A missing or dead `t` answers code 401 in the data, so the page logs in
 * again without touching the merchant's session.
 */
const erpRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  app.route(
    routeOf(api.erp.login, async (body, request) => {
      const check = () => checkErpCredentials(db, body.u, body.p);
      const account = await throttledLogin(db, config.loginLimits, request, 'erp', body.u, check);
      return { token: await createErpToken(db, config, account.id), name: account.name };
    }),
  );

  app.route(
    routeOf(api.erp.logout, async (body) => {
      await revokeErpToken(db, body.t);
      return null;
    }),
  );

  app.route(
    routeOf(api.erp.print, async (body, request) => {
      const account = await erpAccountOf(db, body.t);
      if (!account) return { code: ERP_TOKEN_INVALID, msg: m.tokenExpired, file_url: '' };
      const shipments = await shipmentsOf(db, account, waybillNumbers(body.no));
      const actor = { userId: null, label: `面单账号 ${account.name}（${account.username}）` };
      const url = await writeWaybills(db, config, storage, shipments, body.copy_count, async (tx, fileUrl) => {
        for (const s of shipments) {
          const after = { order_sn: s.orderSn, copy_count: body.copy_count, file_url: fileUrl };
          await audit(tx, request, { entity: 'pickup', id: s.pickupId, ipId: s.ipId, action: 'print', after, actor });
        }
      });
      return { code: 0, msg: m.printed, file_url: url };
    }),
  );
};

export default erpRoutes;
