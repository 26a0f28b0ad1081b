import { MENU, type MenuItem, type MenuRow } from '@toy/shared';

const visible = (row: MenuRow, roles: readonly string[]) =>
  roles.includes('admin') || row.roles.length === 0 || row.roles.some((r) => roles.includes(r));

/**
 * The menu rows (shared MENU) a user with `roles` may see, as a tree; groups without visible
 * children are dropped.
 */
export function menuFor(roles: readonly string[], rows: readonly MenuRow[] = MENU): MenuItem[] {
  const build = (pid: number): MenuItem[] =>
    rows
      .filter((row) => row.pid === pid && visible(row, roles))
      .flatMap((row) => {
        const children = build(row.id);
        const isGroup = rows.some((r) => r.pid === row.id);
        if (isGroup && children.length === 0) return [];
        const meta = {
          title: row.title,
          icon: row.icon,
          roles: [...row.roles],
          ...(row.hidden ? { hidden: true } : {}),
        };
        return [{ id: row.id, pid: row.pid, path: row.path, url: row.url, meta, children }];
      });
  return build(0);
}
