import { Badge, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { canShip, depositStateText, freightText, type RetrievalInfo } from '@toy/shared';
import { retrievalRoutes } from '@toy/shared/features/pickup';
import { Truck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { LoadingLines } from '../../components/DataTable';
import { type LineColumn, LinesTable, lineCount, linePicture } from '../../components/LinesTable';
import { ToolButton } from '../../components/ToolButton';
import { useCall } from '../../lib/useCall';
import { DeliveryBadge, fullAddress, Panel, retrievalHref } from './parts';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** The goods of a retrieval order with each item's state. */
export function GoodsTable({ info }: { info: RetrievalInfo }) {
  const columns: LineColumn<RetrievalInfo['goods'][number]>[] = [
    linePicture(44),
    {
      header: '商品',
      cell: (g) => (
        <>
          <Text>{g.goods_title}</Text>
          <Text fontSize="xs" color="fg.muted">
            {g.template_title}
          </Text>
        </>
      ),
    },
    lineCount(),
    {
      header: '状态',
      cell: (g) => (
        <Badge variant="outline" data-testid="retrieval-goods-state">
          {depositStateText(g.state)}
        </Badge>
      ),
    },
  ];
  return <LinesTable columns={columns} lines={info.goods} lineTestId="retrieval-goods" />;
}

/**
 * The detail of a retrieval order (order detail, type 1): its delivery status, receiver, goods and
 * shipments (each with its courier, number and goods). Ship is offered while 0 or 4.
 */
export default function RetrievalDetailPage({ id }: { id: string }) {
  const read = useCall(retrievalRoutes.backInfo, { id });
  const navigate = useNavigate();
  const info = read.data?.info;
  if (!info) return <LoadingLines lines={6} />;
  const titles = new Map(info.goods.map((g) => [g.id, g.goods_title]));
  return (
    <Stack gap="4" data-testid="retrieval-detail">
      <HStack justify="space-between">
        <HStack gap="3">
          <Heading as="h1" size="lg">
            取回订单详情
          </Heading>
          <DeliveryBadge status={info.delivery_status} />
        </HStack>
        {canShip(info.delivery_status) && (
          <ToolButton
            icon={Truck}
            colorPalette="brand"
            variant="solid"
            onClick={() => navigate(retrievalHref('send', info))}
            testId="retrieval-go-ship"
          >
            去发货
          </ToolButton>
        )}
      </HStack>
      <Panel title="订单信息">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Fact label="订单号" testId="retrieval-sn">
            {info.order_sn}
          </Fact>
          <Fact label="用户">{info.nickname}</Fact>
          <Fact label="商品数量">{info.goods_nums}</Fact>
          <Fact label="运费" testId="retrieval-freight">
            {freightText(info.deposit, info.currency)}
          </Fact>
          <Fact label="下单时间">{info.created_at}</Fact>
          <Fact label="发货状态" testId="retrieval-status">
            {info.delivery_status_text}
          </Fact>
        </SimpleGrid>
      </Panel>
      <Panel title="收货信息">
        <HStack gap="2" wrap="wrap">
          {info.country && (
            <Badge colorPalette="blue" data-testid="retrieval-country">
              海外 · {info.country_text}
            </Badge>
          )}
          <Text data-testid="retrieval-receiver">{fullAddress(info)}</Text>
        </HStack>
      </Panel>
      <Panel title="商品">
        <GoodsTable info={info} />
      </Panel>
      <Panel title="物流">
        {info.shipments.length === 0 ? (
          <Text color="fg.subtle">暂无物流信息</Text>
        ) : (
          <Stack gap="2">
            {info.shipments.map((s) => (
              <HStack key={s.id} gap="4" fontSize="sm" data-testid="retrieval-shipment">
                <Text fontWeight="500">{s.express_company}</Text>
                <Text fontFamily="mono">{s.express}</Text>
                <Text color="fg.muted">{s.created_at}</Text>
                <Text color="fg.muted">{s.goods_ids.map((g) => titles.get(g)).join('、')}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Panel>
    </Stack>
  );
}
