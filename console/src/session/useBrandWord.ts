import { brandWord } from '@toy/shared';
import { getAuthType } from '../lib/session';
import { useUserInfo } from './authStore';

/** The auth type (1 own brand, 2 shop) of the signed-in user. */
export function useAuthType(): number | undefined {
  const info = useUserInfo();
  return info?.type ?? getAuthType();
}

/** '品牌', or '店铺' for auth type 2: every brand label goes through this. */
export function useBrandWord(): string {
  return brandWord(useAuthType());
}
