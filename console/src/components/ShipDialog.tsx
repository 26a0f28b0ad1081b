import { Text } from '@chakra-ui/react';
import { type ShipForm, shipDialogForm } from '@toy/shared';
import { FormDialog } from './form/FormDialog';
import { TextField } from './form/fields';
import { useSchemaForm } from './form/useSchemaForm';

const EMPTY: ShipForm = { express_company: '', express: '' };

/**
 * A list's ship dialog (spec 02 §5 "Ship form"): courier company and tracking number, checked with
 * the dialog's words (请输入物流公司 / 请输入物流单号); `onShip` sends them with the feature's own
 * call. Orders, pickups, stored orders and marketplace orders each declare theirs over this one.
 */
export function ShipDialog({
  open,
  onClose,
  onShip,
  caption,
  submitLabel,
  ids,
}: {
  open: boolean;
  onClose: () => void;
  onShip: (values: ShipForm) => Promise<unknown>;
  /** A line above the fields (the order number and receiver). */
  caption?: string;
  submitLabel: string;
  ids: { dialog: string; save: string; company: string; express: string };
}) {
  const form = useSchemaForm(shipDialogForm, EMPTY, open);
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="发货"
      form={form}
      onSubmit={onShip}
      submitLabel={submitLabel}
      testId={ids.dialog}
      submitTestId={ids.save}
      size="sm"
    >
      {caption && (
        <Text fontSize="sm" color="fg.muted">
          {caption}
        </Text>
      )}
      <TextField name="express_company" label="物流公司" required maxLength={50} testId={ids.company} />
      <TextField name="express" label="物流单号" required maxLength={50} testId={ids.express} />
    </FormDialog>
  );
}
