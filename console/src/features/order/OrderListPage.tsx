import { Badge, Stack, Text } from '@chakra-ui/react';
import { ACTIVITY_TYPES, GOODS_NAME_TYPES, ORDER_STATUS_FILTER, type Order } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { Eye, Truck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { actionsColumn, codeColumn, PictureTitle, timeColumn, yuan } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { rangeFilter, selectFilter, textFilter } from '../../components/filters';
import { BrandListPage, countLine, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction, RowActions } from '../../components/RowActions';
import { ShippingImport } from '../../components/transfer/ShippingImport';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { invalidate } from '../../lib/useCall';
import { OrderExport } from './OrderExport';
import { can, detailHref, OrderStateBadge, ReceiverLines } from './parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ShipDialog = lazyPart(() => import('./ShipDialog').then((m) => m.ShipDialog));

/**
 * The order list's filters (spec 02 §2 screen 1): brand, activity type, activity name, goods name
 * (types 13 and 14 only), status, the order date range (00:00:00–23:59:59) and the keyword.
 */
const FILTERS = [
  selectFilter('active_type', '活动类型', ACTIVITY_TYPES, { testId: 'type' }),
  textFilter('active_name', '活动名称', { testId: 'active', width: '160px' }),
  textFilter('goods_name', '商品名称', {
    testId: 'goods',
    width: '160px',
    when: (d) => (GOODS_NAME_TYPES as readonly number[]).includes(Number(d.active_type)),
  }),
  selectFilter('state', '订单状态', ORDER_STATUS_FILTER, { testId: 'state', width: '120px' }),
  rangeFilter('下单时间'),
  textFilter('keyword', '关键词', { placeholder: '订单号/昵称/姓名/手机号' }),
];

/** The logistics cell: the latest courier and number, or how much is left to ship. */
function Logistics({ order }: { order: Order }) {
  if (!order.expre) return <Text color="fg.subtle">—</Text>;
  return (
    <Stack gap="0" fontSize="sm" whiteSpace="nowrap">
      <Text>{order.expre.express_company}</Text>
      <Text color="fg.muted" data-testid="order-express">
        {order.expre.express}
      </Text>
      {order.expre.child_order.length > 1 && (
        <Text fontSize="xs" color="fg.subtle">
          共 {order.expre.child_order.length} 个包裹
        </Text>
      )}
    </Stack>
  );
}

const LIST: ListSpec = { name: 'order', title: '订单列表', filters: FILTERS };

/** 订单列表 (spec 02 §2 screen 1): every activity type's orders, filters in the URL, 10 a page. */
export default function OrderListPage() {
  const page = useBrandListPage(orderRoutes.list, { allBrands: true });
  const { params } = page;
  const navigate = useNavigate();
  const [shipping, setShipping] = useState<Order | null>(null);

  const columns: Column<Order>[] = [
    {
      key: 'active',
      header: '活动名称',
      render: (o) => (
        <PictureTitle src={o.active_pic} alt={o.active_title} size={40}>
          <Text fontSize="sm" lineClamp={2} maxW="180px">
            {o.active_title}
          </Text>
        </PictureTitle>
      ),
    },
    codeColumn('sn', '订单号', (o) => o.order_sn, { fontSize: 'sm', whiteSpace: 'nowrap', testId: 'order-sn' }),
    // Wide enough that a countdown (待付尾款，剩余2天23小时57分59秒) takes two lines, not five.
    { key: 'state', header: '订单状态', width: '150px', render: (o) => <OrderStateBadge order={o} /> },
    {
      key: 'amount',
      header: '金额',
      align: 'end',
      sort: 'amount',
      render: (o) => (
        <Stack gap="0" align="end">
          <Text fontWeight="600" whiteSpace="nowrap" data-testid="order-amount">
            {yuan(o.received_price || o.receivable_price)}
          </Text>
          {o.real_shop_discount_price > 0 && (
            <Text fontSize="xs" color="red.600" whiteSpace="nowrap" data-testid="order-discount">
              优惠 -{yuan(o.real_shop_discount_price)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'goods',
      header: '商品',
      render: (o) => (
        <Stack gap="1" minW="180px">
          {o.goods.slice(0, 3).map((g) => (
            <PictureTitle key={g.id} src={g.goods_pic} alt={g.goods_title} size={28}>
              <Text fontSize="xs" lineClamp={1}>
                {g.goods_title} ×{g.nums}
              </Text>
            </PictureTitle>
          ))}
          {o.goods.length > 3 && (
            <Text fontSize="xs" color="fg.subtle">
              等 {o.goods.length} 件
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'receiver',
      header: '收货人',
      render: (o) => (o.username ? <ReceiverLines order={o} /> : <Text color="fg.subtle">—</Text>),
    },
    { key: 'type', header: '活动类型', render: (o) => <Badge variant="outline">{o.type_text}</Badge> },
    { key: 'logistics', header: '物流', render: (o) => <Logistics order={o} /> },
    { ...timeColumn('pay_time', '支付时间', (o: Order) => o.pay_time || '—'), sort: 'pay_time' },
    actionsColumn(
      (o) => (
        <RowActions>
          <RowAction icon={Eye} onClick={() => navigate(detailHref(o.order_sn))} testId="order-view">
            查看详情
          </RowAction>
          {o.type !== 13 && can.ship(o) && (
            <RowAction icon={Truck} palette="orange" onClick={() => setShipping(o)} testId="order-ship">
              发货
            </RowAction>
          )}
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      summary={countLine(page.read.data?.pagination.total_rows, '个订单')}
      summaryTestId="order-total"
      tools={
        <>
          <OrderExport
            filters={{
              ip_id: params.ip_id,
              active_type: params.active_type,
              state: params.state,
              active_name: params.active_name,
              goods_name: params.goods_name,
              keyword: params.keyword,
              begin_at: params.begin_at,
              end_at: params.end_at,
              order_code: params.order_code,
            }}
          />
          <ShippingImport kind="order" onImported={() => void invalidate(orderRoutes.list)} />
        </>
      }
    >
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="order-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} pageSizes={[10]} />
      <ShipDialog order={shipping} onClose={() => setShipping(null)} />
    </BrandListPage>
  );
}
