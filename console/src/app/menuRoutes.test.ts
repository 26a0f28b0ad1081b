import { MENU_GROUP_URL, MENU_PAGE_URLS, type MenuItem } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { buildNav, canAccess, generateRoutes, joinPath, pageUrls, safeRedirect } from './menuRoutes';
import { routeKeys } from './routeMap';

const item = (
  id: number,
  path: string,
  url: string,
  title: string,
  roles: string[],
  children: MenuItem[] = [],
  hidden?: boolean,
): MenuItem => ({
  id,
  pid: 0,
  path,
  url,
  meta: { title, icon: '', roles, hidden },
  children,
});

const menus: MenuItem[] = [
  item(1, '/dashboard', 'dashboard', '首页', []),
  item(
    2,
    '/blindBox',
    'Layout',
    '盲盒管理',
    [],
    [
      item(3, 'overseasWarehouse', 'warehouse/list', '海外仓库', ['box_admin']),
      item(4, '/blindBox/overseasFreight', 'freight/list', '运费模板', ['box_admin']),
      item(5, 'goodsAdd', 'warehouse/list', '隐藏页', ['box_admin'], [], true),
    ],
  ),
  item(6, '/blindBox/coupon', 'coupon/list', '优惠券', ['coupon_admin']),
];
const pages = new Set(['dashboard', 'warehouse/list', 'coupon/list']);

describe('route generation from menus', () => {
  it('joins relative child paths to the parent', () => {
    expect(joinPath('/blindBox', 'overseasWarehouse')).toBe('/blindBox/overseasWarehouse');
    expect(joinPath('/blindBox', '/order/list')).toBe('/order/list');
    expect(joinPath('', 'dashboard')).toBe('/dashboard');
  });

  it('gives box_admin the warehouse pages only, skipping urls missing from the map', () => {
    const routes = generateRoutes(menus, ['box_admin'], pages);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/blindBox/overseasWarehouse', '/blindBox/goodsAdd']);
    expect(routes[1].roles).toEqual(['box_admin', 'admin']);
    expect(routes[1].trail).toEqual(['盲盒管理', '海外仓库']);
    expect(routes[2].hidden).toBe(true);
  });

  it('gives admin every mapped route', () => {
    const routes = generateRoutes(menus, ['admin'], pages);
    expect(routes.map((r) => r.url)).toEqual(['dashboard', 'warehouse/list', 'warehouse/list', 'coupon/list']);
  });

  it('gives a coupon-only user the open routes and coupons', () => {
    const routes = generateRoutes(menus, ['coupon_admin'], pages);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard', '/blindBox/coupon']);
  });

  it('builds the sidebar without hidden items or empty groups', () => {
    const nav = buildNav(menus, ['coupon_admin'], pages);
    expect(nav.map((n) => n.title)).toEqual(['首页', '优惠券']);
    const boxNav = buildNav(menus, ['box_admin'], pages);
    expect(boxNav[1].children.map((c) => c.title)).toEqual(['海外仓库']);
  });

  it('treats empty roles as everyone and admin as all', () => {
    expect(canAccess([], [])).toBe(true);
    expect(canAccess(['admin'], ['nft_admin'])).toBe(true);
    expect(canAccess(['box_admin'], ['nft_admin'])).toBe(false);
  });

  it('follows only local redirects', () => {
    expect(safeRedirect('/blindBox/overseasWarehouse?ip_id=2')).toBe('/blindBox/overseasWarehouse?ip_id=2');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('the pages of the shared menu', () => {
  it('are the route map, without the groups', () => {
    expect([...pageUrls].sort()).toEqual([...routeKeys].sort());
    expect(pageUrls.size).toBe(MENU_PAGE_URLS.length);
    expect(pageUrls.has(MENU_GROUP_URL)).toBe(false);
    expect(pageUrls.has('dashboard')).toBe(true);
  });
});
