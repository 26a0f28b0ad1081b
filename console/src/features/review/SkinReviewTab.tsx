import { Box, Button, Grid, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { SKIN_IMAGES, skinProcessText } from '@toy/shared';
import { skinReviewRoutes, skinRoutes } from '@toy/shared/features/skin-routes';
import { useState } from 'react';
import type { z } from 'zod';
import { useCall } from '../../lib/useCall';
import { ReviewQueue, useReviewDecision } from './ReviewQueue';

type SkinForReview = z.output<typeof skinReviewRoutes.skinList.response>['list'][number];

/** One skin waiting for the reviewer: every image of it, approve or reject. */
function SkinReviewCard({
  skin,
  onApprove,
  onReject,
}: {
  skin: SkinForReview;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="5" data-testid="skin-review-card">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1">
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
        </Stack>
        {skin.process_status === 0 && (
          <HStack>
            <Button size="sm" colorPalette="green" onClick={onApprove} data-testid="skin-review-approve">
              通过
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} data-testid="skin-review-reject">
              驳回
            </Button>
          </HStack>
        )}
      </HStack>
      <Grid templateColumns="repeat(auto-fill, minmax(96px, 1fr))" gap="2" mt="4">
        {SKIN_IMAGES.map((slot) => (
          <Stack key={slot.key} gap="1" align="center">
            <Box
              bg="bg.subtle"
              rounded="md"
              w="96px"
              h="64px"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              {skin[slot.key] && (
                <Image src={`${skin[slot.key]}?w=200`} alt={slot.name} maxW="92px" maxH="60px" objectFit="contain" />
              )}
            </Box>
            <Text fontSize="xs" color="fg.muted" textAlign="center">
              {slot.name}
            </Text>
          </Stack>
        ))}
      </Grid>
      {skin.remark && (
        <Text mt="3" fontSize="sm" color="red.600">
          驳回原因：{skin.remark}
        </Text>
      )}
    </Box>
  );
}

/** 装扮 tab of the review page: submitted skins; the approved ones may be listed by their merchant. */
export function SkinReviewTab({ status }: { status: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCall(skinReviewRoutes.skinList, { status, page, limit: 10 });
  const { approve, rejecting, setRejecting, form, reject, dialog } = useReviewDecision<
    SkinForReview,
    typeof skinReviewRoutes.skinDecide
  >(skinReviewRoutes.skinDecide, {
    invalidates: [skinReviewRoutes.skinList, skinRoutes.list],
    confirmMessage: (s) => `确定通过装扮「${s.title}」吗？`,
  });

  return (
    <ReviewQueue
      testId="skin"
      noun="装扮"
      status={status}
      items={data?.list}
      loading={isLoading}
      total={data?.pagination.total_rows ?? 0}
      page={page}
      onPageChange={setPage}
      card={(s) => (
        <SkinReviewCard key={s.id} skin={s} onApprove={() => void approve(s)} onReject={() => setRejecting(s)} />
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
