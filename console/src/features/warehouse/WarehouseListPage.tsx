import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { api, PER_ID, type Warehouse } from '@toy/shared';
import { Pencil, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { type Column, DataTable } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { useBrandWord } from '../auth/useBrandWord';
import { warehouseListParams } from './params';
import { WarehouseDialog } from './WarehouseDialog';

/** 仓库管理 (spec 02 screen 9): brand filter in the URL, table, add/edit dialog. */
export default function WarehouseListPage() {
  const { params, setFilters } = useListParams(warehouseListParams);
  const word = useBrandWord();
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  // Until BrandSelect has put the first brand in the URL there is nothing to list (unless there are no brands).
  const waitingBrand = params.ip_id === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const { data, error, isLoading, isValidating, mutate } = useCall(
    api.warehouse.list,
    { ip_id: params.ip_id },
    { enabled: params.ip_id !== undefined },
  );
  const [dialog, setDialog] = useState<{ open: boolean; editing: Warehouse | null }>({ open: false, editing: null });

  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );

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
    {
      key: 'actions',
      header: '操作',
      width: '120px',
      render: (w) => (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="brand"
          onClick={() => setDialog({ open: true, editing: w })}
          data-testid="warehouse-edit"
        >
          <Pencil size={14} />
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title="仓库管理"
      description={`管理各${word}的海外仓库`}
      testId="warehouse-page"
      actions={
        <Button
          colorPalette="brand"
          onClick={() => setDialog({ open: true, editing: null })}
          data-testid="warehouse-add"
        >
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
          共 {data?.length ?? 0} 个仓库
        </Text>
        {isValidating && !isLoading && (
          <Text fontSize="xs" color="fg.subtle">
            刷新中…
          </Text>
        )}
      </HStack>
      <DataTable
        columns={columns}
        rows={params.ip_id === undefined ? (waitingBrand ? undefined : []) : data}
        rowKey={(w) => w.id}
        loading={isLoading || waitingBrand}
        error={error ?? brands.error}
        onRetry={() => void mutate()}
        rowTestId="warehouse-row"
      />
      <WarehouseDialog
        open={dialog.open}
        editing={dialog.editing}
        defaultBrandId={params.ip_id}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </ListPage>
  );
}
