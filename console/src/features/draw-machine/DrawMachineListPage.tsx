import { Badge, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { api, type DrawMachine, OFF_TEXT, PER_ID } from '@toy/shared';
import { Eye, Plus, Store } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BrandFilter } from '../../components/BrandSelect';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { toQuery } from '../../components/listParams';
import { previewUrl } from '../../components/upload/uploadCore';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { DrawMachineDialog } from './DrawMachineDialog';
import { boxListHref, drawMachineListParams, sendListHref } from './params';

const yuan = (n: number) => `¥${n.toFixed(2)}`;
export const offPalette: Record<number, string> = { 0: 'green', 1: 'gray', 2: 'red' };

/** 抽盒机管理 (spec 01 screen 6): brand and keyword filters in the URL, 10 per page, the detail dialog. */
export default function DrawMachineListPage() {
  const { params, setFilters, setPage, reset } = useListParams(drawMachineListParams);
  const { drafts, set } = useFilterDrafts({ keyword: params.keyword ?? '' });
  const navigate = useNavigate();
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  const waitingBrand = params.ip_id === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const { data, error, isLoading, mutate } = useCall(api.drawMachine.list, toQuery(params) as never, {
    enabled: params.ip_id !== undefined,
  });
  const [open, setOpen] = useState<DrawMachine | null>(null);
  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
  const search = () => setFilters({ keyword: drafts.keyword.trim() || undefined });
  const onSale = data?.on_sale ?? 0;

  const columns: Column<DrawMachine>[] = [
    {
      key: 'info',
      header: '盒子信息',
      render: (d) => (
        <HStack gap="3" minW="220px">
          <Image
            src={previewUrl(d.pic, 120)}
            alt={d.title}
            boxSize="48px"
            rounded="md"
            objectFit="cover"
            bg="gray.100"
          />
          <Text fontWeight="500" lineClamp={2} data-testid="dm-title">
            {d.title}
          </Text>
        </HStack>
      ),
    },
    { key: 'price', header: '官方售价', align: 'end', render: (d) => yuan(d.price) },
    {
      key: 'sale',
      header: '销售额',
      align: 'end',
      render: (d) => <Text data-testid="dm-sale">{yuan(d.sale_amount.cn)}</Text>,
    },
    {
      key: 'off',
      header: '状态',
      render: (d) => (
        <Badge colorPalette={offPalette[d.off]} data-testid="dm-off">
          {OFF_TEXT[d.off]}
        </Badge>
      ),
    },
    {
      key: 'send',
      header: '提货',
      render: (d) => (
        <Stack gap="0" whiteSpace="nowrap">
          <Text fontSize="sm">
            待发货 <b data-testid="dm-send">{d.stay_send_goods}</b>
          </Text>
          <Link asChild colorPalette="brand" fontSize="sm" data-testid="dm-send-link">
            <RouterLink to={sendListHref(d.title)}>去发货</RouterLink>
          </Link>
        </Stack>
      ),
    },
    {
      key: 'storage',
      header: '寄存',
      render: (d) => (
        <Stack gap="0" whiteSpace="nowrap">
          <Text fontSize="sm">
            待取回 <b data-testid="dm-retrieval">{d.stay_retrieval}</b>
          </Text>
          <Link asChild colorPalette="brand" fontSize="sm" data-testid="dm-storage-link">
            <RouterLink to={boxListHref(d.title)}>查看用户寄存</RouterLink>
          </Link>
        </Stack>
      ),
    },
    {
      key: 'stock',
      header: '库存',
      render: (d) => (
        <Stack gap="0" whiteSpace="nowrap">
          <Text fontSize="sm">
            剩余 <b data-testid="dm-stock">{d.stock}</b> 箱（{d.surplus_num} 盒）
          </Text>
          <Button
            size="2xs"
            variant="plain"
            px="0"
            colorPalette="brand"
            onClick={() => setOpen(d)}
            data-testid="dm-stock-view"
          >
            查看剩余库存
          </Button>
        </Stack>
      ),
    },
    {
      key: 'view',
      header: '操作',
      render: (d) => (
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setOpen(d)} data-testid="dm-view">
          <Eye size={14} />
          查看
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title="抽盒机管理"
      description={
        <Text as="span" data-testid="dm-header">
          {onSale > 0 ? `${onSale} 台抽盒机在售` : '暂无已发布的抽盒机在售'}
        </Text>
      }
      testId="dm-page"
      actions={
        <HStack gap="2">
          <Button
            variant="outline"
            onClick={() => navigate(`/blindBox/goodsAdd${params.ip_id ? `?id=${params.ip_id}` : ''}`)}
            data-testid="dm-enter"
          >
            <Store size={16} />
            录入盒机
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => navigate(`/blindBox/boxAdd${params.ip_id ? `?ipId=${params.ip_id}` : ''}`)}
            data-testid="dm-publish"
          >
            <Plus size={16} />
            发布盒机
          </Button>
        </HStack>
      }
      filters={
        <>
          <BrandFilter perId={PER_ID.box} value={params.ip_id} onChange={onBrand} testId="dm-filter-brand" />
          <FilterInput
            label="盒机名称"
            value={drafts.keyword}
            onChange={set('keyword')}
            onEnter={search}
            testId="dm-filter-keyword"
          />
          <SearchButtons onSearch={search} onReset={() => reset(['ip_id'])} testId="dm" />
        </>
      }
    >
      <DataTable
        columns={columns}
        rows={params.ip_id === undefined ? (waitingBrand ? undefined : []) : data?.list}
        rowKey={(d) => d.id}
        loading={isLoading || waitingBrand}
        error={error ?? brands.error}
        onRetry={() => void mutate()}
        rowTestId="dm-row"
      />
      <ListPagination
        total={data?.pagination.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        pageSizes={[10]}
        onPageChange={setPage}
      />
      <DrawMachineDialog batchId={open?.id ?? null} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
