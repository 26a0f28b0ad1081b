import { Badge, Box, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  type BoxAlert,
  DASHBOARD_REVIEW_DAYS,
  type MerchantDashboard,
  type ReviewDecision,
  type StockAlert,
} from '@toy/shared';
import { Banknote, Boxes, ShoppingCart, Wallet } from 'lucide-react';
import { lazy } from 'react';
import { yuan } from '../../components/columns';
import { formatCount } from './format';
import { hrefOf } from './links';
import { CountRow, DayStats, FigureCard, FigureLink, FigureRow, KindLabel, StatCard, TrendCard } from './parts';

const SalesTrendChart = lazy(() => import('./TrendCharts').then((m) => ({ default: m.SalesTrendChart })));

/** What 本周热销系列 counts, and why it is not the draw-machine list's 销售额. */
const TOP_NOTE =
  '本周一零点起已支付订单的实收金额（已扣金币抵扣与优惠券）；抽盒机列表的「销售额」为开售以来全部订单的标价合计';

const ChartSkeleton = () => <Skeleton h="xs" data-testid="dash-chart-skeleton" />;

/** The merchant's home (brand or shop): today, settlement, the 30-day trend, work waiting, alerts, top series. */
export function MerchantView({ data }: { data: MerchantDashboard | undefined }) {
  const loading = !data;
  const today = data?.today;
  return (
    <Stack gap="4" data-testid="dash-merchant">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <DayStats
          loading={loading}
          stats={[
            { label: '今日销售额', icon: Banknote, figure: today?.sales, format: yuan, testId: 'dash-sales' },
            { label: '今日订单', icon: ShoppingCart, figure: today?.orders, testId: 'dash-orders' },
            { label: '今日抽数', icon: Boxes, figure: today?.draws, testId: 'dash-draws' },
          ]}
        />
        <StatCard
          label="待结算金额"
          icon={<Wallet size={18} />}
          value={yuan(data?.settlement.pending.amount ?? 0)}
          href={data && hrefOf(data.settlement.pending.link)}
          testId="dash-pending"
          loading={loading}
          footer={
            data && (
              <Text fontSize="sm" color="fg.muted">
                已结算{' '}
                <FigureLink href={hrefOf(data.settlement.settled.link)} testId="dash-settled">
                  {yuan(data.settlement.settled.amount)}
                </FigureLink>
              </Text>
            )
          }
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <TrendCard
          title="近30日销售趋势"
          extra={
            <Text fontSize="xs" color="fg.subtle">
              按活动类型
            </Text>
          }
          loading={loading}
          empty={!data?.trend.days.some((d) => d.amount > 0)}
          emptyText="近30日暂无销售"
          testId="dash-trend"
          fallback={<ChartSkeleton />}
        >
          {data && <SalesTrendChart trend={data.trend} />}
        </TrendCard>
        <FigureCard
          title="本周热销系列"
          extra={
            <Text fontSize="xs" color="fg.subtle" title={TOP_NOTE} data-testid="dash-top-note">
              本周实收 · 已支付订单
            </Text>
          }
          loading={loading}
          empty={data?.top_series.length === 0}
          emptyText="本周暂无销售"
          skeleton={5}
          testId="dash-top"
        >
          {data?.top_series.map((s, i) => (
            <FigureRow
              key={`${s.kind}-${s.id}`}
              label={`${i + 1}. ${s.title}`}
              hint={`${s.kind === 'kuji' ? '一番赏' : '抽盒机'} · ${formatCount(s.orders)} 单`}
              value={yuan(s.amount)}
              href={hrefOf(s.link)}
              testId="dash-top-series"
            />
          ))}
        </FigureCard>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <FigureCard title="待办事项" loading={loading} skeleton={4} testId="dash-work">
          {data && (
            <>
              <CountRow label="待发货订单" figure={data.work.orders_to_ship} testId="dash-orders-to-ship" tone="warn" />
              <CountRow
                label="待发货提货"
                hint="未发货与部分发货"
                figure={data.work.pickups_to_ship}
                testId="dash-pickups-to-ship"
                tone="warn"
              />
              <CountRow label="待处理退款" figure={data.work.refunds} testId="dash-refunds" tone="warn" />
              <CountRow label="寄存中" figure={data.work.stored} testId="dash-stored" />
            </>
          )}
        </FigureCard>
        <AlertsCard data={data} />
      </SimpleGrid>
    </Stack>
  );
}

