/** Permission ids (per_ids) and the role each grants (spec 01 §6). */
export const PERMISSION_ROLES = {
  12: 'nft_admin',
  14: 'box_admin',
  15: 'coupon_admin',
  17: 'goods_admin',
} as const;

export type PermissionId = keyof typeof PERMISSION_ROLES;
export type MerchantRole = (typeof PERMISSION_ROLES)[PermissionId];
/** `reviewer` is the platform reviewer; `admin` sees every route. */
export type Role = MerchantRole | 'reviewer' | 'admin';

export const PERMISSION_IDS = Object.keys(PERMISSION_ROLES).map(Number) as PermissionId[];

export const PER_ID = { nft: 12, box: 14, coupon: 15, goods: 17 } as const satisfies Record<string, PermissionId>;

export function rolesOf(perIds: readonly number[], extra: readonly Role[] = []): Role[] {
  const roles = perIds
    .map((id) => PERMISSION_ROLES[id as PermissionId])
    .filter((role): role is MerchantRole => Boolean(role));
  return [...new Set<Role>([...roles, ...extra])];
}

export function permissionIdOf(role: MerchantRole): PermissionId {
  const entry = Object.entries(PERMISSION_ROLES).find(([, r]) => r === role);
  return Number(entry?.[0]) as PermissionId;
}

/** Auth type from login: 1 own brand, 2 shop (labels say 店铺 instead of 品牌). */
export const AuthType = { brand: 1, shop: 2 } as const;
export type AuthType = (typeof AuthType)[keyof typeof AuthType];
export const brandWord = (type: number | undefined) => (type === AuthType.shop ? '店铺' : '品牌');
