import { Chart, useChart } from '@chakra-ui/charts';
import { ColorSwatch, HStack, Span, Stack, Text } from '@chakra-ui/react';
import type { CouponDashboard, MerchantDashboard } from '@toy/shared';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { yuan } from '../../components/columns';
import { formatCount } from './format';

/**
 * The dashboard's charts (Chakra UI charts over Recharts). This module is loaded only by the
 * dashboard, after its figures, so Recharts stays out of every other page. Animations are off:
 * a refresh every 30 s redraws the bars in place instead of growing them again.
 */

const TYPE_COLORS = [
  'pink.solid',
  'blue.solid',
  'teal.solid',
  'orange.solid',
  'purple.solid',
  'cyan.solid',
  'gray.solid',
];

type SalesRow = Record<string, string | number>;

interface TooltipItem {
  name?: string | number;
  value?: unknown;
  color?: string;
  dataKey?: unknown;
}

/**
 * The tooltip of a day: each series with its value formatted, zero included (Chakra's own tooltip
 * prints a bare 0 for a zero value instead of formatting it), and the day's total when `total`.
 */
function DayTooltip({
  active,
  payload,
  label,
  format,
  labels,
  total,
}: {
  active?: boolean;
  payload?: TooltipItem[];
  label?: string | number;
  format: (n: number) => string;
  labels: Record<string, string>;
  total?: boolean;
}) {
  if (!active || !payload?.length) return null;
  const sum = payload.reduce((acc, item) => acc + (Number(item.value) || 0), 0);
  return (
    <Stack gap="1" minW="8rem" rounded="l2" bg="bg.panel" px="2.5" py="1.5" textStyle="xs" shadow="md">
      <Text fontWeight="medium">{label}</Text>
      {payload.map((item) => (
        <HStack key={String(item.dataKey ?? item.name)} gap="1.5" justify="space-between">
          <HStack gap="1.5">
            {item.color && <ColorSwatch value={item.color} boxSize="2" rounded="full" />}
            <Span color="fg.muted">{labels[String(item.dataKey ?? item.name)] ?? item.name}</Span>
          </HStack>
          <Text fontFamily="mono" fontWeight="medium" data-testid="dash-tooltip-value">
            {format(Number(item.value) || 0)}
          </Text>
        </HStack>
      ))}
      {total && payload.length > 1 && (
        <HStack justify="space-between" borderTopWidth="1px" pt="1">
          <Span color="fg.muted">合计</Span>
          <Text fontFamily="mono" fontWeight="medium">
            {format(sum)}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}

/** 30 days of paid sales, one stacked bar a day, one colour an activity type. */
export function SalesTrendChart({ trend }: { trend: MerchantDashboard['trend'] }) {
  const keys = trend.types.map((t) => `t${t.type}`);
  const chart = useChart<SalesRow>({
    data: trend.days.map((day) => {
      const row: SalesRow = { date: day.date };
      trend.types.forEach((_, i) => {
        row[keys[i]!] = day.by_type[i] ?? 0;
      });
      return row;
    }),
    series: trend.types.map((t, i) => ({
      name: keys[i]!,
      label: t.type_text,
      color: TYPE_COLORS[i % TYPE_COLORS.length],
      stackId: 'sales',
    })),
  });
  return (
    <Chart.Root h="xs" aspectRatio="auto" chart={chart} data-testid="dash-sales-chart">
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('date')} tickLine={false} axisLine={false} minTickGap={24} fontSize={12} />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={72}
          fontSize={12}
          tickFormatter={(v: number) => yuan(v).replace(/\.00$/, '')}
        />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          content={
            <DayTooltip
              format={yuan}
              labels={Object.fromEntries(trend.types.map((t, i) => [keys[i]!, t.type_text]))}
              total
            />
          }
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((s) => (
          <Bar
            key={String(s.name)}
            isAnimationActive={false}
            dataKey={chart.key(s.name)}
            fill={chart.color(s.color)}
            stackId={s.stackId}
            maxBarSize={28}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

type CouponRow = CouponDashboard['trend'][number];

/** 30 days of coupons claimed and used. */
export function CouponTrendChart({ trend }: { trend: CouponDashboard['trend'] }) {
  const chart = useChart<CouponRow>({
    data: trend,
    series: [
      { name: 'claimed', label: '领取', color: 'blue.solid' },
      { name: 'used', label: '使用', color: 'pink.solid' },
    ],
  });
  return (
    <Chart.Root h="xs" aspectRatio="auto" chart={chart} data-testid="dash-coupon-chart">
      <LineChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('date')} tickLine={false} axisLine={false} minTickGap={24} fontSize={12} />
        <YAxis tickLine={false} axisLine={false} width={48} fontSize={12} allowDecimals={false} />
        <Tooltip
          animationDuration={100}
          content={<DayTooltip format={formatCount} labels={{ claimed: '领取', used: '使用' }} />}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((s) => (
          <Line
            key={String(s.name)}
            type="monotone"
            isAnimationActive={false}
            dataKey={chart.key(s.name)}
            stroke={chart.color(s.color)}
            strokeWidth={2}
            dot={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}
