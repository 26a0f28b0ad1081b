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
} satisfies Record<string, PageImport>;

export type RouteKey = keyof typeof routeMap;

export const routeKeys: ReadonlySet<string> = new Set(Object.keys(routeMap));
