import { messages, type PickupImportPreview } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { pickupRoutes } from '@toy/shared/features/pickup';
import { useAction } from '../../lib/useAction';
import { type ImportDeclaration, ImportDialog } from './ImportDialog';

/** The lists that ship from a shipping sheet (订单号, 物流公司, 物流单号), and their two calls. */
const SHEETS = {
  pickup: { dryRun: pickupRoutes.import, confirm: pickupRoutes.importConfirm, label: '导入发货单' },
  order: { dryRun: orderRoutes.import, confirm: orderRoutes.importConfirm, label: '导入发货' },
} as const;

const declarationOf = (kind: keyof typeof SHEETS): ImportDeclaration<PickupImportPreview> => ({
  label: SHEETS[kind].label,
  testId: `${kind}-import`,
  figures: (p) => [{ label: '将发货', value: p.ship_num, color: 'green.600', testId: 'import-ship' }],
  changesNothing: (p) => p.ship_num === 0,
  okText: '校验通过，确认后将整表一次发货',
  hasErrors: messages.pickup.importHasErrors,
  confirmText: '确认发货',
  applyingText: '发货中…',
});

/**
 * 导入发货单 (pickups) and 导入发货 (normal orders): one .xlsx with upload progress, then a dry run —
 * how many orders will ship and every bad row, with the error sheet — and the confirm ships the
 * whole file in one transaction. The sheet is the list's own export with the couriers filled in.
 */
export function ShippingImport({ kind, onImported }: { kind: keyof typeof SHEETS; onImported: () => void }) {
  // The two kinds' calls take and answer the same shapes (shared pickupImportPreview).
  const sheet = SHEETS[kind] as (typeof SHEETS)['pickup'];
  const dryRun = useAction(sheet.dryRun);
  const applyFile = useAction(sheet.confirm, { success: (done) => messages.pickup.importDone(done.ship_num) });
  return (
    <ImportDialog
      declaration={declarationOf(kind)}
      dryRun={(url) => dryRun.trigger({ url })}
      apply={(url) => applyFile.trigger({ url })}
      onApplied={onImported}
    />
  );
}
