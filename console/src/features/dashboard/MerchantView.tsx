import { Badge, Box, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  type BoxAlert,
  DASHBOARD_REVIEW_DAYS,
  type MerchantDashboard,
  type ReviewDecision,
  type StockAlert,
} from '@toy/shared';
import { Banknote, Boxes, ShoppingCart, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatCount, formatYuan } from './format';
import { hrefOf } from './links';
import { DashCard, DayStatCard, FigureLink, FigureRow, StatCard } from './parts';

const SalesTrendChart = lazy(() => import('./TrendCharts').then((m) => ({ default: m.SalesTrendChart })));

const ChartSkeleton = () => <Skeleton h="xs" data-testid="dash-chart-skeleton" />;

/** The merchant's home (brand or shop): today, settlement, the 30-day trend, work waiting, alerts, top series. */
export function MerchantView({ data }: { data: MerchantDashboard | undefined }) {
  const loading = !data;
  const today = data?.today;
  return (
    <Stack gap="4" data-testid="dash-merchant">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <DayStatCard
          label="今日销售额"
          icon={<Banknote size={18} />}
          figure={today?.sales}
          format={formatYuan}
          testId="dash-sales"
          loading={loading}
        />
        <DayStatCard
          label="今日订单"
          icon={<ShoppingCart size={18} />}
          figure={today?.orders}
          format={formatCount}
          testId="dash-orders"
          loading={loading}
        />
        <DayStatCard
          label="今日抽数"
          icon={<Boxes size={18} />}
          figure={today?.draws}
          format={formatCount}
          testId="dash-draws"
          loading={loading}
        />
        <StatCard
          label="待结算金额"
          icon={<Wallet size={18} />}
          value={formatYuan(data?.settlement.pending.amount ?? 0)}
          href={data && hrefOf(data.settlement.pending.link)}
          testId="dash-pending"
          loading={loading}
          footer={
            data && (
              <Text fontSize="sm" color="fg.muted">
                已结算{' '}
                <FigureLink href={hrefOf(data.settlement.settled.link)} testId="dash-settled">
                  {formatYuan(data.settlement.settled.amount)}
                </FigureLink>
              </Text>
            )
          }
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Box gridColumn={{ lg: 'span 2' }} minW="0">
          <DashCard
            title="近30日销售趋势"
            extra={
              <Text fontSize="xs" color="fg.subtle">
                按活动类型
              </Text>
            }
            loading={loading}
            empty={!data?.trend.days.some((d) => d.amount > 0)}
            emptyText="近30日暂无销售"
            skeleton={6}
            testId="dash-trend"
          >
            {data && (
              <Suspense fallback={<ChartSkeleton />}>
                <SalesTrendChart trend={data.trend} />
              </Suspense>
            )}
          </DashCard>
        </Box>
        <DashCard
          title="本周热销系列"
          loading={loading}
          empty={data?.top_series.length === 0}
          emptyText="本周暂无销售"
          skeleton={5}
          testId="dash-top"
        >
          <Stack gap="0">
            {data?.top_series.map((s, i) => (
              <FigureRow
                key={`${s.kind}-${s.id}`}
                label={`${i + 1}. ${s.title}`}
                hint={`${s.kind === 'kuji' ? '一番赏' : '抽盒机'} · ${formatCount(s.orders)} 单`}
                value={formatYuan(s.amount)}
                href={hrefOf(s.link)}
                testId="dash-top-series"
              />
            ))}
          </Stack>
        </DashCard>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <DashCard title="待办事项" loading={loading} skeleton={4} testId="dash-work">
          {data && (
            <Stack gap="0">
              <FigureRow
                label="待发货订单"
                value={formatCount(data.work.orders_to_ship.count)}
                href={hrefOf(data.work.orders_to_ship.link)}
                testId="dash-orders-to-ship"
                tone="warn"
              />
              <FigureRow
                label="待发货提货"
                hint="未发货与部分发货"
                value={formatCount(data.work.pickups_to_ship.count)}
                href={hrefOf(data.work.pickups_to_ship.link)}
                testId="dash-pickups-to-ship"
                tone="warn"
              />
              <FigureRow
                label="待处理退款"
                value={formatCount(data.work.refunds.count)}
                href={hrefOf(data.work.refunds.link)}
                testId="dash-refunds"
                tone="warn"
              />
              <FigureRow
                label="寄存中"
                value={formatCount(data.work.stored.count)}
                href={hrefOf(data.work.stored.link)}
                testId="dash-stored"
              />
            </Stack>
          )}
        </DashCard>
        <AlertsCard data={data} />
      </SimpleGrid>
    </Stack>
  );
}

function AlertsCard({ data }: { data: MerchantDashboard | undefined }) {
  const alerts = data?.alerts;
  return (
    <DashCard
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
        <Stack gap="0">
          <FigureRow
            label="备案被驳回"
            value={formatCount(alerts.records_rejected.count)}
            href={hrefOf(alerts.records_rejected.link)}
            testId="dash-records-rejected"
            tone="warn"
          />
          <FigureRow
            label="发布待审核"
            value={formatCount(alerts.releases_pending.count)}
            href={hrefOf(alerts.releases_pending.link)}
            testId="dash-releases-pending"
          />
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
        </Stack>
      )}
    </DashCard>
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
      label={
        <>
          <Badge size="xs" variant="outline" mr="1">
            {kind}
          </Badge>
          {alert.title}
        </>
      }
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
      label={
        <>
          <Badge size="xs" variant="outline" mr="1">
            {alert.kind === 'gacha' ? '扭蛋' : '商品'}
          </Badge>
          {alert.title}
        </>
      }
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
      label={
        <>
          <Badge size="xs" variant="outline" mr="1">
            {d.label}
          </Badge>
          {d.title}
        </>
      }
      hint={d.reason ? `驳回原因：${d.reason}` : d.decided_at}
      value={d.result_text}
      href={hrefOf(d.link)}
      testId={`dash-review-${d.result}`}
      tone={d.result === 'rejected' ? 'warn' : 'default'}
    />
  );
}
