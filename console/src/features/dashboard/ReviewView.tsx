import { Badge, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { REVIEW_KINDS, type ReviewDashboard } from '@toy/shared';
import { Clock } from 'lucide-react';
import { formatCount, formatWait } from './format';
import { reviewHref } from './links';
import { DashCard, FigureLink } from './parts';

/** The reviewer's home: what waits in each queue and for how long the oldest item has waited. */
export function ReviewView({ data }: { data: ReviewDashboard | undefined }) {
  const rows = new Map(data?.queue.map((row) => [row.kind, row]));
  const total = data?.queue.reduce((sum, row) => sum + row.count, 0);
  return (
    <Stack gap="4" data-testid="dash-review">
      <Text fontSize="sm" color="fg.muted">
        待审核共{' '}
        <Text as="span" fontWeight="700" color="fg" data-testid="dash-review-total">
          {total === undefined ? '…' : formatCount(total)}
        </Text>{' '}
        项
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4">
        {REVIEW_KINDS.map(({ kind, label }) => {
          const row = rows.get(kind);
          return (
            <DashCard
              key={kind}
              title={label}
              loading={!data}
              skeleton={2}
              testId={`dash-queue-${kind}`}
              extra={row && row.count > 0 && <Badge colorPalette="orange">待审核</Badge>}
            >
              <Stack gap="2">
                <Text fontSize="3xl" fontWeight="700" lineHeight="1">
                  <FigureLink href={reviewHref(kind)} testId={`dash-queue-${kind}-count`}>
                    {formatCount(row?.count ?? 0)}
                  </FigureLink>
                </Text>
                {row && row.count > 0 ? (
                  <Stack gap="0" fontSize="sm" color="fg.muted">
                    <Text display="flex" alignItems="center" gap="1" data-testid={`dash-queue-${kind}-wait`}>
                      <Clock size={14} />
                      最早已等待 {formatWait(row.oldest_wait_seconds)}
                    </Text>
                    <Text fontSize="xs" color="fg.subtle">
                      提交于 {row.oldest_at}
                    </Text>
                  </Stack>
                ) : (
                  <Text fontSize="sm" color="fg.subtle" data-testid={`dash-queue-${kind}-empty`}>
                    暂无待审核
                  </Text>
                )}
              </Stack>
            </DashCard>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
