import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

/**
 * The one route map: a menu item's `url` → its lazily loaded page. Each entry is its own chunk.
 * Menu items whose url is not a key here are skipped. Add a screen by adding one line.
 */
export const routeMap = {
  dashboard: () => import('../features/dashboard/DashboardPage'),
  'warehouse/list': () => import('../features/warehouse/WarehouseListPage'),
  'blindBoxRecord/list': () => import('../features/blind-box-record/RecordListPage'),
  'blindBoxRecord/form': () => import('../features/blind-box-record/RecordFormPage'),
  'blindBox/release': () => import('../features/blind-box/ReleasePage'),
  'blindBox/settings': () => import('../features/box-settings/SettingsPage'),
  'review/blindBox': () => import('../features/review/ReviewPage'),
  'goods/list': () => import('../features/goods/GoodsListPage'),
  'gacha/list': () => import('../features/gacha/GachaListPage'),
  'drawMachine/list': () => import('../features/draw-machine/DrawMachineListPage'),
} satisfies Record<string, PageImport>;

export type RouteKey = keyof typeof routeMap;

export const routeKeys: ReadonlySet<string> = new Set(Object.keys(routeMap));
