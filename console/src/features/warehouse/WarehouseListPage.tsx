import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { api, PER_ID, type Warehouse } from '@toy/shared';
import { Plus } from 'lucide-react';
import { BrandFilter } from '../../components/BrandSelect';
import { actionsColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { EditAction } from '../../components/RowActions';
import { useBrandList } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { useBrandWord } from '../../session/useBrandWord';
import { WarehouseDialog } from './WarehouseDialog';

/** 仓库管理 (spec 02 screen 9): brand filter in the URL, table, add/edit dialog. */
export default function WarehouseListPage() {
  const { params, setFilters } = useListParams(api.warehouse.list);
  const word = useBrandWord();
  const { onBrand, table } = useBrandList(params.ip_id, setFilters);
  const list = useCall(api.warehouse.list, { ip_id: params.ip_id }, { enabled: params.ip_id !== undefined });
  const dialog = useEditDialog<Warehouse>();

  const columns: Column<Warehouse>[] = [
    { key: 'name', header: '仓库名称', render: (w) => <Text fontWeight="500">{w.name}</Text> },
    {
      key: 'country',
      header: '国家',
      render: (w) => (
        <Badge variant="subtle" colorPalette="brand">
          {w.country_text}
        </Badge>
      ),
    },
    { key: 'updated_at', header: '更新时间', render: (w) => <Text color="fg.muted">{w.updated_at}</Text> },
    actionsColumn((w) => <EditAction onClick={() => dialog.edit(w)} testId="warehouse-edit" />, {
      width: '120px',
    }),
  ];

  return (
    <ListPage
      title="仓库管理"
      description={`管理各${word}的海外仓库`}
      testId="warehouse-page"
      actions={
        <Button colorPalette="brand" onClick={() => dialog.add()} data-testid="warehouse-add">
          <Plus size={16} />
          新增仓库
        </Button>
      }
      filters={
        <BrandFilter perId={PER_ID.box} value={params.ip_id} onChange={onBrand} testId="warehouse-filter-brand" />
      }
    >
      <HStack justify="space-between" mb="3">
        <Text fontSize="sm" color="fg.muted">
          共 {list.data?.length ?? 0} 个仓库
        </Text>
        {list.isValidating && !list.isLoading && (
          <Text fontSize="xs" color="fg.subtle">
            刷新中…
          </Text>
        )}
      </HStack>
      <DataTable columns={columns} {...table(list.data, list)} rowKey={(w) => w.id} rowTestId="warehouse-row" />
      <WarehouseDialog {...dialog.props} defaultBrandId={params.ip_id} />
    </ListPage>
  );
}
