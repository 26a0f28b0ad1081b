import { Badge, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Column } from '../../components/DataTable';
import { lazyPart } from '../../lib/lazyPart';
import { type AlbumMember, useAlbumOptions } from './options';

// Opened by 设置合辑 only: loaded after the page is up.
const SetAlbumDialog = lazyPart(() => import('./SetAlbumForm').then((m) => m.SetAlbumDialog));

/**
 * 设置合辑 on a list of collectibles, coupons or gacha goods: the brand's album options, a 合辑
 * column naming each row's album, and the dialog, opened with the rows to set.
 */
export function useAlbumAssignment(member: AlbumMember, ipId: number | undefined, onDone?: () => void) {
  const options = useAlbumOptions(ipId, member);
  const [ids, setIds] = useState<number[] | null>(null);
  const titleOf = (id: number | null) => options.find((o) => o.value === id)?.label;
  const column = <T extends { catalog_id: number | null }>(): Column<T> => ({
    key: 'catalog',
    header: '合辑',
    render: (r) => {
      const title = titleOf(r.catalog_id);
      return title ? (
        <Badge colorPalette="purple" variant="subtle" data-testid={`${member}-album`}>
          {title}
        </Badge>
      ) : (
        <Text color="fg.subtle">—</Text>
      );
    },
  });
  const dialog = (
    <SetAlbumDialog member={member} ids={ids} options={options} onClose={() => setIds(null)} onDone={onDone} />
  );
  return { options, open: setIds, column, dialog };
}
