import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { SKIN_IMAGES, skinProcessText } from '@toy/shared';
import { skinReviewRoutes, skinRoutes } from '@toy/shared/features/skin-routes';
import type { z } from 'zod';
import { type DecisionActions, ReviewCard } from './ReviewCard';
import { ReviewQueue, useReviewDecision, useReviewList } from './ReviewQueue';

type SkinForReview = z.output<typeof skinReviewRoutes.skinList.response>['list'][number];

/** One skin waiting for the reviewer: every image of it, approve or reject. */
function SkinReviewCard({ skin, actions }: { skin: SkinForReview; actions: DecisionActions }) {
  return (
    <ReviewCard
      testId="skin"
      info={
        <>
          <Text fontWeight="700" data-testid="skin-review-title">
            {skin.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {skin.ip_title} · 字体色值 <span style={{ color: skin.font_tone }}>{skin.font_tone}</span> · 提交人{' '}
            {skin.submitter} · {skinProcessText(skin.process_status)}
          </Text>
          {skin.content && (
            <Text fontSize="sm" color="fg.muted">
              {skin.content}
            </Text>
          )}
        </>
      }
      pending={skin.process_status === 0}
      actions={actions}
      reason={skin.remark}
      tileWidth="96px"
    >
      {SKIN_IMAGES.map((slot) => (
        <Stack key={slot.key} gap="1" align="center">
          <Box bg="bg.subtle" rounded="md" w="96px" h="64px" display="flex" alignItems="center" justifyContent="center">
            {skin[slot.key] && (
              <Image src={`${skin[slot.key]}?w=200`} alt={slot.name} maxW="92px" maxH="60px" objectFit="contain" />
            )}
          </Box>
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            {slot.name}
          </Text>
        </Stack>
      ))}
    </ReviewCard>
  );
}

/** 装扮 tab of the review page: submitted skins; the approved ones may be listed by their merchant. */
export function SkinReviewTab({ status }: { status: number }) {
  const list = useReviewList(skinReviewRoutes.skinList, { status });
  const decision = useReviewDecision<SkinForReview, typeof skinReviewRoutes.skinDecide>(skinReviewRoutes.skinDecide, {
    invalidates: [skinReviewRoutes.skinList, skinRoutes.list],
    confirmMessage: (s) => `确定通过装扮「${s.title}」吗？`,
  });
  return (
    <ReviewQueue
      testId="skin"
      noun="装扮"
      status={status}
      list={list}
      decision={decision}
      titleOf={(s) => s.title}
      card={(s, actions) => <SkinReviewCard key={s.id} skin={s} actions={actions} />}
    />
  );
}
