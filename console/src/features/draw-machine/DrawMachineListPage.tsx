import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { api, type DrawMachine, PER_ID } from '@toy/shared';
import { Eye, Plus, Store } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { BrandFilter } from '../../components/BrandSelect';
import { actionsColumn, moneyColumn, PictureTitle } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction } from '../../components/RowActions';
import { useBrandList } from '../../components/useBrandList';
import { useListParams } from '../../components/useListParams';
import { useCall } from '../../lib/useCall';
import { DrawMachineDialog, type DrawMachineTab } from './DrawMachineDialog';
import { boxListHref, OffBadge, sendListHref } from './parts';

/** A count over a link to the screen that handles it (待发货 → 去发货). */
function CountLink({
  label,
  count,
  to,
  testId,
  linkTestId = `${testId}-link`,
  children,
}: {
  label: string;
  count: number;
  to: string;
  testId: string;
  linkTestId?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="0" whiteSpace="nowrap">
      <Text fontSize="sm">
        {label} <b data-testid={testId}>{count}</b>
      </Text>
      <Link asChild colorPalette="brand" fontSize="sm" data-testid={linkTestId}>
        <RouterLink to={to}>{children}</RouterLink>
      </Link>
    </Stack>
  );
}

/** 抽盒机管理 (spec 01 screen 6): brand and keyword filters in the URL, 10 per page, the detail dialog. */
export default function DrawMachineListPage() {
  const { params, setFilters, setPage, reset } = useListParams(api.drawMachine.list);
  const { drafts, set, resetting } = useFilterDrafts({ keyword: params.keyword ?? '' });
  const navigate = useNavigate();
  const { onBrand, table } = useBrandList(params.ip_id, setFilters);
  const list = useCall(api.drawMachine.list, params, { enabled: params.ip_id !== undefined });
  const [open, setOpen] = useState<{ machine: DrawMachine; tab: DrawMachineTab } | null>(null);
  /** 录入盒机 and 发布盒机 open their page for the chosen brand. */
  const go = (page: string, brandParam: string) =>
    navigate(`/blindBox/${page}${params.ip_id ? `?${brandParam}=${params.ip_id}` : ''}`);
  const search = () => setFilters({ keyword: drafts.keyword.trim() });
  const onSale = list.data?.on_sale ?? 0;

  const columns: Column<DrawMachine>[] = [
    {
      key: 'info',
      header: '盒子信息',
      render: (d) => (
        <PictureTitle src={d.pic} alt={d.title}>
          <Stack gap="0.5">
            <Text fontWeight="500" lineClamp={2} data-testid="dm-title">
              {d.title}
            </Text>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="dm-batch">
              批次 {d.id} · 发售 {d.shelves_time}
            </Text>
          </Stack>
        </PictureTitle>
      ),
    },
    moneyColumn('price', '官方售价', (d) => d.official_price, { testId: 'dm-official-price' }),
    moneyColumn('sale', '销售额', (d) => d.sale_amount.cn, { testId: 'dm-sale' }),
    {
      key: 'off',
      header: '状态',
      render: (d) => <OffBadge off={d.off} testId="dm-off" />,
    },
    {
      key: 'send',
      header: '提货',
      render: (d) => (
        <CountLink label="待发货" count={d.stay_send_goods} to={sendListHref(d.title)} testId="dm-send">
          去发货
        </CountLink>
      ),
    },
    {
      key: 'storage',
      header: '寄存',
      render: (d) => (
        <CountLink
          label="待取回"
          count={d.stay_retrieval}
          to={boxListHref(d.title)}
          testId="dm-retrieval"
          linkTestId="dm-storage-link"
        >
          查看用户寄存
        </CountLink>
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
            onClick={() => setOpen({ machine: d, tab: 'goods' })}
            data-testid="dm-stock-view"
          >
            查看剩余库存
          </Button>
        </Stack>
      ),
    },
    actionsColumn((d) => (
      <RowAction icon={Eye} onClick={() => setOpen({ machine: d, tab: 'basic' })} testId="dm-view">
        查看
      </RowAction>
    )),
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
          <ActionButton icon={Store} variant="outline" onClick={() => go('goodsAdd', 'id')} testId="dm-enter">
            录入盒机
          </ActionButton>
          <ActionButton icon={Plus} colorPalette="brand" onClick={() => go('boxAdd', 'ipId')} testId="dm-publish">
            发布盒机
          </ActionButton>
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
          <SearchButtons onSearch={search} onReset={resetting(() => reset(['ip_id']))} testId="dm" />
        </>
      }
    >
      <DataTable columns={columns} {...table(list.data?.list, list)} rowKey={(d) => d.id} rowTestId="dm-row" />
      <ListPagination
        total={list.data?.pagination.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        pageSizes={[10]}
        onPageChange={setPage}
      />
      <DrawMachineDialog batchId={open?.machine.id ?? null} tab={open?.tab} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
