import { defineRoute, optionalId, PER_ID } from '@toy/shared';
import { z } from 'zod';
import { useCall } from '../../lib/useCall';

/**
 * The brand's albums for a select (spec 03 §7 "Collection list": ip_id, need_page 0, easy 1). The
 * album screens own this call; until it answers, the select simply has no albums.
 */
const albumOptions = defineRoute({
  operationId: 'album.options',
  method: 'GET',
  path: '/web/helper/seller/catalog/index',
  summary: '数字藏品合辑（选择用）',
  access: 'nft_admin',
  perId: PER_ID.nft,
  query: z.object({ ip_id: optionalId(), easy: z.number().int(), need_page: z.number().int() }),
  response: z.unknown(),
});

export interface AlbumOption {
  value: number;
  label: string;
}

const rowsOf = (data: unknown): unknown[] => {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const d = data as { list?: unknown; lists?: unknown };
    if (Array.isArray(d.list)) return d.list;
    if (Array.isArray(d.lists)) return d.lists;
  }
  return [];
};

/** The albums of a brand as select options (none while the brand is unknown). */
export function useAlbumOptions(ipId: number | undefined): AlbumOption[] {
  const read = useCall(
    albumOptions,
    { ip_id: ipId, easy: 1, need_page: 0 },
    { enabled: ipId !== undefined, silent: true },
  );
  return rowsOf(read.data)
    .map((r) => r as { id?: unknown; title?: unknown })
    .filter((r) => typeof r.id === 'number')
    .map((r) => ({ value: r.id as number, label: String(r.title ?? r.id) }));
}
