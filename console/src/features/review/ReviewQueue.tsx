import { Box, Stack } from '@chakra-ui/react';
import { messages, type RouteDef, type RouteInput } from '@toy/shared';
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

const PAGE_SIZE = 10;

/**
 * One tab of the review page: a skeleton while loading, the empty state, a card per item, the pager,
 * and the reject dialog asking for the reason the merchant reads. Each tab (kuji, toys, skins)
 * supplies its list, its card and its decide call; `testId` prefixes every test id
 * (`<testId>-review`, `-review-empty`, `-reject-dialog`, `-reject-submit`, `-reject-<field>`).
 */
export function ReviewQueue<I extends { id: number }, V extends FieldValues, T>(props: {
  testId: string;
  /** What is reviewed, for the empty state: 一番赏, 装扮, 内容. */
  noun: string;
  status: number;
  items: I[] | undefined;
  loading: boolean;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  card: (item: I) => ReactNode;
  /** The item being rejected (the dialog is open while it is set), and its title. */
  rejecting: I | null;
  rejectTitle: string;
  onRejectClose: () => void;
  form: UseFormReturn<V, unknown, T>;
  onReject: (data: T) => Promise<unknown>;
  /** The form's field for the reason (`reason` or `remark`), and a line under it. */
  reasonField: string;
  reasonHelper?: string;
  /** Above the cards (a kind switch). */
  header?: ReactNode;
  /** After everything (a confirm dialog). */
  children?: ReactNode;
}) {
  const { testId, items, total } = props;
  return (
    <Stack gap="4" data-testid={`${testId}-review`}>
      {props.header}
      {props.loading && !items ? (
        <Box bg="white" p="6" rounded="lg">
          <LoadingLines lines={6} />
        </Box>
      ) : items?.length === 0 ? (
        <Box bg="white" p="10" rounded="lg" textAlign="center" color="fg.muted" data-testid={`${testId}-review-empty`}>
          暂无{props.status === 0 ? '待审核的' : ''}
          {props.noun}
        </Box>
      ) : (
        items?.map((item) => props.card(item))
      )}
      {total > PAGE_SIZE && (
        <ListPagination
          total={total}
          page={props.page}
          pageSize={PAGE_SIZE}
          pageSizes={[PAGE_SIZE]}
          onPageChange={props.onPageChange}
        />
      )}
      <FormDialog
        open={props.rejecting !== null}
        onOpenChange={(open) => !open && props.onRejectClose()}
        title={`驳回：${props.rejectTitle}`}
        form={props.form}
        onSubmit={props.onReject}
        submitLabel="驳回"
        testId={`${testId}-reject-dialog`}
        submitTestId={`${testId}-reject-submit`}
      >
        <TextareaField
          name={props.reasonField}
          label="驳回原因"
          required
          helper={props.reasonHelper}
          rows={4}
          maxLength={200}
          placeholder="请输入驳回原因"
          testId={`${testId}-reject-${props.reasonField}`}
        />
      </FormDialog>
      {props.children}
    </Stack>
  );
}

/**
 * The decisions of one review tab over a decide call of body { id, status, reason }: approve after a
 * confirmation (cancelling says so), or reject through ReviewQueue's dialog with the item in
 * `rejecting`. `invalidates` are the lists the decision changes.
 */
export function useReviewDecision<I extends { id: number }, D extends RouteDef & { body: z.ZodType }>(
  def: D,
  options: { invalidates: readonly RouteDef[]; confirmMessage: (item: I) => string },
) {
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState<I | null>(null);
  const decide = useAction(def, {
    success: (_, d) =>
      Number((d as { status?: unknown }).status) === 1 ? messages.success.approved : messages.success.rejected,
    invalidates: options.invalidates,
  });
  const form = useSchemaForm(
    def.body as D['body'],
    { id: rejecting?.id ?? '', status: 2, reason: '' },
    rejecting !== null,
  );
  const approve = async (item: I) => {
    if (await confirm({ message: options.confirmMessage(item), confirmText: '通过' }))
      await decide.trigger({ id: item.id, status: 1, reason: '' } as RouteInput<D>);
    else notify.info(messages.cancelled.plain);
  };
  return { approve, rejecting, setRejecting, form, reject: decide.run, dialog };
}
