import { api, messages, type PickupImportPreview } from '@toy/shared';
import { type ImportDeclaration, ImportDialog } from '../../components/transfer/ImportDialog';
import { useAction } from '../../lib/useAction';

const declaration: ImportDeclaration<PickupImportPreview> = {
  label: '导入发货单',
  testId: 'pickup-import',
  figures: (p) => [{ label: '将发货', value: p.ship_num, color: 'green.600', testId: 'import-ship' }],
  changesNothing: (p) => p.ship_num === 0,
  okText: '校验通过，确认后将整表一次发货',
  hasErrors: messages.pickup.importHasErrors,
  confirmText: '确认发货',
  applyingText: '发货中…',
};

/**
 * 导入发货单: one .xlsx with upload progress, then a dry run — how many orders will ship and every
 * bad row, with the error sheet — and the confirm ships the whole file in one transaction.
 */
export function PickupImport({ onImported }: { onImported: () => void }) {
  const dryRun = useAction(api.pickup.import);
  const applyFile = useAction(api.pickup.importConfirm, {
    success: (done) => messages.pickup.importDone(done.ship_num),
  });
  return (
    <ImportDialog
      declaration={declaration}
      dryRun={(url) => dryRun.trigger({ url })}
      apply={(url) => applyFile.trigger({ url })}
      onApplied={onImported}
    />
  );
}
