import { messages, type OrderFilters } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { EXPORT_NOTE_BACKGROUND, ExportButton, type ExportDeclaration } from '../../components/transfer/ExportButton';
import { followJob, readJobStarted } from '../../components/transfer/useExportFollow';

const declaration: ExportDeclaration<typeof orderRoutes.export> = {
  route: orderRoutes.export,
  read: readJobStarted,
  follower: followJob,
  empty: messages.order.exportEmpty,
  label: '批量导出',
  title: '批量导出',
  testId: 'order-export',
  ids: 'order-',
  note: EXPORT_NOTE_BACKGROUND,
  atOnce: 'open',
};

/** 批量导出: the list's filters as a spreadsheet, opened at once or when its job is done. */
export function OrderExport({ filters }: { filters: OrderFilters }) {
  return <ExportButton declaration={declaration} filters={filters} />;
}
