import type { MenuItem } from '@toy/shared';

/**
 * The menu the server sends (spec 01 §2), as data: one row per item, `pid` 0 for top level.
 * `roles: []` means every signed-in user. A group whose children are all hidden is dropped.
 * Add rows here as screens are built; `url` is a key of the console's page map.
 */
export interface MenuRow {
  id: number;
  pid: number;
  path: string;
  url: string;
  title: string;
  icon: string;
  roles: string[];
  hidden?: boolean;
}

export const MENU: MenuRow[] = [
  { id: 1, pid: 0, path: '/dashboard', url: 'dashboard', title: '首页', icon: 'home', roles: [] },
  // 100–199 盲盒管理 (blind boxes, draw machines, deposit settings, overseas), 200–299 商品管理 (goods,
  // gacha goods), 300–399 审核 (platform reviewer). Ids are stable: a row keeps its id.
  { id: 100, pid: 0, path: '/blindBox', url: 'layout', title: '盲盒管理', icon: 'box', roles: [] },
  {
    id: 101,
    pid: 100,
    path: '/blindBox/overseasWarehouse',
    url: 'warehouse/list',
    title: '仓库管理',
    icon: 'warehouse',
    roles: ['box_admin'],
  },
];

const visible = (row: MenuRow, roles: readonly string[]) =>
  roles.includes('admin') || row.roles.length === 0 || row.roles.some((r) => roles.includes(r));

/** The rows a user with `roles` may see, as a tree; groups without visible children are dropped. */
export function menuFor(roles: readonly string[], rows: readonly MenuRow[] = MENU): MenuItem[] {
  const build = (pid: number): MenuItem[] =>
    rows
      .filter((row) => row.pid === pid && visible(row, roles))
      .flatMap((row) => {
        const children = build(row.id);
        const isGroup = rows.some((r) => r.pid === row.id);
        if (isGroup && children.length === 0) return [];
        const meta = { title: row.title, icon: row.icon, roles: row.roles, ...(row.hidden ? { hidden: true } : {}) };
        return [{ id: row.id, pid: row.pid, path: row.path, url: row.url, meta, children }];
      });
  return build(0);
}
