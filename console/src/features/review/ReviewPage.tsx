import { Box, Flex, SegmentGroup, Stack, Tabs, Text } from '@chakra-ui/react';
import { type BlindBoxRecord, messages, REVIEW_STATES } from '@toy/shared';
import { blindBoxRecordRoutes, reviewRoutes } from '@toy/shared/features/blind-box-record';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadingLines } from '../../components/DataTable';
import { countLine } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { TabList } from '../../components/TabList';
import { useListParams } from '../../components/useListParams';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { RecordReviewCard } from './RecordReviewCard';

// The other tabs are mounted when chosen (lazyMount) and loaded then; 驳回's dialog once the page is up.
/** A tab's skeleton while its code loads. */
const TabLoading = () => (
  <Box bg="white" p="6" rounded="lg">
    <LoadingLines lines={6} />
  </Box>
);
const KujiReviewTab = lazyPart(() => import('./KujiReviewTab').then((m) => m.KujiReviewTab), <TabLoading />);
const ToyReviewTab = lazyPart(() => import('./ToyReviewTab').then((m) => m.ToyReviewTab), <TabLoading />);
const SkinReviewTab = lazyPart(() => import('./SkinReviewTab').then((m) => m.SkinReviewTab), <TabLoading />);
const RejectDialog = lazyPart(() => import('./RejectDialog').then((m) => m.RejectDialog));

/** The review page's tabs; `?tab=` opens one (the dashboard's queue links), records when absent. */
const REVIEW_TABS = [
  { value: 'records', label: '盲盒备案' },
  { value: 'kuji', label: '一番赏' },
  { value: 'toy', label: '心愿星球' },
  { value: 'skin', label: '装扮' },
] as const;

/** 盲盒备案审核 (platform reviewer): pending records with every image and style; approve or reject. */
export default function ReviewPage() {
  const { params, setFilters, setPage } = useListParams(reviewRoutes.list);
  const [search, setSearch] = useSearchParams();
  const tab = REVIEW_TABS.find((t) => t.value === search.get('tab'))?.value ?? 'records';
  const setTab = (value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('kind');
        next.delete('page');
        if (value === 'records') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const { data, error, isLoading } = useCall(reviewRoutes.list, params);
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState<BlindBoxRecord | null>(null);
  const decide = useAction(reviewRoutes.decide, {
    success: (_, d) => (d.status === 1 ? messages.success.approved : messages.success.rejected),
    invalidates: [reviewRoutes.list, blindBoxRecordRoutes.list],
  });

  const approve = async (r: BlindBoxRecord) => {
    if (await confirm({ message: messages.review.approveConfirm, confirmText: '通过' }))
      await decide.trigger({ id: r.id, status: 1, reason: '' });
    else notify.info(messages.cancelled.operation);
  };

  return (
    <Stack gap="4" data-testid="review-page">
      <PageTitle
        title="盲盒备案审核"
        description="审核商家提交的盲盒备案：通过后生成可发布的盲盒模板，驳回需填写原因"
        bold
      />
      <Flex
        bg="white"
        rounded="lg"
        shadow="xs"
        px="5"
        py="4"
        align="center"
        justify="space-between"
        gap="3"
        wrap="wrap"
      >
        <SegmentGroup.Root
          size="sm"
          value={String(params.status)}
          onValueChange={(e) => setFilters({ status: Number(e.value) })}
          data-testid="review-filter-status"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              ...REVIEW_STATES.map((s) => ({ value: String(s.value), label: s.label })),
              { value: '-1', label: '全部' },
            ]}
          />
        </SegmentGroup.Root>
        <Text fontSize="sm" color="fg.muted">
          {countLine(data?.pagination.total_rows, '条')}
        </Text>
      </Flex>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value)}
        variant="enclosed"
        lazyMount
        data-testid="review-tabs"
      >
        <TabList prefix="review" tabs={REVIEW_TABS} />
        <Tabs.Content value="records">
          <Stack gap="4">
            {isLoading && !data ? (
              <TabLoading />
            ) : error ? (
              <Text color="red.600">{error.message}</Text>
            ) : data?.list.length === 0 ? (
              <Box bg="white" p="10" rounded="lg" textAlign="center" color="fg.muted" data-testid="review-empty">
                暂无{params.status === 0 ? '待审核的' : ''}备案
              </Box>
            ) : (
              data?.list.map((r) => (
                <RecordReviewCard
                  key={r.id}
                  record={r}
                  onApprove={() => void approve(r)}
                  onReject={() => setRejecting(r)}
                />
              ))
            )}
            {(data?.pagination.total_rows ?? 0) > 10 && (
              <Box bg="white" rounded="lg" px="4" pb="3">
                <ListPagination
                  total={data?.pagination.total_rows ?? 0}
                  page={params.page}
                  pageSize={10}
                  pageSizes={[10]}
                  onPageChange={setPage}
                />
              </Box>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="kuji">
          <KujiReviewTab status={params.status} />
        </Tabs.Content>
        <Tabs.Content value="toy">
          <ToyReviewTab status={params.status} initialKind={search.get('kind') === 'moment' ? 'moment' : 'toy'} />
        </Tabs.Content>
        <Tabs.Content value="skin">
          <SkinReviewTab status={params.status} />
        </Tabs.Content>
      </Tabs.Root>
      <RejectDialog record={rejecting} onClose={() => setRejecting(null)} onSubmit={decide.run} />
      {dialog}
    </Stack>
  );
}
