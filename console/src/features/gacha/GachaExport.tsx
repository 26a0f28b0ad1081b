import { type GachaFilters, messages } from '@toy/shared';
import { gachaRoutes } from '@toy/shared/features/gacha';
import { EXPORT_NOTE_BACKGROUND, ExportButton, type ExportDeclaration } from '../../components/transfer/ExportButton';
import { followJob, readJobStarted } from '../../components/transfer/useExportFollow';

const declaration: ExportDeclaration<typeof gachaRoutes.export> = {
  route: gachaRoutes.export,
  read: readJobStarted,
  follower: followJob,
  empty: messages.gacha.exportEmpty,
  label: '导出查询结果',
  title: '导出查询结果',
  testId: 'gacha-export',
  ids: '',
  note: EXPORT_NOTE_BACKGROUND,
  doneText: (total) => `已导出 ${total} 条商品`,
  atOnce: 'dialog',
};

/** 导出查询结果: exactly the list's filters; a large selection is a job followed with its progress. */
export function GachaExport({ filters, disabled }: { filters: GachaFilters; disabled?: boolean }) {
  return <ExportButton declaration={declaration} filters={filters} disabled={disabled} />;
}
