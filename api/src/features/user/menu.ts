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
  // 110–139 blind-box records, release and the cabinet / box-machine settings.
  {
    id: 110,
    pid: 100,
    path: '/blindBox/records',
    url: 'blindBoxRecord/list',
    title: '盲盒备案',
    icon: 'clipboard',
    roles: ['box_admin'],
  },
  {
    id: 111,
    pid: 100,
    path: '/blindBox/goodsAdd',
    url: 'blindBoxRecord/form',
    title: '录入盲盒机',
    icon: 'box',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 112,
    pid: 100,
    path: '/blindBox/boxAdd',
    url: 'blindBox/release',
    title: '发布盒机',
    icon: 'box',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 113,
    pid: 100,
    path: '/blindBox/admin',
    url: 'blindBox/settings',
    title: '寄存与盒机设置',
    icon: 'settings',
    roles: ['box_admin'],
  },
  // 140–149 draw machines (抽盒机).
  {
    id: 140,
    pid: 100,
    path: '/blindBox/list',
    url: 'drawMachine/list',
    title: '抽盒机管理',
    icon: 'box',
    roles: ['box_admin'],
  },
  { id: 200, pid: 0, path: '/goods', url: 'layout', title: '商品管理', icon: 'package', roles: [] },
  { id: 201, pid: 200, path: '/goods/list', url: 'goods/list', title: '商品列表', icon: 'goods', roles: ['box_admin'] },
  {
    id: 202,
    pid: 200,
    path: '/goods/gacha',
    url: 'gacha/list',
    title: '扭蛋商品管理',
    icon: 'gift',
    roles: ['box_admin'],
  },
  { id: 300, pid: 0, path: '/review', url: 'layout', title: '审核', icon: 'review', roles: [] },
  {
    id: 301,
    pid: 300,
    path: '/review/blindBox',
    url: 'review/blindBox',
    title: '盲盒备案审核',
    icon: 'review',
    roles: ['reviewer'],
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
