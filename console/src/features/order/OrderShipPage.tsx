import { Button, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { messages, type Order, orderShipPageForm } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { ArrowLeft, Copy } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormSection, StickyFooter } from '../../components/FormPage';
import { TextField } from '../../components/form/fields';
import { SchemaFormPage } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageMessage } from '../../components/PageMessage';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { GoodsTable } from './GoodsTable';
import { fullAddress, OrderAddressRoute, OrderStateBadge } from './parts';

const RetrievalShipPage = lazy(() => import('../pickup/RetrievalShipPage'));

/** /order/send?id&type: a normal order's ship page (type 2), or a retrieval order's (type 1). */
export default function OrderShipRoute() {
  return <OrderAddressRoute title="订单发货" Normal={OrderShip} Retrieval={RetrievalShipPage} />;
}

/** Goes back one step, or to the order list when the page was opened directly. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate('/order/boxList');
  };
}

function OrderShip({ sn }: { sn: string }) {
  const read = useCall(orderRoutes.detail, { order_sn: sn, type: 2 }, { enabled: sn !== '' });
  const o = read.data;
  if (!o)
    return (
      <PageMessage
        title="订单发货"
        message={read.error ? read.error.message : '加载中…'}
        back={{ to: '/order/boxList', label: '返回订单列表' }}
      />
    );
  return <ShipForm order={o} />;
}

/**
 * 发货 (spec 02 §2 screen 3): the receiver with 复制, the goods (ticked ones ship when the order may
 * be split; draw-box and one-prize orders ship whole), 快递公司 and 快递单号, then back on 发货成功.
 */
function ShipForm({ order }: { order: Order }) {
  const back = useBack();
  const open = order.dont_send.map((d) => d.id);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(open));
  const key = open.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the stable form of `open`
  useEffect(() => setSelected(new Set(open)), [key]);
  const form = useSchemaForm(orderShipPageForm, { order_sn: order.order_sn, express_company: '', express: '' });
  const ship = useAction(orderRoutes.ship, {
    success: messages.order.shipped,
    invalidates: [orderRoutes.detail, orderRoutes.list],
  });
  const receiver = `${order.username} ${order.phone} ${fullAddress(order)}`;
  const copy = async () => {
    if (await copyText(receiver)) notify.success(messages.success.copied);
    else notify.error(messages.success.copyFailed);
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async (data: { order_sn: string; express_company: string; express: string }) => {
    if (order.splittable && selected.size === 0) {
      notify.invalid(messages.order.itemsRequired);
      throw new Error(messages.order.itemsRequired);
    }
    await ship.run({
      platform: 1,
      ip_id: order.ip_id,
      order_sn: data.order_sn,
      express_company: data.express_company,
      express: data.express,
      item_ids: order.splittable ? [...selected] : undefined,
    });
    back();
  };

  return (
    <SchemaFormPage form={form} onSubmit={submit} testId="order-ship-page">
      {({ submitting }) => (
        <Stack gap="4">
          <FormSection
            title="订单发货"
            level="h1"
            hint={`订单号 ${order.order_sn}`}
            actions={<OrderStateBadge order={order} testId="order-ship-state" />}
          >
            <Grid templateColumns={{ base: '1fr', md: '1fr auto' }} gap="3" alignItems="center">
              <Stack gap="0.5" data-testid="order-ship-receiver">
                <Text fontWeight="600">
                  {order.username} {order.phone}
                </Text>
                <Text color="fg.muted">{fullAddress(order)}</Text>
              </Stack>
              <HStack>
                <IconButton
                  aria-label="复制收货信息"
                  size="sm"
                  variant="outline"
                  onClick={() => void copy()}
                  data-testid="order-ship-copy"
                >
                  <Copy />
                </IconButton>
              </HStack>
            </Grid>
          </FormSection>
          <FormSection
            title="商品"
            hint={order.splittable ? '勾选本次发出的商品，可分多次发货' : '抽盒机、一番赏订单及单件商品订单整单发货'}
          >
            <GoodsTable
              order={order}
              selected={order.splittable ? selected : undefined}
              onToggle={order.splittable ? toggle : undefined}
            />
          </FormSection>
          <FormSection title="物流信息">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField
                name="express_company"
                label="快递公司"
                required
                maxLength={50}
                testId="order-ship-page-company"
              />
              <TextField name="express" label="快递单号" required maxLength={50} testId="order-ship-page-express" />
            </Grid>
          </FormSection>
          <StickyFooter>
            <Button variant="outline" onClick={back} data-testid="order-ship-back">
              <ArrowLeft /> 返回
            </Button>
            <Button type="submit" colorPalette="brand" loading={submitting} data-testid="order-ship-submit">
              确认发货
            </Button>
          </StickyFooter>
        </Stack>
      )}
    </SchemaFormPage>
  );
}
