/**
 * Every table of the API, one file per domain under schema/ (table files import each other, never
 * this file). Money is integer fen; times are timestamptz (shown in Asia/Shanghai by lib/time.ts).
 * Ids are identity columns, so imported ids such as brand 267651 fit. drizzle-kit reads this file.
 */
export * from './schema/audit.js';
export * from './schema/auth.js';
export * from './schema/blind-box.js';
export * from './schema/box-settings.js';
export * from './schema/brand.js';
export * from './schema/collectible.js';
export * from './schema/coupon.js';
export * from './schema/draw-machine.js';
export * from './schema/erp.js';
export * from './schema/exchange-method.js';
export * from './schema/freight.js';
export * from './schema/goods.js';
export * from './schema/job.js';
export * from './schema/kuji.js';
export * from './schema/market.js';
export * from './schema/order.js';
export * from './schema/payment.js';
export * from './schema/pickup.js';
export * from './schema/player.js';
export * from './schema/replay.js';
export * from './schema/scratch.js';
export * from './schema/skin.js';
export * from './schema/subscription.js';
export * from './schema/toy.js';
export * from './schema/upload.js';
export * from './schema/user.js';
export * from './schema/wallpaper.js';
export * from './schema/warehouse.js';
