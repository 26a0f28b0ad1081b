import { Badge, HStack, Text } from '@chakra-ui/react';
import { KUJI_TYPE_TEXT, levelLabel, messages } from '@toy/shared';
import { kujiReviewRoutes, kujiRoutes } from '@toy/shared/features/kuji-routes';
import type { z } from 'zod';
import { yuan } from '../../components/columns';
import { type DecisionActions, ReviewCard } from './ReviewCard';
import { ReviewQueue, useReviewDecision, useReviewList } from './ReviewQueue';

type KujiForReview = z.output<typeof kujiReviewRoutes.kujiList.response>['list'][number];

/** One kuji waiting for the reviewer: its prizes by level, approve or reject. */
function KujiReviewCard({ kuji, actions }: { kuji: KujiForReview; actions: DecisionActions }) {
  return (
    <ReviewCard
      testId="kuji"
      picture={{ src: kuji.pic, alt: kuji.title, size: 72 }}
      info={
        <>
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
        </>
      }
      pending={kuji.audit_status === 0}
      actions={actions}
      reason={kuji.reason}
      tileWidth="220px"
    >
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
    </ReviewCard>
  );
}

/** 一番赏 tab of the review page: pending kuji; approving generates every box's tickets. */
export function KujiReviewTab({ status }: { status: number }) {
  const list = useReviewList(kujiReviewRoutes.kujiList, { status, title: '' });
  const decision = useReviewDecision<KujiForReview, typeof kujiReviewRoutes.kujiDecide>(kujiReviewRoutes.kujiDecide, {
    invalidates: [kujiReviewRoutes.kujiList, kujiRoutes.list],
    confirmMessage: () => messages.kuji.approveConfirm,
  });
  return (
    <ReviewQueue
      testId="kuji"
      noun="一番赏"
      status={status}
      list={list}
      decision={decision}
      titleOf={(k) => k.title}
      card={(k, actions) => <KujiReviewCard key={k.id} kuji={k} actions={actions} />}
    />
  );
}
