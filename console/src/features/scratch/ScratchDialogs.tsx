import { Text } from '@chakra-ui/react';
import { messages, SCRATCH_LIMITS, type ScratchCard } from '@toy/shared';
import { scratchRoutes } from '@toy/shared/features/scratch';
import { useEffect, useState } from 'react';
import { DialogSubject, FormDialog } from '../../components/form/FormDialog';
import { BrandField, TextField } from '../../components/form/fields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useFormDialog } from '../../components/useFormDialog';

const m = messages.scratch;
const invalidates = [scratchRoutes.list];

/** 新增刮刮卡 (spec 03 §5): brand, title (max 10), stock (max 10000); checked by scratch.create's rules. */
export function ScratchCreateDialog(props: EditDialogProps<ScratchCard>) {
  const { dialog } = useFormDialog(
    scratchRoutes.create,
    { open: props.open && props.editing === null, onOpenChange: props.onOpenChange },
    {
      title: '新增刮刮卡',
      testId: 'scratch',
      defaults: { ip_id: props.defaultBrandId ?? '', title: '', stock: '' },
      success: m.created,
      invalidates,
    },
  );
  return (
    <FormDialog {...dialog}>
      <BrandField testId="scratch-brand" />
      <TextField name="title" label="刮刮卡名称" required placeholder={m.titleRequired} testId="scratch-title" />
      <TextField
        name="stock"
        label="库存"
        required
        inputMode="numeric"
        placeholder={`最多${SCRATCH_LIMITS.stockMax}`}
        helper="库存即兑换码数量，每个兑换码全平台唯一"
        testId="scratch-stock"
      />
    </FormDialog>
  );
}

/** 编辑刮刮卡: only the title (the brand is locked, codes are added separately). */
export function ScratchEditDialog(props: EditDialogProps<ScratchCard>) {
  const card = props.editing;
  const { dialog } = useFormDialog(
    scratchRoutes.update,
    { open: props.open && card !== null, onOpenChange: props.onOpenChange },
    {
      title: '编辑刮刮卡',
      testId: 'scratch-edit',
      defaults: { id: card?.id ?? 0, title: card?.title ?? '' },
      success: m.edited,
      invalidates,
    },
  );
  return (
    <FormDialog {...dialog} size="sm">
      <TextField name="title" label="刮刮卡名称" required placeholder={m.titleRequired} testId="scratch-edit-title" />
    </FormDialog>
  );
}

/** 增加兑换码: a nonzero number (请输入要增加的兑换码数量), the card then holding at most 10000. */
export function AddCodesDialog({ card: open, onClose }: { card: ScratchCard | null; onClose: () => void }) {
  const [shown, setShown] = useState<ScratchCard | null>(open);
  useEffect(() => {
    if (open) setShown(open);
  }, [open]);
  const card = open ?? shown;
  const { dialog } = useFormDialog(
    scratchRoutes.addCodes,
    { open: open !== null, onOpenChange: (o) => !o && onClose() },
    {
      title: '增加兑换码',
      testId: 'scratch-codes',
      defaults: { id: card?.id ?? 0, num: '' },
      success: m.added,
      invalidates,
    },
  );
  return (
    <FormDialog {...dialog} size="sm">
      <DialogSubject title={card?.title}>
        <Text fontSize="sm" mt="1">
          当前兑换码：<b data-testid="scratch-codes-current">{card?.total_num}</b>
        </Text>
      </DialogSubject>
      <TextField
        name="num"
        label="增加数量"
        required
        inputMode="numeric"
        placeholder={m.numRequired}
        testId="scratch-codes-num"
      />
    </FormDialog>
  );
}
