import { Badge, Box, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { CountFigure, DayComparison } from '@toy/shared';
import { ArrowDownRight, ArrowUpRight, Inbox, type LucideIcon, Minus } from 'lucide-react';
import { type ComponentProps, type ReactNode, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { dayChange, formatCount } from './format';
import { hrefOf } from './links';

/**
 * A dashboard card: its title, a skeleton while the first answer is on its way (never on a
 * refresh: the figures stay while the page asks again), the empty state when nothing is there.
 */
export function DashCard({
  title,
  extra,
  loading,
  empty,
  emptyText = '暂无数据',
  skeleton = 3,
  testId,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  loading: boolean;
  empty?: boolean;
  emptyText?: string;
  skeleton?: number;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack bg="white" rounded="lg" shadow="xs" p="5" gap="4" data-testid={testId} aria-busy={loading} minW="0">
      <Flex align="center" justify="space-between" gap="3">
        <Heading size="sm" fontWeight="600">
          {title}
        </Heading>
        {extra}
      </Flex>
      {loading ? (
        <Stack gap="3" data-testid={`${testId}-skeleton`}>
          {Array.from({ length: skeleton }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines
            <Skeleton key={i} h="5" />
          ))}
        </Stack>
      ) : empty ? (
        <Stack align="center" justify="center" py="6" gap="2" color="fg.subtle" data-testid={`${testId}-empty`}>
          <Inbox size={28} />
          <Text fontSize="sm">{emptyText}</Text>
        </Stack>
      ) : (
        children
      )}
    </Stack>
  );
}

/** The trend card, two columns of three wide on a large screen: its chart (loaded lazily) once the figures are in. */
export function TrendCard({
  fallback,
  children,
  ...card
}: Omit<ComponentProps<typeof DashCard>, 'skeleton'> & { fallback: ReactNode }) {
  return (
    <Box gridColumn={{ lg: 'span 2' }} minW="0">
      <DashCard {...card} skeleton={6}>
        {children && <Suspense fallback={fallback}>{children}</Suspense>}
      </DashCard>
    </Box>
  );
}

/** A card of FigureRows, one under the other. */
export function FigureCard({ children, ...card }: ComponentProps<typeof DashCard>) {
  return (
    <DashCard {...card}>
      <Stack gap="0">{children}</Stack>
    </DashCard>
  );
}

/** A figure that opens the list of its rows: a tap target of at least 44 px. */
export function FigureLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <Box
      asChild
      display="inline-flex"
      alignItems="center"
      minH="11"
      rounded="sm"
      transition="color 0.15s"
      _hover={{ color: 'brand.600', textDecoration: 'underline' }}
    >
      <RouterLink to={href} data-testid={testId} data-figure="">
        {children}
      </RouterLink>
    </Box>
  );
}

/** 较昨日 with an arrow: red up, green down, as zh-CN readers expect of sales. */
export function ChangeBadge({ today, yesterday, testId }: { today: number; yesterday: number; testId?: string }) {
  const change = dayChange(today, yesterday);
  const Icon = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : Minus;
  const palette = change.direction === 'up' ? 'red' : change.direction === 'down' ? 'green' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle" gap="1" alignSelf="flex-start" data-testid={testId}>
      <Icon size={12} />
      {change.text}
    </Badge>
  );
}

/** A headline figure: label, the linked value, and what it compares with. */
export function StatCard({
  label,
  value,
  href,
  testId,
  loading,
  footer,
  icon,
}: {
  label: string;
  value: string;
  href: string | undefined;
  testId: string;
  loading: boolean;
  footer?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Stack bg="white" rounded="lg" shadow="xs" p="5" gap="2" data-testid={`${testId}-card`} aria-busy={loading}>
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {icon && (
          <Flex w="8" h="8" rounded="md" bg="brand.50" color="brand.600" align="center" justify="center">
            {icon}
          </Flex>
        )}
      </HStack>
      {loading || !href ? (
        <Stack gap="2" data-testid={`${testId}-skeleton`}>
          <Skeleton h="8" w="60%" />
          <Skeleton h="4" w="40%" />
        </Stack>
      ) : (
        <>
          <Text fontSize="2xl" fontWeight="700" lineHeight="1.2" truncate>
            <FigureLink href={href} testId={testId}>
              {value}
            </FigureLink>
          </Text>
          {footer}
        </>
      )}
    </Stack>
  );
}

/** One line of a to-do or alert list: a label and the linked count. */
export function FigureRow({
  label,
  hint,
  value,
  href,
  testId,
  tone = 'default',
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  href: string;
  testId: string;
  tone?: 'default' | 'warn';
}) {
  return (
    <Flex
      asChild
      align="center"
      justify="space-between"
      gap="3"
      py="2"
      minH="11"
      borderBottomWidth="1px"
      borderColor="gray.100"
      rounded="sm"
      _hover={{ bg: 'gray.50', '& [data-value]': { color: 'brand.600', textDecoration: 'underline' } }}
    >
      <RouterLink to={href} data-figure="row" data-testid={`${testId}-row`}>
        <Box minW="0">
          <Text fontSize="sm" truncate>
            {label}
          </Text>
          {hint && (
            <Text fontSize="xs" color="fg.subtle" truncate>
              {hint}
            </Text>
          )}
        </Box>
        <Text
          fontWeight="700"
          fontSize="lg"
          color={tone === 'warn' && value !== '0' ? 'orange.700' : undefined}
          data-value=""
          data-testid={testId}
        >
          {value}
        </Text>
      </RouterLink>
    </Flex>
  );
}

/** A figure of today, linked to its rows, with its change against yesterday and yesterday's own figure. */
export function DayStatCard({
  figure,
  format,
  ...card
}: {
  label: string;
  icon: ReactNode;
  figure: DayComparison | undefined;
  format: (n: number) => string;
  testId: string;
  loading: boolean;
}) {
  return (
    <StatCard
      {...card}
      value={format(figure?.today ?? 0)}
      href={figure && hrefOf(figure.link)}
      footer={
        figure && (
          <Flex gap="2" align="center" wrap="wrap">
            <ChangeBadge today={figure.today} yesterday={figure.yesterday} />
            <Text fontSize="xs" color="fg.muted" data-testid={`${card.testId}-yesterday`}>
              昨日 {format(figure.yesterday)}
            </Text>
          </Flex>
        )
      }
    />
  );
}

/** A figure of today as DayStats lists it; `format` defaults to a count. */
export interface DayStat {
  label: string;
  icon: LucideIcon;
  figure: DayComparison | undefined;
  format?: (n: number) => string;
  testId: string;
}

/** Today's figures of a view, a DayStatCard each, in the order given. */
export function DayStats({ stats, loading }: { stats: DayStat[]; loading: boolean }) {
  return stats.map(({ icon: Icon, format = formatCount, ...stat }) => (
    <DayStatCard key={stat.testId} {...stat} icon={<Icon size={18} />} format={format} loading={loading} />
  ));
}

/** A FigureRow of a count: the count, linked to its rows. */
export function CountRow({
  figure,
  ...row
}: {
  label: ReactNode;
  hint?: ReactNode;
  figure: CountFigure;
  testId: string;
  tone?: 'default' | 'warn';
}) {
  return <FigureRow {...row} value={formatCount(figure.count)} href={hrefOf(figure.link)} />;
}

/** A row's label led by what kind of thing it is (一番赏, 商品, 盲盒备案…). */
export function KindLabel({ kind, children }: { kind: ReactNode; children: ReactNode }) {
  return (
    <>
      <Badge size="xs" variant="outline" mr="1">
        {kind}
      </Badge>
      {children}
    </>
  );
}
