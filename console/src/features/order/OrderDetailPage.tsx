import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatRemaining, messages, type Order, orderActionsShown } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { Ban, MessageSquareText, RotateCcw, Truck } from 'lucide-react';
import { lazy, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { yuan } from '../../components/columns';
import { Fact } from '../../components/Fact';
import { FormSection } from '../../components/FormPage';
import { PageMessage } from '../../components/PageMessage';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { GoodsTable } from './GoodsTable';
import { can, fullAddress, OrderAddressRoute, OrderStateBadge, shipHref, useCountdown } from './parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const RemarkDialog = lazyPart(() => import('./RemarkDialog').then((m) => m.RemarkDialog));

const RetrievalDetailPage = lazy(() => import('../pickup/RetrievalDetailPage'));

/** /order/detail?id&type: a normal order (type 2, id = order_sn) here, a retrieval order (type 1) on its own page. */
export default function OrderDetailRoute() {
  return (
    <OrderAddressRoute
      title="订单详情"
      Normal={OrderDetail}
      Retrieval={RetrievalDetailPage}
      testId="order-detail-missing"
    />
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
      {children}
    </Grid>
  );
}

/** Receipt is confirmed automatically at confirm_time: the time left, ticking. */
function ConfirmCountdown({ order }: { order: Order }) {
  const left = useCountdown(order.confirm_surplus_time);
  if (!order.confirm_time) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="order-confirm-countdown">
      {formatRemaining(left)}后自动确认收货（{order.confirm_time}）
    </Text>
  );
}

function OrderDetail({ sn }: { sn: string }) {
  const navigate = useNavigate();
  const read = useCall(orderRoutes.detail, { order_sn: sn, type: 2 }, { enabled: sn !== '' });
  const [remarking, setRemarking] = useState(false);
  const { ask, dialog } = useConfirm();
  const invalidates = [orderRoutes.detail, orderRoutes.list];
  const refund = useAction(orderRoutes.refund, { success: messages.order.refunded, invalidates });
  const close = useAction(orderRoutes.close, { success: messages.success.done, invalidates });
  const o = read.data;
  if (!o) return <PageMessage title="订单详情" message={read.error ? read.error.message : '加载中…'} />;
  const actions = orderActionsShown(2, o.type);
  /** 退款 and 关闭订单, each run after its confirmation. */
  const confirmed = [
    can.refund(o) && {
      label: '退款',
      icon: RotateCcw,
      palette: 'purple',
      testId: 'order-detail-refund',
      confirm: { message: messages.order.refundConfirm(o.received_price.toFixed(2)) },
      run: () => refund.trigger({ order_id: o.id, refund_amount: o.received_price }),
    },
    can.close(o) && {
      label: '关闭订单',
      icon: Ban,
      palette: 'red',
      testId: 'order-detail-close',
      confirm: { message: messages.order.closeConfirm, danger: true },
      run: () => close.trigger({ order_id: o.id }),
    },
  ];

  return (
    <Stack gap="4" data-testid="order-detail">
      <FormSection
        title={`订单 ${o.order_sn}`}
        level="h1"
        actions={
          actions && (
            <HStack gap="2" wrap="wrap">
              {can.ship(o) && (
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() => navigate(shipHref(o.order_sn))}
                  data-testid="order-detail-ship"
                >
                  <Truck /> 发货
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setRemarking(true)} data-testid="order-detail-remark">
                <MessageSquareText /> 备注
              </Button>
              {confirmed.map(
                (a) =>
                  a && (
                    <Button
                      key={a.testId}
                      size="sm"
                      variant="outline"
                      colorPalette={a.palette}
                      data-testid={a.testId}
                      onClick={() => void ask({ ...a.confirm, cancelled: messages.cancelled.plain }, a.run)}
                    >
                      <a.icon /> {a.label}
                    </Button>
                  ),
              )}
            </HStack>
          )
        }
      >
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="div" size="lg">
              <OrderStateBadge order={o} testId="order-detail-state" />
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {o.type_text} · {o.active_title}
            </Text>
          </HStack>
          {o.tran_state === 2 && o.logistics_state === 1 && <ConfirmCountdown order={o} />}
          {o.refund_reason && (
            <Text fontSize="sm" color="red.600" data-testid="order-refund-reason">
              退款失败原因：{o.refund_reason}
            </Text>
          )}
        </Stack>
      </FormSection>

      <FormSection title="价格与支付">
        <Facts>
          <Fact label="商品金额">{yuan(o.price)}</Fact>
          <Fact label="运费">{yuan(o.logistics_fee)}</Fact>
          <Fact label="优惠" data-testid="order-discount">
            {yuan(o.real_shop_discount_price)}
          </Fact>
          <Fact label="金币抵扣">{yuan(o.points)}</Fact>
          <Fact label="应收金额">{yuan(o.receivable_price)}</Fact>
          <Fact label="实收金额">
            <Text fontWeight="600" data-testid="order-received">
              {yuan(o.received_price)}
            </Text>
          </Fact>
          {o.is_pre_sale === 1 && <Fact label="定金">{yuan(o.deposit_pay_price)}</Fact>}
          {o.is_pre_sale === 1 && <Fact label="已付总额">{yuan(o.total_pay_price)}</Fact>}
          {o.final_pay_end && <Fact label="尾款截止">{o.final_pay_end}</Fact>}
          {o.refund_amount > 0 && <Fact label="退款金额">{yuan(o.refund_amount)}</Fact>}
          <Fact label="下单时间">{o.created_at}</Fact>
          <Fact label="支付时间">{o.pay_time || '—'}</Fact>
        </Facts>
      </FormSection>

      <FormSection title="收货信息">
        <Facts>
          <Fact label="买家">{o.user_info.name}</Fact>
          <Fact label="收货人">{o.username || '—'}</Fact>
          <Fact label="手机号">{o.phone || '—'}</Fact>
          <Fact label="收货地址">{fullAddress(o) || '—'}</Fact>
        </Facts>
      </FormSection>

      <FormSection title="商品">
        <GoodsTable order={o} />
      </FormSection>

      <FormSection title="备注">
        <Facts>
          <Fact label="买家备注">{o.remark || '—'}</Fact>
          <Fact label="公开备注" data-testid="order-public-remark">
            {o.public_remark || '—'}
          </Fact>
          <Fact label="私密备注" data-testid="order-private-remark">
            {o.private_remark || '—'}
          </Fact>
        </Facts>
      </FormSection>

      <FormSection title="物流">
        {o.expre ? (
          <Stack gap="2" data-testid="order-logistics">
            {o.expre.child_order.map((c, i) => (
              <Box key={c.id} borderWidth="1px" rounded="md" p="3" data-testid="order-child">
                <Text fontSize="sm" fontWeight="600">
                  包裹{i + 1}：{c.express_company} {c.express}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {c.update_at} · {c.goods.map((g) => `${g.goods_title}×${g.nums}`).join('、')}
                </Text>
              </Box>
            ))}
          </Stack>
        ) : (
          <Text color="fg.subtle">暂无物流信息</Text>
        )}
      </FormSection>
      <RemarkDialog order={remarking ? o : null} onClose={() => setRemarking(false)} />
      {dialog}
    </Stack>
  );
}
