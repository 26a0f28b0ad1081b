import { Button, Flex, Text } from '@chakra-ui/react';
import { COMMON_COURIERS, type ShipForm, shipDialogForm } from '@toy/shared';
import { useMemo } from 'react';
import { FormDialog } from './form/FormDialog';
import { TextField } from './form/fields';
import { setFields } from './form/setFields';
import { useSchemaForm } from './form/useSchemaForm';

/** The courier of the merchant's last shipment on this browser: the next dialog starts with it. */
const LAST_COURIER_KEY = 'ship.lastCourier';
const lastCourier = () => {
  try {
    return localStorage.getItem(LAST_COURIER_KEY) ?? '';
  } catch {
    return '';
  }
};
const rememberCourier = (company: string) => {
  try {
    localStorage.setItem(LAST_COURIER_KEY, company.trim());
  } catch {}
};

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
  // Each opening starts from the last courier used; the common ones are a click away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each opening
  const defaults = useMemo<ShipForm>(() => ({ express_company: lastCourier(), express: '' }), [open]);
  const form = useSchemaForm(shipDialogForm, defaults, open);
  const company = form.watch('express_company');
  const ship = (values: ShipForm) =>
    onShip(values).then((answer) => {
      rememberCourier(values.express_company);
      return answer;
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="发货"
      form={form}
      onSubmit={ship}
      submitLabel={submitLabel}
      testId={ids.dialog}
      submitTestId={ids.save}
      size="sm"
    >
      {caption && (
        <Text fontSize="sm" color="fg.muted" data-testid={`${ids.dialog}-caption`}>
          {caption}
        </Text>
      )}
      <TextField name="express_company" label="物流公司" required maxLength={50} testId={ids.company} />
      <Flex gap="1.5" wrap="wrap" mt="-2" data-testid={`${ids.dialog}-couriers`}>
        {COMMON_COURIERS.map((name) => (
          <Button
            key={name}
            size="2xs"
            variant={company === name ? 'solid' : 'outline'}
            colorPalette={company === name ? 'brand' : 'gray'}
            onClick={() => setFields(form, { express_company: name })}
          >
            {name}
          </Button>
        ))}
      </Flex>
      <TextField name="express" label="物流单号" required maxLength={50} testId={ids.express} />
    </FormDialog>
  );
}
