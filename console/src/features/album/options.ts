import { albumRoutes } from '@toy/shared/features/album';
import { collectibleRoutes } from '@toy/shared/features/collectible';
import { couponRoutes } from '@toy/shared/features/coupon';
import { gachaRoutes } from '@toy/shared/features/gacha';
import { useCall } from '../../lib/useCall';

export interface AlbumOption {
  value: number;
  label: string;
}

/**
 * What can be put in an album (设置合辑), each through calls of its own role: the album options
 * to choose from (the collectibles through the album list, spec 03 §7 "Collection list": need_page
 * 0, easy 1; coupons and gacha goods through their own album lists), the call that sets the album
 * and the list it changes.
 */
export const ALBUM_MEMBERS = {
  collectible: {
    options: (ipId: number) => [albumRoutes.list, { ip_id: ipId, easy: 1, need_page: 0 }] as const,
    set: collectibleRoutes.setAlbum,
    list: collectibleRoutes.list,
    noun: '数字藏品',
  },
  coupon: {
    options: (ipId: number) => [couponRoutes.albums, { ip_id: ipId }] as const,
    set: couponRoutes.setAlbum,
    list: couponRoutes.list,
    noun: '优惠券',
  },
  gacha: {
    options: (ipId: number) => [gachaRoutes.albums, { ip_id: ipId }] as const,
    set: gachaRoutes.setAlbum,
    list: gachaRoutes.list,
    noun: '扭蛋商品',
  },
};
export type AlbumMember = keyof typeof ALBUM_MEMBERS;

/** The brand's albums as select options. */
export function useAlbumOptions(ipId: number | undefined, member: AlbumMember = 'collectible'): AlbumOption[] {
  const [route, query] = ALBUM_MEMBERS[member].options(ipId ?? 0);
  const read = useCall(route as typeof couponRoutes.albums, query as never, { enabled: ipId !== undefined });
  return (read.data?.list ?? []).map((r) => ({ value: r.id, label: r.title }));
}
