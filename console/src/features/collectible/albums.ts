import { api } from '@toy/shared';
import { useCall } from '../../lib/useCall';

export interface AlbumOption {
  value: number;
  label: string;
}

/** The brand's albums as select options (spec 03 §7 "Collection list": need_page 0, easy 1). */
export function useAlbumOptions(ipId: number | undefined): AlbumOption[] {
  const read = useCall(api.album.list, { ip_id: ipId, easy: 1, need_page: 0 }, { enabled: ipId !== undefined });
  return (read.data?.list ?? []).map((r) => ({ value: r.id, label: r.title }));
}
