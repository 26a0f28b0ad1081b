import { Badge, Button, Link, Text } from '@chakra-ui/react';
import {
  MARKET_DELIVERY_STATUSES,
  MARKET_PLATFORMS,
  type MarketOrder,
  marketDeliveryText,
  marketFreightText,
  marketShippable,
} from '@toy/shared';
import { marketRoutes } from '@toy/shared/features/market';
import { Store, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { actionsColumn, codeColumn, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { rangeFilter, selectFilter, textFilter } from '../../components/filters';
import { BrandListPage, countLine, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { invalidate } from '../../lib/useCall';
import { GoodsCell } from './GoodsCell';
import { MarketExport } from './MarketExport';
import { MarketImport } from './MarketImport';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ShipDialog = lazyPart(() => import('./ShipDialog').then((m) => m.ShipDialog));

/** Badge colours of spec 02 §4's delivery states. */
const STATUS_COLORS: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 4: 'purple', 5: 'teal' };

/** Filters of 第三方平台发货 (spec 02 §2 screen 6): platform, goods title, the date range, delivery status. */
const FILTERS = [
  selectFilter('platform', '平台', MARKET_PLATFORMS, { width: '140px' }),
  textFilter('goods_title', '商品名称', { testId: 'title' }),
  rangeFilter('创建时间'),
  selectFilter('delivery_status', '发货状态', MARKET_DELIVERY_STATUSES, { testId: 'status' }),
];

export const shipPagePath = (o: Pick<MarketOrder, 'id'>) => `/order/sendMarket?id=${o.id}&type=1`;

const LIST: ListSpec = {
  name: 'market',
  title: '第三方平台发货',
  description:
    '第三方平台推送的已支付订单：「整单发货」在弹窗里填一个物流单号发出全部商品；「选商品发货」打开发货页，可只发其中几件',
  filters: FILTERS,
};

/** 第三方平台发货 (spec 02 §2 screen 6): filters, 导出 / 导入, the table and the ship dialog. */
export default function MarketListPage() {
  const page = useBrandListPage(marketRoutes.list);
  const { params } = page;
  const [shipping, setShipping] = useState<MarketOrder | null>(null);

  const columns: Column<MarketOrder>[] = [
    { key: 'goods', header: '商品', render: (o) => <GoodsCell goods={o.goods} /> },
    { key: 'goods_nums', header: '商品数量', align: 'end', render: (o) => o.goods_nums },
    {
      key: 'order_sn',
      header: '订单号',
      render: (o) => (
        <>
          <Text fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="market-order-sn">
            {o.order_sn}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {o.platform_text}
          </Text>
        </>
      ),
    },
    {
      key: 'delivery_status',
      header: '发货状态',
      render: (o) => (
        <Badge colorPalette={STATUS_COLORS[o.delivery_status] ?? 'gray'} data-testid="market-status">
          {marketDeliveryText(o.delivery_status)}
        </Badge>
      ),
    },
    {
      key: 'deposit',
      header: '运费',
      align: 'end',
      render: (o) => <Text whiteSpace="nowrap">{marketFreightText(o.deposit)}</Text>,
    },
    {
      key: 'receiver',
      header: '收货人',
      render: (o) => (
        <Text fontSize="sm" minW="180px" maxW="240px">
          {o.username} {o.phone}
          <br />
          <Text as="span" color="fg.muted">
            {[o.province, o.city, o.area, o.address].filter(Boolean).join(' ')}
          </Text>
        </Text>
      ),
    },
    { key: 'express_company', header: '物流公司', render: (o) => o.express_company || '-' },
    codeColumn('express', '物流单号', (o) => o.express || '-', {
      fontSize: 'sm',
      whiteSpace: 'nowrap',
      testId: 'market-express',
    }),
    { ...timeColumn('created_at', '创建时间', (o: MarketOrder) => o.created_at), sort: 'created_at' },
    actionsColumn(
      (o) =>
        marketShippable(o.delivery_status) ? (
          <RowActions>
            <RowAction icon={Truck} onClick={() => setShipping(o)} testId="market-ship">
              整单发货
            </RowAction>
            <Link
              asChild
              fontSize="sm"
              colorPalette="brand"
              whiteSpace="nowrap"
              title="打开发货页：核对收货人与商品，可只选部分商品分批发货"
              data-testid="market-ship-page"
            >
              <RouterLink to={shipPagePath(o)}>选商品发货</RouterLink>
            </Link>
          </RowActions>
        ) : (
          <Text color="fg.subtle">—</Text>
        ),
      { sticky: 'end', width: '150px' },
    ),
  ];

  const filters = {
    ip_id: params.ip_id,
    platform: params.platform,
    goods_title: params.goods_title,
    begin_at: params.begin_at,
    end_at: params.end_at,
    delivery_status: params.delivery_status,
  };

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      actions={
        <Button asChild size="sm" variant="outline" data-testid="market-links">
          <RouterLink to="/order/marketLink">
            <Store size={16} /> 平台店铺绑定
          </RouterLink>
        </Button>
      }
      tools={
        <>
          <MarketExport filters={filters} disabled={params.ip_id === undefined} />
          <MarketImport
            ipId={params.ip_id}
            platform={params.platform}
            onImported={() => void invalidate(marketRoutes.list)}
          />
        </>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        {countLine(page.read.data?.pagination.total_rows, '个订单')}
      </Text>
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="market-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <ShipDialog order={shipping} onClose={() => setShipping(null)} />
    </BrandListPage>
  );
}
