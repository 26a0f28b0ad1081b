import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { canShip, DELIVERY_FILTER, DEPOSIT_STATES, freightText, ORDER_KINDS, type PickupOrder } from '@toy/shared';
import { pickupRoutes } from '@toy/shared/features/pickup';
import { Eye, Truck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { actionsColumn, codeColumn, PictureTitle, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { rangeFilter, selectFilter, textFilter } from '../../components/filters';
import { BrandListPage, ListCount, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction, RowActions } from '../../components/RowActions';
import { ShippingImport } from '../../components/transfer/ShippingImport';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { invalidate } from '../../lib/useCall';
import { PickupExport } from './PickupExport';
import { DeliveryBadge, Receiver, retrievalHref } from './parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ShipDialog = lazyPart(() => import('./ShipDialog').then((m) => m.ShipDialog));

/** The pickup list's filters: names, user, states, kind and the order date range (whole days). */
const FILTERS = [
  textFilter('temp_title', '系列名称', { testId: 'series' }),
  textFilter('goods_title', '商品名称', { testId: 'goods' }),
  textFilter('user_keyword', '用户', { testId: 'user' }),
  selectFilter('state', '状态', [{ value: '', label: '全部' }, ...DEPOSIT_STATES.filter((s) => s.value !== 3)]),
  selectFilter('type', '类型', ORDER_KINDS),
  selectFilter('delivery_status', '发货状态', DELIVERY_FILTER, { testId: 'delivery' }),
  rangeFilter('时间范围'),
];

const LIST: ListSpec = {
  name: 'pickup',
  title: '发货列表',
  description: '用户从盒柜申请提货的订单：导出发货单、批量导入物流单号、发货',
  filters: FILTERS,
};

/** 发货列表 (spec 02 §2 screen 5): pickups with filters, shipping-sheet export and import, detail, ship. */
export default function PickupListPage() {
  const page = useBrandListPage(pickupRoutes.list);
  const { params } = page;
  /** Opened from the dashboard's 待发货提货: only the rows that figure counts. */
  const toShip = (params as { to_ship?: number }).to_ship === 1;
  const navigate = useNavigate();
  const [shipping, setShipping] = useState<PickupOrder | null>(null);

  const columns: Column<PickupOrder>[] = [
    codeColumn('order_sn', '订单号', (p) => p.order_sn, { fontSize: 'xs', testId: 'pickup-sn' }),
    {
      key: 'goods',
      header: '商品',
      render: (p) => (
        <Stack gap="1">
          {p.goods.map((g) => (
            <PictureTitle key={g.id} src={g.goods_pic} alt={g.goods_title} size={36}>
              <Stack gap="0">
                <Text fontSize="sm">{g.goods_title}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {g.template_title} × {g.nums}
                </Text>
              </Stack>
            </PictureTitle>
          ))}
        </Stack>
      ),
    },
    { key: 'nums', header: '数量', align: 'end', render: (p) => p.goods_nums },
    { key: 'status', header: '发货状态', render: (p) => <DeliveryBadge status={p.delivery_status} /> },
    {
      key: 'deposit',
      header: '运费',
      align: 'end',
      render: (p) => (
        <Stack gap="0" align="end" data-testid="pickup-freight">
          <Text whiteSpace="nowrap">{freightText(p.deposit, p.currency)}</Text>
          {p.country && (
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {p.country_text}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'receiver', header: '收件人', render: (p) => <Receiver r={p} /> },
    {
      key: 'express',
      header: '物流',
      render: (p) =>
        p.express ? (
          <Stack gap="0" fontSize="sm">
            <Text>{p.express_company}</Text>
            <Text color="fg.muted" data-testid="pickup-express">
              {p.express}
            </Text>
          </Stack>
        ) : (
          <Text color="fg.subtle">-</Text>
        ),
    },
    { ...timeColumn('created_at', '下单时间', (p: PickupOrder) => p.created_at), sort: 'created_at' },
    actionsColumn(
      (p) => (
        <RowActions>
          <RowAction icon={Eye} onClick={() => navigate(retrievalHref('detail', p))} testId="pickup-detail">
            查看详情
          </RowAction>
          {canShip(p.delivery_status) && (
            <RowAction icon={Truck} onClick={() => setShipping(p)} testId="pickup-ship">
              发货
            </RowAction>
          )}
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  const { page: _p, limit: _l, ...filters } = params;
  return (
    <BrandListPage
      spec={LIST}
      state={page}
      tools={
        <>
          <PickupExport filters={filters} disabled={params.ip_id === undefined} />
          <ShippingImport kind="pickup" onImported={() => void invalidate(pickupRoutes.list)} />
        </>
      }
    >
      <ListCount total={page.read.data?.pagination.total_rows} unit="条" testId="pickup-total" wrap>
        {toShip && (
          <HStack gap="2" fontSize="sm" data-testid="pickup-to-ship">
            <Text color="orange.700">仅显示待发货的提货单（未发货与部分发货），与首页待办一致</Text>
            <Button
              size="xs"
              variant="outline"
              onClick={() => page.setFilters({ to_ship: 0 } as never)}
              data-testid="pickup-to-ship-clear"
            >
              查看全部
            </Button>
          </HStack>
        )}
      </ListCount>
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="pickup-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} pageSizes={[10, 20, 50]} />
      <ShipDialog
        orderSn={shipping?.order_sn ?? null}
        receiver={shipping ? `${shipping.username} ${shipping.phone}` : undefined}
        invalidates={[pickupRoutes.list]}
        onClose={() => setShipping(null)}
      />
    </BrandListPage>
  );
}
