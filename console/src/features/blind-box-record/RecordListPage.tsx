import { Box, Button, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { type BlindBoxRecord, PER_ID, REVIEW_STATES } from '@toy/shared';
import { blindBoxRecordRoutes } from '@toy/shared/features/blind-box-record';
import { PencilLine, Plus, Rocket } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { BrandFilter } from '../../components/BrandSelect';
import { actionsColumn, moneyColumn, PictureTitle, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction } from '../../components/RowActions';
import { useBrandList } from '../../components/useBrandList';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { ReviewBadge } from './styleParts';

/** 盲盒备案: the merchant's records with their review state and reason; correct and resubmit, or release. */
export default function RecordListPage() {
  const navigate = useNavigate();
  const { params, setFilters, setPage, setPageSize } = useListParams(blindBoxRecordRoutes.list);
  const { onBrand, table } = useBrandList(params.ip_id, setFilters);
  const list = useCall(blindBoxRecordRoutes.list, params, { enabled: params.ip_id !== undefined });

  const columns: Column<BlindBoxRecord>[] = [
    {
      key: 'box',
      header: '盲盒',
      render: (r) => (
        <PictureTitle src={r.pic} alt={r.title} size={52} bg="transparent">
          <Box>
            <Text fontWeight="600" lineClamp={1}>
              {r.title}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {r.goods_ip_title} · 单箱 {r.limit_stock} 盒{r.is_overseas ? ' · 海外' : ''}
            </Text>
          </Box>
        </PictureTitle>
      ),
    },
    moneyColumn('price', '官方售价', (r) => r.price),
    {
      key: 'styles',
      header: '款式',
      render: (r) => {
        const hidden = r.goods.filter((g) => g.type !== 1).length;
        return (
          <Text fontSize="sm">
            {r.goods.length} 款{hidden ? `（含隐藏 ${hidden}）` : ''}
          </Text>
        );
      },
    },
    {
      key: 'status',
      header: '审核状态',
      render: (r) => (
        <Stack gap="1" maxW="260px" align="flex-start">
          <ReviewBadge status={r.status} />
          {r.status === 2 && (
            <Text fontSize="xs" color="red.600" data-testid="record-reason">
              驳回原因：{r.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    timeColumn('time', '提交时间', (r) => r.updated_at),
    actionsColumn((r) =>
      r.status === 2 ? (
        <RowAction
          icon={PencilLine}
          onClick={() => navigate(`/blindBox/goodsAdd?id=${r.ip_id}&record=${r.id}`)}
          testId="record-resubmit"
        >
          修改并重新提交
        </RowAction>
      ) : r.status === 1 && r.template_id ? (
        <RowAction
          icon={Rocket}
          onClick={() => navigate(`/blindBox/boxAdd?ipId=${r.ip_id}&templateId=${r.template_id}`)}
          testId="record-release"
        >
          发布盒机
        </RowAction>
      ) : (
        <Text fontSize="sm" color="fg.subtle">
          等待审核
        </Text>
      ),
    ),
  ];

  const status = params.status === undefined ? 'all' : String(params.status);
  return (
    <ListPage
      title="盲盒备案"
      description="录入新的盲盒机并提交平台审核；被驳回的备案可修改后重新提交"
      testId="record-list"
      actions={
        <Button
          colorPalette="brand"
          onClick={() => navigate(`/blindBox/goodsAdd${params.ip_id ? `?id=${params.ip_id}` : ''}`)}
          data-testid="record-add"
        >
          <Plus size={16} />
          录入盲盒机
        </Button>
      }
      filters={
        <>
          <BrandFilter perId={PER_ID.box} value={params.ip_id} onChange={onBrand} testId="record-filter-brand" />
          <SegmentGroup.Root
            size="sm"
            value={status}
            onValueChange={(e) => setFilters({ status: e.value === 'all' ? undefined : Number(e.value) })}
            data-testid="record-filter-status"
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'all', label: '全部' },
                ...REVIEW_STATES.map((s) => ({ value: String(s.value), label: s.label })),
              ]}
            />
          </SegmentGroup.Root>
        </>
      }
    >
      <DataTable columns={columns} {...table(list.data?.list, list)} rowTestId="record-row" emptyText="暂无备案" />
      <ListPagination
        total={list.data?.pagination.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        pageSizes={[10, 20, 50]}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
    </ListPage>
  );
}
