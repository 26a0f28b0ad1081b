import { messages, type Order } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { FormDialog } from '../../components/form/FormDialog';
import { TextareaField } from '../../components/form/fields';
import { useFormDialog } from '../../components/useFormDialog';

/** 备注: the public remark (the buyer sees it) and the private one (only the merchant). */
export function RemarkDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { dialog } = useFormDialog(
    orderRoutes.remark,
    { open: order !== null, onOpenChange: (o) => !o && onClose() },
    {
      title: '订单备注',
      testId: 'order-remark',
      defaults: {
        order_id: order?.id ?? 0,
        public_remark: order?.public_remark ?? '',
        private_remark: order?.private_remark ?? '',
      },
      success: messages.order.remarked,
      invalidates: [orderRoutes.detail, orderRoutes.list],
    },
  );
  return (
    <FormDialog {...dialog} size="sm">
      <TextareaField name="public_remark" label="公开备注" testId="order-remark-public" />
      <TextareaField name="private_remark" label="私密备注" testId="order-remark-private" />
    </FormDialog>
  );
}
