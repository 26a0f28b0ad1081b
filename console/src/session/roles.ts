import { rolesOf, type UserInfo } from '@toy/shared';

/** The user's roles: the server's list plus what per_ids grant. */
export function userRoles(info: Pick<UserInfo, 'roles' | 'per_ids'> | null): string[] {
  if (!info) return [];
  return [...new Set([...(info.roles ?? []), ...rolesOf(info.per_ids ?? [])])];
}
