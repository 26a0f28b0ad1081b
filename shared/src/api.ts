import { screenDataRoutes } from './display/screen-data.js';
import { albumRoutes, composedImageRoutes, playerAlbumRoutes } from './features/album.js';
import { auditRoutes } from './features/audit.js';
import { authRoutes } from './features/auth.js';
import { blindBoxRoutes, templateRoutes } from './features/blind-box.js';
import { blindBoxRecordRoutes, reviewRoutes } from './features/blind-box-record.js';
import { boxMachineRoutes, cabinetRoutes, couponAssociationRoutes } from './features/box-settings.js';
import { brandRoutes } from './features/brand.js';
import { collectibleRoutes, playerCollectibleRoutes } from './features/collectible.js';
import { composeRuleRoutes, playerComposeRoutes } from './features/compose-rule.js';
import { couponRoutes, playerCouponRoutes } from './features/coupon.js';
import { dashboardRoutes } from './features/dashboard.js';
import { depositRoutes } from './features/deposit.js';
import { drawMachineRoutes } from './features/draw-machine.js';
import { erpRoutes } from './features/erp.js';
import { exchangeMethodRoutes, playerExchangeRoutes } from './features/exchange-method.js';
import { freightRoutes, freightTemplateRoutes } from './features/freight.js';
import { gachaRoutes } from './features/gacha.js';
import { goodsRoutes } from './features/goods.js';
import { jobRoutes } from './features/job.js';
import { kujiFairnessRoutes, kujiReviewRoutes, kujiRoutes, playerKujiRoutes } from './features/kuji-routes.js';
import { marketRoutes } from './features/market.js';
import { marketLinkRoutes } from './features/market-links.js';
import { orderRoutes, playerOrderRoutes } from './features/order.js';
import { paymentRoutes, playerPaymentRoutes } from './features/payment.js';
import { pickupRoutes, playerPickupRoutes, retrievalRoutes } from './features/pickup.js';
import { fairnessRoutes, playerRoutes } from './features/player.js';
import { playerScratchRoutes, scratchRoutes } from './features/scratch.js';
import { skinReviewRoutes, skinRoutes } from './features/skin-routes.js';
import { playerSubscriptionRoutes, subscriptionRoutes } from './features/subscription.js';
import { momentRoutes, playerToyRoutes, toyReviewRoutes, toyRoutes } from './features/toy-routes.js';
import { uploadRoutes } from './features/upload.js';
import { userRoutes } from './features/user.js';
import { wallpaperRoutes } from './features/wallpaper.js';
import { warehouseRoutes } from './features/warehouse.js';
import type { RouteDef } from './route.js';

/**
 * Every call of the platform API, by domain: `api.warehouse.list` is operationId `warehouse.list`.
 * The server and the tests use this; the console imports each domain's routes from its own module
 * (`warehouseRoutes` from `@toy/shared/features/warehouse`), so a page's chunk holds only the calls it makes.
 */
export const api = {
  auth: authRoutes,
  user: userRoutes,
  brand: brandRoutes,
  dashboard: dashboardRoutes,
  upload: uploadRoutes,
  warehouse: warehouseRoutes,
  screen: screenDataRoutes,
  goods: goodsRoutes,
  gacha: gachaRoutes,
  job: jobRoutes,
  audit: auditRoutes,
  freight: { ...freightRoutes, ...freightTemplateRoutes },
  blindBoxRecord: blindBoxRecordRoutes,
  review: { ...reviewRoutes, ...kujiReviewRoutes, ...toyReviewRoutes, ...skinReviewRoutes },
  template: templateRoutes,
  blindBox: blindBoxRoutes,
  cabinet: cabinetRoutes,
  boxMachine: boxMachineRoutes,
  coupon: { ...couponAssociationRoutes, ...couponRoutes },
  drawMachine: drawMachineRoutes,
  player: {
    ...playerRoutes,
    ...playerOrderRoutes,
    ...playerSubscriptionRoutes,
    ...playerCouponRoutes,
    ...playerKujiRoutes,
    ...playerScratchRoutes,
    ...playerToyRoutes,
    ...playerExchangeRoutes,
    ...playerCollectibleRoutes,
    ...playerAlbumRoutes,
    ...playerComposeRoutes,
    ...playerPaymentRoutes,
  },
  payment: paymentRoutes,
  subscription: subscriptionRoutes,
  fairness: { ...fairnessRoutes, ...kujiFairnessRoutes },
  kuji: kujiRoutes,
  erp: erpRoutes,
  order: orderRoutes,
  deposit: depositRoutes,
  pickup: pickupRoutes,
  retrieval: retrievalRoutes,
  playerPickup: playerPickupRoutes,
  market: marketRoutes,
  marketLink: marketLinkRoutes,
  scratch: scratchRoutes,
  toy: toyRoutes,
  moment: momentRoutes,
  wallpaper: wallpaperRoutes,
  exchange: exchangeMethodRoutes,
  skin: skinRoutes,
  collectible: { ...collectibleRoutes, ...composedImageRoutes },
  album: albumRoutes,
  compose: composeRuleRoutes,
} as const;

const routesOf = (groups: Record<string, object>): RouteDef[] =>
  Object.values(groups).flatMap((group) => Object.values(group) as RouteDef[]);
/** Every declaration, flat: what the server registers (pure, so a console chunk that imports the barrel leaves it out). */
export const allRoutes: RouteDef[] = /* @__PURE__ */ routesOf(api);
