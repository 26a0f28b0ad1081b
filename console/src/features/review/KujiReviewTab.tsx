import { Badge, Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { api, KUJI_TYPE_TEXT, type kujiReviewRoutes, levelLabel, messages } from '@toy/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { useConfirm } from '../../components/ConfirmDialog';
import { Thumbnail, yuan } from '../../components/columns';
import { LoadingLines } from '../../components/DataTable';
import { FormDialog } from '../../components/form/FormDialog';
import { TextareaField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ListPagination } from '../../components/ListPagination';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';

type KujiForReview = z.output<typeof kujiReviewRoutes.kujiList.response>['list'][number];
const decideBody = api.review.kujiDecide.body;

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
  const { data, isLoading } = useCall(api.review.kujiList, { status, title: '', page, limit: 10 });
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState<KujiForReview | null>(null);
  const decide = useAction(api.review.kujiDecide, {
    success: (_, d) => (d.status === 1 ? messages.success.approved : messages.success.rejected),
    invalidates: [api.review.kujiList, api.kuji.list],
  });
  const form = useSchemaForm(decideBody, { id: rejecting?.id ?? '', status: 2, reason: '' }, rejecting !== null);

  const approve = async (k: KujiForReview) => {
    if (await confirm({ message: messages.kuji.approveConfirm, confirmText: '通过' }))
      await decide.trigger({ id: k.id, status: 1, reason: '' });
    else notify.info(messages.cancelled.operation);
  };

  return (
    <Stack gap="4" data-testid="kuji-review">
      {isLoading && !data ? (
        <Box bg="white" p="6" rounded="lg">
          <LoadingLines lines={6} />
        </Box>
      ) : data?.list.length === 0 ? (
        <Box bg="white" p="10" rounded="lg" textAlign="center" color="fg.muted" data-testid="kuji-review-empty">
          暂无{status === 0 ? '待审核的' : ''}一番赏
        </Box>
      ) : (
        data?.list.map((k) => (
          <KujiReviewCard key={k.id} kuji={k} onApprove={() => void approve(k)} onReject={() => setRejecting(k)} />
        ))
      )}
      {(data?.pagination.total_rows ?? 0) > 10 && (
        <ListPagination
          total={data?.pagination.total_rows ?? 0}
          page={page}
          pageSize={10}
          pageSizes={[10]}
          onPageChange={setPage}
        />
      )}
      <FormDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={`驳回：${rejecting?.title ?? ''}`}
        form={form}
        onSubmit={decide.run}
        submitLabel="驳回"
        testId="kuji-reject-dialog"
        submitTestId="kuji-reject-submit"
      >
        <TextareaField
          name="reason"
          label="驳回原因"
          required
          rows={4}
          maxLength={200}
          placeholder="请输入驳回原因"
          testId="kuji-reject-reason"
        />
      </FormDialog>
      {dialog}
    </Stack>
  );
}