function AlertsCard({ data }: { data: MerchantDashboard | undefined }) {
  const alerts = data?.alerts;
  return (
    <FigureCard
      title="预警"
      loading={!alerts}
      skeleton={4}
      testId="dash-alerts"
      extra={
        alerts && (
          <Badge colorPalette={alerts.boxes.count + alerts.stock.count > 0 ? 'orange' : 'gray'} variant="subtle">
            {alerts.boxes.count + alerts.stock.count} 项
          </Badge>
        )
      }
    >
      {data && alerts && (
        <>
          <CountRow label="备案被驳回" figure={alerts.records_rejected} testId="dash-records-rejected" tone="warn" />
          <CountRow label="发布待审核" figure={alerts.releases_pending} testId="dash-releases-pending" />
          <AlertList
            title={`审核结果（近 ${DASHBOARD_REVIEW_DAYS} 天）`}
            count={data.reviews.length}
            empty="近期没有审核结果"
            testId="dash-reviews"
          >
            {data.reviews.map((d) => (
              <DecisionRow key={`${d.kind}-${d.decided_at}-${d.title}`} decision={d} />
            ))}
          </AlertList>
          <AlertList
            title="售罄或余量不足 10%"
            count={alerts.boxes.count}
            empty="暂无售罄或余量不足的盒机、一番赏"
            testId="dash-box-alerts"
          >
            {alerts.boxes.list.map((a) => (
              <BoxAlertRow key={`${a.kind}-${a.id}`} alert={a} />
            ))}
          </AlertList>
          <AlertList title="库存不足" count={alerts.stock.count} empty="暂无库存不足的商品" testId="dash-stock-alerts">
            {alerts.stock.list.map((a) => (
              <StockAlertRow key={`${a.kind}-${a.id}`} alert={a} />
            ))}
          </AlertList>
        </>
      )}
    </FigureCard>
  );
}

function AlertList({
  title,
  count,
  empty,
  testId,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Box pt="3" data-testid={testId}>
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" fontWeight="600">
          {title}
        </Text>
        <Text fontSize="sm" color={count > 0 ? 'orange.700' : 'fg.subtle'} data-testid={`${testId}-count`}>
          {count} 项
        </Text>
      </Flex>
      {count === 0 ? (
        <Text fontSize="xs" color="fg.subtle" py="2" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Stack gap="0">{children}</Stack>
      )}
    </Box>
  );
}

function BoxAlertRow({ alert }: { alert: BoxAlert }) {
  const kind = alert.kind === 'kuji' ? '一番赏' : '抽盒机';
  return (
    <FigureRow
      label={<KindLabel kind={kind}>{alert.title}</KindLabel>}
      hint={alert.sold_out ? '已售罄' : `剩余 ${alert.left} / ${alert.total}`}
      value={alert.sold_out ? '售罄' : `${Math.floor((alert.left / Math.max(1, alert.total)) * 100)}%`}
      href={hrefOf(alert.link)}
      testId={`dash-alert-${alert.kind}`}
      tone="warn"
    />
  );
}

function StockAlertRow({ alert }: { alert: StockAlert }) {
  return (
    <FigureRow
      label={<KindLabel kind={alert.kind === 'gacha' ? '扭蛋' : '商品'}>{alert.title}</KindLabel>}
      hint="库存"
      value={formatCount(alert.stock)}
      href={hrefOf(alert.link)}
      testId={`dash-alert-${alert.kind}`}
      tone="warn"
    />
  );
}

/** One decision of the platform review: what, which, 已通过/已驳回, and the reason or when. */
function DecisionRow({ decision: d }: { decision: ReviewDecision }) {
  return (
    <FigureRow
      label={<KindLabel kind={d.label}>{d.title}</KindLabel>}
      hint={d.reason ? `驳回原因：${d.reason}` : d.decided_at}
      value={d.result_text}
      href={hrefOf(d.link)}
      testId={`dash-review-${d.result}`}
      tone={d.result === 'rejected' ? 'warn' : 'default'}
    />
  );
}
