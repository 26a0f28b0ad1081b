import { Badge, Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { KUJI_TYPE_TEXT, levelLabel, messages } from '@toy/shared';
import { kujiReviewRoutes, kujiRoutes } from '@toy/shared/features/kuji-routes';
import { useState } from 'react';
import type { z } from 'zod';
import { Thumbnail, yuan } from '../../components/columns';
import { useCall } from '../../lib/useCall';
import { ReviewQueue, useReviewDecision } from './ReviewQueue';

type KujiForReview = z.output<typeof kujiReviewRoutes.kujiList.response>['list'][number];

/** One kuji waiting for the reviewer: its prizes by level, approve or reject. */
function KujiReviewCard({
  kuji,
  onApprove,
  onReject,
}: {
  kuji: KujiForReview;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="5" data-testid="kuji-review-card">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <HStack gap="3" align="start">
          <Thumbnail src={kuji.pic} alt={kuji.title} size={72} />
          <Stack gap="1">
            <Text fontWeight="700" data-testid="kuji-review-title">
              {kuji.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {kuji.ip_title} · {KUJI_TYPE_TEXT[kuji.is_official]} · 单抽 {yuan(kuji.price)} · {kuji.stock} 箱 · 提交人{' '}
              {kuji.submitter}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              发售时间 {kuji.shelves_time}
            </Text>
          </Stack>
        </HStack>
        {kuji.audit_status === 0 && (
          <HStack>
            <Button size="sm" colorPalette="green" onClick={onApprove} data-testid="kuji-review-approve">
              通过
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} data-testid="kuji-review-reject">
              驳回
            </Button>
          </HStack>
        )}
      </HStack>
      <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="2" mt="4">
        {kuji.goods.map((g) => (
          <HStack key={`${g.level}-${g.goods_title}`} bg="bg.subtle" rounded="md" p="2" gap="2">
            <Badge colorPalette="brand">{levelLabel(g.level)}</Badge>
            <Text fontSize="sm" lineClamp={1} flex="1">
              {g.goods_title}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              ×{g.stock}
            </Text>
          </HStack>
        ))}
      </Grid>
      {kuji.reason && (
        <Text mt="3" fontSize="sm" color="red.600">
          驳回原因：{kuji.reason}
        </Text>
      )}
    </Box>
  );
}

/** 一番赏 tab of the review page: pending kuji; approving generates every box's tickets. */
export function KujiReviewTab({ status }: { status: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCall(kujiReviewRoutes.kujiList, { status, title: '', page, limit: 10 });
  const { approve, rejecting, setRejecting, form, reject, dialog } = useReviewDecision<
    KujiForReview,
    typeof kujiReviewRoutes.kujiDecide
  >(kujiReviewRoutes.kujiDecide, {
    invalidates: [kujiReviewRoutes.kujiList, kujiRoutes.list],
    confirmMessage: () => messages.kuji.approveConfirm,
  });

  return (
    <ReviewQueue
      testId="kuji"
      noun="一番赏"
      status={status}
      items={data?.list}
      loading={isLoading}
      total={data?.pagination.total_rows ?? 0}
      page={page}
      onPageChange={setPage}
      card={(k) => (
        <KujiReviewCard key={k.id} kuji={k} onApprove={() => void approve(k)} onReject={() => setRejecting(k)} />
      )}
      rejecting={rejecting}
      rejectTitle={rejecting?.title ?? ''}
      onRejectClose={() => setRejecting(null)}
      form={form}
      onReject={reject}
      reasonField="reason"
    >
      {dialog}
    </ReviewQueue>
  );
}
