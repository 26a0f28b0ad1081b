import { Badge, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { CouponDashboard } from '@toy/shared';
import { Ticket, TicketCheck, TicketPlus } from 'lucide-react';
import { lazy } from 'react';
import { dateOf, formatCount } from './format';
import { hrefOf } from './links';
import { DayStats, FigureCard, FigureRow, StatCard, TrendCard } from './parts';

const CouponTrendChart = lazy(() => import('./TrendCharts').then((m) => ({ default: m.CouponTrendChart })));

/** The coupon manager's home: coupons in progress, claimed and used today, those nearing their end, the trend. */
export function CouponView({ data }: { data: CouponDashboard | undefined }) {
  const loading = !data;
  return (
    <Stack gap="4" data-testid="dash-coupon">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard
          label="进行中的优惠券"
          icon={<Ticket size={18} />}
          value={formatCount(data?.in_progress.count ?? 0)}
          href={data && hrefOf(data.in_progress.link)}
          testId="dash-coupons-live"
          loading={loading}
        />
        <DayStats
          loading={loading}
          stats={[
            { label: '今日领取', icon: TicketPlus, figure: data?.claimed_today, testId: 'dash-claimed' },
            { label: '今日使用', icon: TicketCheck, figure: data?.used_today, testId: 'dash-used' },
          ]}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <TrendCard
          title="近30日领取与使用"
          loading={loading}
          empty={!data?.trend.some((d) => d.claimed > 0 || d.used > 0)}
          emptyText="近30日暂无领取"
          testId="dash-coupon-trend"
          fallback={<Skeleton h="xs" />}
        >
          {data && <CouponTrendChart trend={data.trend} />}
        </TrendCard>
        <FigureCard
          title="即将结束"
          extra={data && <Badge variant="subtle">{data.nearing.count} 张</Badge>}
          loading={loading}
          empty={data?.nearing.count === 0}
          emptyText="暂无即将结束或即将领完的优惠券"
          skeleton={4}
          testId="dash-nearing"
        >
          {data?.nearing.list.map((c) => (
            <FigureRow
              key={c.id}
              label={c.title}
              hint={
                c.reason === 'ending'
                  ? `${dateOf(c.end_time)} 结束`
                  : `已领 ${formatCount(c.claimed)} / ${formatCount(c.total)}`
              }
              value={c.reason === 'ending' ? '即将结束' : `${Math.floor((c.claimed / Math.max(1, c.total)) * 100)}%`}
              href={hrefOf(c.link)}
              testId="dash-nearing-coupon"
              tone="warn"
            />
          ))}
          {data && data.nearing.count > data.nearing.list.length && (
            <Text fontSize="xs" color="fg.subtle" pt="2">
              另有 {data.nearing.count - data.nearing.list.length} 张未列出
            </Text>
          )}
        </FigureCard>
      </SimpleGrid>
    </Stack>
  );
}
