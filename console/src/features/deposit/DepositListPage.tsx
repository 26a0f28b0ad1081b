import { Avatar, Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { type DepositOrder, ORDER_KINDS } from '@toy/shared';
import { depositRoutes } from '@toy/shared/features/deposit';
import { FileDown, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { actionsColumn, PictureTitle, timeColumn, yuan } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { rangeFilter, selectFilter, textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction, RowActions } from '../../components/RowActions';
import { ToolButton } from '../../components/ToolButton';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { openFile } from '../../lib/openFile';
import { useAction } from '../../lib/useAction';
import { Receiver } from '../pickup/parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ShipDialog = lazyPart(() => import('../pickup/ShipDialog').then((m) => m.ShipDialog));

/** The stored orders' filters: names, user, kind and the storing date range (whole days). */
const FILTERS = [
  textFilter('series_title', '系列名称', { testId: 'series' }),
  textFilter('goods_title', '款式名称', { testId: 'goods' }),
  textFilter('user_keyword', '用户', { testId: 'user' }),
  selectFilter('type', '类型', ORDER_KINDS),
  rangeFilter('时间范围'),
];
const STATE_PALETTE: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'gray' };

/** The draw machine's links name the series as temp_title: it becomes the series filter. */
function useTempTitle() {
  const [search, setSearch] = useSearchParams();
  const temp = search.get('temp_title');
  useEffect(() => {
    if (temp === null) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('temp_title');
        if (temp && !next.get('series_title')) next.set('series_title', temp);
        return next;
      },
      { replace: true },
    );
  }, [temp, setSearch]);
}

const LIST: ListSpec = {
  name: 'deposit',
  title: '寄存订单',
  description: '用户抽中后寄存在盒柜中的商品',
  filters: FILTERS,
};

/** 寄存订单 (spec 02 §2 screen 4): cabinet items with filters, export, and ship of picked-up items. */
export default function DepositListPage() {
  useTempTitle();
  const page = useBrandListPage(depositRoutes.list);
  const { params } = page;
  const [shipping, setShipping] = useState<string | null>(null);
  const exporting = useAction(depositRoutes.export);

  const columns: Column<DepositOrder>[] = [
    { key: 'title', header: '系列名称', render: (d) => <Text data-testid="deposit-series">{d.title}</Text> },
    {
      key: 'goods',
      header: '商品',
      render: (d) => (
        <PictureTitle src={d.goods_pic} alt={d.goods_title}>
          <Text fontSize="sm">{d.goods_title}</Text>
        </PictureTitle>
      ),
    },
    {
      key: 'state',
      header: '寄存状态',
      render: (d) => (
        <Badge colorPalette={STATE_PALETTE[d.state] ?? 'gray'} data-testid="deposit-state">
          {d.state_text}
        </Badge>
      ),
    },
    { key: 'price', header: '价格', align: 'end', render: (d) => yuan(d.price) },
    {
      key: 'user',
      header: '用户',
      render: (d) => (
        <HStack gap="2">
          <Avatar.Root size="xs">
            <Avatar.Fallback name={d.name} />
            {d.avatar && <Avatar.Image src={d.avatar} />}
          </Avatar.Root>
          <Text fontSize="sm">{d.name}</Text>
        </HStack>
      ),
    },
    {
      key: 'recipient',
      header: '收件人',
      render: (d) => (d.details ? <Receiver r={d.details} /> : <Text data-testid="deposit-no-recipient">-</Text>),
    },
    timeColumn('created_at', '寄存时间', (d) => d.created_at),
    actionsColumn(
      (d) =>
        d.state === 0 ? (
          <RowActions>
            <RowAction icon={Truck} onClick={() => setShipping(d.order_sn)} testId="deposit-ship">
              发货
            </RowAction>
          </RowActions>
        ) : (
          <Text color="fg.subtle">-</Text>
        ),
      { sticky: 'end' },
    ),
  ];

  const exportAll = async () => {
    const { page: _p, limit: _l, ...filters } = params;
    openFile(await exporting.trigger(filters));
  };

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      tools={
        <ToolButton
          icon={FileDown}
          onClick={() => void exportAll()}
          loading={exporting.pending}
          disabled={params.ip_id === undefined}
          testId="deposit-export"
        >
          批量导出
        </ToolButton>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="deposit-total">
          共 {page.read.data?.pagination.total_rows ?? 0} 条
        </Text>
        <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="deposit-row" />
        <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} pageSizes={[10, 20, 50]} />
      </Stack>
      <ShipDialog
        orderSn={shipping}
        route={depositRoutes.ship}
        invalidates={[depositRoutes.list]}
        onClose={() => setShipping(null)}
      />
    </BrandListPage>
  );
}
