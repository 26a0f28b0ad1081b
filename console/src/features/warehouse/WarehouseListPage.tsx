import { Text } from '@chakra-ui/react';
import type { Warehouse } from '@toy/shared';
import { warehouseRoutes } from '@toy/shared/features/warehouse';
import { actionsColumn, tagColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { BrandListPage, ListCount } from '../../components/ListPage';
import { EditAction } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useBrandWord } from '../../session/useBrandWord';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const WarehouseDialog = lazyPart(() => import('./WarehouseDialog').then((m) => m.WarehouseDialog));

/** 仓库管理 (spec 02 screen 9): brand filter in the URL, table, add/edit dialog. */
export default function WarehouseListPage() {
  const page = useBrandListPage(warehouseRoutes.list);
  const list = page.read;
  const word = useBrandWord();
  const dialog = useEditDialog<Warehouse>();

  const columns: Column<Warehouse>[] = [
    { key: 'name', header: '仓库名称', render: (w) => <Text fontWeight="500">{w.name}</Text> },
    tagColumn('country', '国家', (w) => w.country_text),
    { key: 'updated_at', header: '更新时间', render: (w) => <Text color="fg.muted">{w.updated_at}</Text> },
    actionsColumn((w) => <EditAction onClick={() => dialog.edit(w)} testId="warehouse-edit" />, {
      width: '120px',
    }),
  ];

  return (
    <BrandListPage
      spec={{
        name: 'warehouse',
        title: '仓库管理',
        description: `管理各${word}的海外仓库`,
        add: '新增仓库',
      }}
      state={page}
      onAdd={dialog.add}
    >
      <ListCount total={list.data?.length} unit="个仓库">
        {list.isValidating && !list.isLoading && (
          <Text fontSize="xs" color="fg.subtle">
            刷新中…
          </Text>
        )}
      </ListCount>
      <DataTable columns={columns} {...page.table(list.data)} rowTestId="warehouse-row" />
      <WarehouseDialog {...dialog.props} defaultBrandId={page.ipId} />
    </BrandListPage>
  );
}
