import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  MARKET_LINE,
  type MarketGoodsLine,
  marketDeliveryText,
  marketShipPageForm,
  marketShippable,
  messages,
} from '@toy/shared';
import { marketRoutes } from '@toy/shared/features/market';
import { Copy, Truck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { Thumbnail } from '../../components/columns';
import { FormSection, SubmitFooter } from '../../components/FormPage';
import { TextField } from '../../components/form/fields';
import { SchemaFormPage } from '../../components/form/SchemaFormPage';
import { setFields } from '../../components/form/setFields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { LinesTable, lineCount, PickBox } from '../../components/LinesTable';
import { PageMessage } from '../../components/PageMessage';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';

const m = messages.market;
const LINE_TEXT = ['未发货', '已发货', '已收货'] as const;

interface ShipValues {
  id: number;
  express_company: string;
  express: string;
  goods_ids: number[];
}

/**
 * 平台订单发货 (`/order/sendMarket?id&type`): the receiver with 复制, the goods with a selection
 * (every line not yet shipped at first; fewer is a partial shipment), courier and tracking number
 * (请输入快递公司 / 请输入快递单号), then 确认发货; 发货成功 goes back one step.
 */
export default function MarketShipPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useCall(marketRoutes.detail, { id }, { enabled: valid });
  const order = detail.data?.order;
  const open = useMemo(() => order?.goods.filter((g) => g.state === MARKET_LINE.none) ?? [], [order]);
  const form = useSchemaForm<typeof marketShipPageForm, ShipValues>(marketShipPageForm, {
    id,
    express_company: '',
    express: '',
    goods_ids: [],
  });
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const openKey = open.map((g) => g.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `openKey` is the stable form of `open`
  useEffect(() => {
    setPicked(new Set(open.map((g) => g.id)));
    setFields(form, { goods_ids: open.map((g) => g.id) });
  }, [openKey]);
  const toggle = (line: MarketGoodsLine, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(line.id);
    else next.delete(line.id);
    setPicked(next);
    setFields(form, { goods_ids: open.filter((g) => next.has(g.id)).map((g) => g.id) });
  };
  const ship = useAction(marketRoutes.ship, {
    success: m.shipped,
    invalidates: [marketRoutes.list, marketRoutes.detail],
  });

  const goBack = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate('/order/sendListMarket');
  };
  const send = async (data: z.output<typeof marketShipPageForm>) => {
    const all = (data.goods_ids ?? []).length === open.length;
    await ship.run({
      id: data.id,
      express_company: data.express_company,
      express: data.express,
      ...(all ? {} : { goods_ids: data.goods_ids }),
    });
    goBack();
  };

  if (!valid || !order)
    return (
      <PageMessage
        title="平台订单发货"
        message={!valid ? messages.common.notFound : detail.error ? detail.error.message : '加载中…'}
        back={{ to: '/order/sendListMarket', label: '返回平台订单列表' }}
      />
    );

  const address = [order.province, order.city, order.area, order.address].filter(Boolean).join(' ');
  const receiver = `${order.username} ${order.phone} ${address}`;
  const copy = async () => {
    if (await copyText(receiver)) notify.success(messages.success.copied);
    else notify.error(messages.success.copyFailed);
  };
  const shippable = marketShippable(order.delivery_status);

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="market-ship-form">
      {({ submitting }) => (
        <Stack gap="4" data-testid="market-ship-page">
          <Heading as="h1" size="lg">
            平台订单发货
          </Heading>
          <FormSection
            title="收货信息"
            hint={`${order.platform_text} 订单 ${order.order_sn}`}
            actions={<Badge colorPalette="orange">{marketDeliveryText(order.delivery_status)}</Badge>}
          >
            <Flex gap="4" align="center" wrap="wrap">
              <Text data-testid="market-receiver">{receiver}</Text>
              <Button size="xs" variant="outline" onClick={() => void copy()} data-testid="market-copy">
                <Copy size={14} />
                复制
              </Button>
            </Flex>
          </FormSection>
          <FormSection title="商品" hint="勾选本次发货的商品；不全选即为部分发货">
            <LinesTable
              headerBg="gray.50"
              columns={[
                {
                  w: '44px',
                  cell: (g) => (
                    <PickBox
                      checked={picked.has(g.id)}
                      disabled={g.state !== MARKET_LINE.none || !shippable}
                      onChange={(on) => toggle(g, on)}
                      colorPalette="brand"
                      testId="market-ship-pick"
                    />
                  ),
                },
                {
                  header: '图片',
                  w: '72px',
                  cell: (g) => <Thumbnail src={g.goods_pic} alt={g.goods_title} size={48} />,
                },
                {
                  header: '商品',
                  cell: (g) => (
                    <>
                      <Text fontSize="xs" color="fg.muted">
                        {g.template_title}
                      </Text>
                      <Text>{g.goods_title}</Text>
                    </>
                  ),
                },
                lineCount(true),
                {
                  header: '状态',
                  cell: (g) => (
                    <Text fontSize="sm" color={g.state === MARKET_LINE.none ? 'orange.600' : 'fg.muted'}>
                      {LINE_TEXT[g.state] ?? '-'}
                    </Text>
                  ),
                },
              ]}
              lines={order.goods}
              lineTestId="market-ship-line"
            />
            {detail.data!.shipments.length > 0 && (
              <Box mt="3" fontSize="sm" color="fg.muted">
                {detail.data!.shipments.map((s) => (
                  <Text key={s.id}>
                    已发货：{s.express_company} {s.express}（{s.created_at}）
                  </Text>
                ))}
              </Box>
            )}
          </FormSection>
          <FormSection title="物流信息">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="720px">
              <TextField
                name="express_company"
                label="快递公司"
                required
                maxLength={50}
                placeholder="请输入快递公司"
                disabled={!shippable}
                testId="market-page-company"
              />
              <TextField
                name="express"
                label="快递单号"
                required
                maxLength={50}
                placeholder="请输入快递单号"
                disabled={!shippable}
                testId="market-page-express"
              />
            </SimpleGrid>
          </FormSection>
          <SubmitFooter
            cancel="返回"
            onCancel={goBack}
            submitting={submitting}
            disabled={!shippable}
            testId="market-page-submit"
          >
            <Truck size={16} />
            确认发货
          </SubmitFooter>
        </Stack>
      )}
    </SchemaFormPage>
  );
}
