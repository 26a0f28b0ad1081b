import { Box, Stack } from '@chakra-ui/react';
import { messages, type RouteDef, type RouteInput, type RouteOutput } from '@toy/shared';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadingLines } from '../../components/DataTable';
import { FormDialog } from '../../components/form/FormDialog';
import { TextareaField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ListPagination } from '../../components/ListPagination';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import type { DecisionActions } from './ReviewCard';

const PAGE_SIZE = 10;

/**
 * One tab of the review page: a skeleton while loading, the empty state, a card per item, the pager,
 * and the reject dialog asking for the reason the merchant reads. Each tab (kuji, toys, skins)
 * supplies its list, its card and its decisions (useReviewDecision); `testId` prefixes every test id
 * (`<testId>-review`, `-review-empty`, `-reject-dialog`, `-reject-submit`, `-reject-<field>`).
 */
export function ReviewQueue<I extends { id: number }, V extends FieldValues, T>(props: {
  testId: string;
  /** What is reviewed, for the empty state: 一番赏, 装扮, 内容. */
  noun: string;
  status: number;
  list: ReviewList<I>;
  card: (item: I, actions: DecisionActions) => ReactNode;
  decision: ReviewDecision<I, V, T>;
  /** What the reject dialog's title names the item by. */
  titleOf: (item: I) => string;
  /** A line under the reason. */
  reasonHelper?: string;
  /** Above the cards (a kind switch). */
  header?: ReactNode;
}) {
  const { testId, list, decision } = props;
  const { items, total } = list;
  const { rejecting, reasonField } = decision;
  return (
    <Stack gap="4" data-testid={`${testId}-review`}>
      {props.header}
      {list.loading && !items ? (
        <Box bg="white" p="6" rounded="lg">
          <LoadingLines lines={6} />
        </Box>
      ) : items?.length === 0 ? (
        <Box bg="white" p="10" rounded="lg" textAlign="center" color="fg.muted" data-testid={`${testId}-review-empty`}>
          暂无{props.status === 0 ? '待审核的' : ''}
          {props.noun}
        </Box>
      ) : (
        items?.map((item) =>
          props.card(item, {
            onApprove: () => void decision.approve(item),
            onReject: () => decision.setRejecting(item),
          }),
        )
      )}
      {total > PAGE_SIZE && (
        <ListPagination
          total={total}
          page={list.page}
          pageSize={PAGE_SIZE}
          pageSizes={[PAGE_SIZE]}
          onPageChange={list.onPageChange}
        />
      )}
      <FormDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && decision.setRejecting(null)}
        title={`驳回：${rejecting ? props.titleOf(rejecting) : ''}`}
        form={decision.form}
        onSubmit={decision.reject}
        submitLabel="驳回"
        testId={`${testId}-reject-dialog`}
        submitTestId={`${testId}-reject-submit`}
      >
        <TextareaField
          name={reasonField}
          label="驳回原因"
          required
          helper={props.reasonHelper}
          rows={4}
          maxLength={200}
          placeholder="请输入驳回原因"
          testId={`${testId}-reject-${reasonField}`}
        />
      </FormDialog>
      {decision.dialog}
    </Stack>
  );
}

/** The page of a review list ReviewQueue shows, as useReviewList gives it. */
export interface ReviewList<I> {
  items: I[] | undefined;
  loading: boolean;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
}

/** What useReviewDecision gives ReviewQueue. */
export interface ReviewDecision<I, V extends FieldValues, T> {
  approve: (item: I) => Promise<void>;
  rejecting: I | null;
  setRejecting: (item: I | null) => void;
  form: UseFormReturn<V, unknown, T>;
  reject: (data: T) => Promise<unknown>;
  /** The form's field for the reason: `reason`, or `remark` (toys and moments). */
  reasonField: string;
  /** The approve confirmation. */
  dialog: ReactNode;
}

/**
 * The decisions of one review tab over a decide call of body { id, status, <reasonField> }: approve
 * after a confirmation (cancelling says so), or reject through ReviewQueue's dialog with the item in
 * `rejecting`. `invalidates` are the lists the decision changes.
 */
export function useReviewDecision<I extends { id: number }, D extends RouteDef & { body: z.ZodType }>(
  def: D,
  options: { invalidates: readonly RouteDef[]; confirmMessage: (item: I) => string; reasonField?: 'reason' | 'remark' },
) {
  const { reasonField = 'reason' } = options;
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState<I | null>(null);
  const decide = useAction(def, {
    success: (_, d) =>
      Number((d as { status?: unknown }).status) === 1 ? messages.success.approved : messages.success.rejected,
    invalidates: options.invalidates,
  });
  const form = useSchemaForm(
    def.body as D['body'],
    { id: rejecting?.id ?? '', status: 2, [reasonField]: '' },
    rejecting !== null,
  );
  const approve = async (item: I) => {
    if (await confirm({ message: options.confirmMessage(item), confirmText: '通过' }))
      await decide.trigger({ id: item.id, status: 1, [reasonField]: '' } as RouteInput<D>);
    else notify.info(messages.cancelled.plain);
  };
  return { approve, rejecting, setRejecting, form, reject: decide.run, reasonField, dialog };
}

/** A page of a review list call (10 a page) for `query`, and the page shown, as ReviewQueue takes them. */
export function useReviewList<L extends RouteDef & { response: z.ZodType<ReviewListPage> }>(
  def: L,
  query: Omit<RouteInput<L>, 'page' | 'limit'>,
) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCall(def, { ...query, page, limit: PAGE_SIZE } as RouteInput<L>);
  const list: ReviewList<RouteOutput<L>['list'][number]> = {
    items: data?.list,
    loading: isLoading,
    total: data?.pagination.total_rows ?? 0,
    page,
    onPageChange: setPage,
  };
  return list;
}

/** What a review list call answers. */
type ReviewListPage = { list: { id: number }[]; pagination: { total_rows: number } };
