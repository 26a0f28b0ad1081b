import { type BlindBoxRecord, reviewDecide } from '@toy/shared';
import type { z } from 'zod';
import { FormDialog } from '../../components/form/FormDialog';
import { TextareaField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';

/** 驳回: the reason the merchant will read (required). */
export function RejectDialog({
  record,
  onClose,
  onSubmit,
}: {
  record: BlindBoxRecord | null;
  onClose: () => void;
  onSubmit: (decision: z.output<typeof reviewDecide>) => Promise<unknown>;
}) {
  const form = useSchemaForm(reviewDecide, { id: record?.id ?? '', status: 2, reason: '' }, record !== null);
  return (
    <FormDialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`驳回：${record?.title ?? ''}`}
      form={form}
      onSubmit={onSubmit}
      submitLabel="驳回"
      testId="reject-dialog"
      submitTestId="reject-submit"
    >
      <TextareaField
        name="reason"
        label="驳回原因"
        required
        helper="商家将看到该原因，并可修改后重新提交"
        rows={4}
        maxLength={200}
        placeholder="请输入驳回原因"
        testId="reject-reason"
      />
    </FormDialog>
  );
}
