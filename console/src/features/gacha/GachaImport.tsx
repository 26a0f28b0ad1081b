import { type GachaImportPreview, messages } from '@toy/shared';
import { gachaRoutes } from '@toy/shared/features/gacha';
import { type ImportDeclaration, ImportDialog } from '../../components/transfer/ImportDialog';
import { useAction } from '../../lib/useAction';

/** The list refreshes this long after an import (spec 01 §7). */
export const REFRESH_AFTER_IMPORT_MS = 3000;

const declaration: ImportDeclaration<GachaImportPreview> = {
  label: '上传商品',
  testId: 'gacha-import',
  figures: (p) => [
    { label: '将新增', value: p.create_num, color: 'green.600', testId: 'import-create' },
    { label: '将更新', value: p.update_num, color: 'blue.600', testId: 'import-update' },
    { label: '无变化', value: p.unchanged_num, testId: 'import-unchanged' },
  ],
  changesNothing: (p) => p.create_num + p.update_num === 0,
  nothingText: '表格与现有商品一致，无需导入',
  okText: '校验通过，确认后将整表一次写入',
  hasErrors: messages.gacha.importHasErrors,
  confirmText: '确认导入',
  applyingText: '导入中…',
};

/**
 * 上传商品: one .xlsx, then the import call (url, ip_id) answers a dry run — what will be created
 * and updated and every bad row — and the merchant confirms. The confirm applies the whole file in
 * one transaction; the list refreshes 3 s later.
 */
export function GachaImport({ ipId, onImported }: { ipId: number | undefined; onImported: () => void }) {
  const dryRun = useAction(gachaRoutes.import);
  const applyFile = useAction(gachaRoutes.importConfirm, {
    success: (done) => messages.gacha.importDone(done.create_num, done.update_num),
  });
  return (
    <ImportDialog
      declaration={declaration}
      precheck={() => (ipId === undefined ? messages.gacha.brandRequired : undefined)}
      dryRun={(url) => dryRun.trigger({ url, ip_id: ipId! })}
      apply={(url) => applyFile.trigger({ url, ip_id: ipId! })}
      onApplied={() => setTimeout(onImported, REFRESH_AFTER_IMPORT_MS)}
    />
  );
}
