import { MENU_PAGE_URLS, type MenuItem } from '@toy/shared';

export { safeRedirect } from '../lib/redirect';

/**
 * Turning the server's menu items into routes and sidebar entries (spec 01 §2). Pure functions:
 * the route map's keys come in as a set so the rules are unit-tested without loading pages.
 */

/**
 * The urls that have a page: the shared menu table's page urls, which are exactly the route map's
 * keys (routeMap.ts is checked against them), without loading the route map and its pages.
 */
export const pageUrls: ReadonlySet<string> = new Set(MENU_PAGE_URLS);

/** Route meta read by the title, breadcrumb and guards. */
export interface RouteHandle {
  title?: string;
  trail?: string[];
  roles?: string[];
}

/** A page route generated from a menu item whose `url` is a key of the route map. */
export interface GeneratedRoute {
  id: number;
  /** Absolute path, e.g. `/blindBox/overseasWarehouse`. */
  path: string;
  /** Route map key. */
  url: string;
  title: string;
  icon: string;
  /** The item's roles plus `admin` (generated menu routes receive role admin). */
  roles: string[];
  hidden: boolean;
  /** Titles from the top group down to this page, for the breadcrumb. */
  trail: string[];
}

/** A sidebar entry: a page, or a group with visible children. */
export interface NavItem {
  id: number;
  title: string;
  icon: string;
  path: string;
  children: NavItem[];
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalizePath(child);
  if (!child) return normalizePath(parent || '/');
  return normalizePath(`${parent.replace(/\/+$/, '')}/${child}`);
}

export function normalizePath(path: string): string {
  const p = `/${path}`.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Role admin reaches everything; a route without roles is open to every signed-in user. */
export function canAccess(userRoles: readonly string[], routeRoles: readonly string[]): boolean {
  if (userRoles.includes('admin')) return true;
  if (routeRoles.length === 0) return true;
  return routeRoles.some((role) => userRoles.includes(role));
}

/** Every page route the user may open, depth first, without duplicate paths. */
export function generateRoutes(
  menus: readonly MenuItem[],
  userRoles: readonly string[],
  pages: ReadonlySet<string>,
): GeneratedRoute[] {
  const out: GeneratedRoute[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[], parentPath: string, parentTrail: string[], parentRoles: string[]) => {
    for (const item of items) {
      const path = joinPath(parentPath, item.path);
      const ownRoles = item.meta?.roles ?? [];
      const roles = ownRoles.length ? ownRoles : parentRoles;
      if (!canAccess(userRoles, roles)) continue;
      const trail = [...parentTrail, item.meta?.title ?? ''];
      if (pages.has(item.url) && !seen.has(path)) {
        seen.add(path);
        out.push({
          id: item.id,
          path,
          url: item.url,
          title: item.meta?.title ?? '',
          icon: item.meta?.icon ?? '',
          roles: [...new Set([...roles, 'admin'])],
          hidden: Boolean(item.meta?.hidden),
          trail,
        });
      }
      if (item.children?.length) walk(item.children, path, trail, roles);
    }
  };
  walk(menus, '', [], []);
  return out;
}

/** The sidebar: permitted, non-hidden pages with a known page; groups only when a child survives. */
export function buildNav(
  menus: readonly MenuItem[],
  userRoles: readonly string[],
  pages: ReadonlySet<string>,
): NavItem[] {
  const walk = (items: readonly MenuItem[], parentPath: string, parentRoles: string[]): NavItem[] => {
    const out: NavItem[] = [];
    for (const item of items) {
      if (item.meta?.hidden) continue;
      const path = joinPath(parentPath, item.path);
      const roles = item.meta?.roles?.length ? item.meta.roles : parentRoles;
      if (!canAccess(userRoles, roles)) continue;
      const children = item.children?.length ? walk(item.children, path, roles) : [];
      const isPage = pages.has(item.url);
      if (!isPage && children.length === 0) continue;
      out.push({ id: item.id, title: item.meta?.title ?? '', icon: item.meta?.icon ?? '', path, children });
    }
    return out;
  };
  return walk(menus, '', []);
}
