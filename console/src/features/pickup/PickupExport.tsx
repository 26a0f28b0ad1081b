import { messages, type PickupFilters } from '@toy/shared';
import { pickupRoutes } from '@toy/shared/features/pickup';
import { EXPORT_NOTE_BACKGROUND, ExportButton, type ExportDeclaration } from '../../components/transfer/ExportButton';
import { followJob, readJobStarted } from '../../components/transfer/useExportFollow';

const declaration: ExportDeclaration<typeof pickupRoutes.export> = {
  route: pickupRoutes.export,
  read: readJobStarted,
  follower: followJob,
  empty: messages.pickup.exportEmpty,
  label: '导出发货单',
  title: '导出发货单',
  testId: 'pickup-export',
  ids: '',
  note: EXPORT_NOTE_BACKGROUND,
  doneText: (total) => `已导出 ${total} 条发货单`,
  atOnce: 'dialog',
};

/** 导出发货单: the shipping sheets of exactly the list's filters; a large selection is a job with progress. */
export function PickupExport({ filters, disabled }: { filters: PickupFilters; disabled?: boolean }) {
  return <ExportButton declaration={declaration} filters={filters} disabled={disabled} />;
}
