import type { MenuPageUrl } from '@toy/shared';
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

/**
 * The one route map: a menu page's `url` → its lazily loaded page. Each entry is its own chunk.
 * Its keys are exactly the page urls of the shared menu table (shared/src/menu.ts): the compiler
 * fails when a menu row has no page here or a page here has no menu row. Menu items the server
 * sends with an unknown url are skipped.
 */
export const routeMap = {
  dashboard: () => import('../features/dashboard/DashboardPage'),
  'warehouse/list': () => import('../features/warehouse/WarehouseListPage'),
  'freight/list': () => import('../features/freight/FreightListPage'),
  'coupon/list': () => import('../features/coupon/CouponListPage'),
  'coupon/form': () => import('../features/coupon/CouponFormPage'),
  'subscription/list': () => import('../features/subscription/SubscriptionListPage'),
  'blindBoxRecord/list': () => import('../features/blind-box-record/RecordListPage'),
  'blindBoxRecord/form': () => import('../features/blind-box-record/RecordFormPage'),
  'blindBox/release': () => import('../features/blind-box/ReleasePage'),
  'blindBox/settings': () => import('../features/box-settings/SettingsPage'),
  'review/blindBox': () => import('../features/review/ReviewPage'),
  'goods/list': () => import('../features/goods/GoodsListPage'),
  'gacha/list': () => import('../features/gacha/GachaListPage'),
  'drawMachine/list': () => import('../features/draw-machine/DrawMachineListPage'),
  'order/list': () => import('../features/order/OrderListPage'),
  'order/detail': () => import('../features/order/OrderDetailPage'),
  'order/send': () => import('../features/order/OrderShipPage'),
  'deposit/list': () => import('../features/deposit/DepositListPage'),
  'pickup/list': () => import('../features/pickup/PickupListPage'),
  'market/list': () => import('../features/market/MarketListPage'),
  'kuji/list': () => import('../features/kuji/KujiListPage'),
  'kuji/form': () => import('../features/kuji/KujiFormPage'),
  'market/ship': () => import('../features/market/MarketShipPage'),
  'market/links': () => import('../features/market/MarketLinkPage'),
  'scratch/list': () => import('../features/scratch/ScratchListPage'),
  'toy/list': () => import('../features/toy/ToyListPage'),
  'toy/album': () => import('../features/toy/MomentListPage'),
  'wallpaper/list': () => import('../features/wallpaper/WallpaperListPage'),
  'exchangeMethod/list': () => import('../features/exchange-method/ExchangeListPage'),
  'skin/list': () => import('../features/skin/SkinListPage'),
  'skin/form': () => import('../features/skin/SkinFormPage'),
  'collectible/list': () => import('../features/collectible/CollectiblePage'),
  'collectible/form': () => import('../features/collectible/CollectibleFormPage'),
  'composeRule/form': () => import('../features/compose-rule/ComposeRuleFormPage'),
} satisfies Record<MenuPageUrl, PageImport>;

export type RouteKey = keyof typeof routeMap;

export const routeKeys: ReadonlySet<string> = new Set(Object.keys(routeMap));
