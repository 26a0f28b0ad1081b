import { LIMITS, type MarketFilters, messages } from '@toy/shared';
import { marketRoutes } from '@toy/shared/features/market';
import { ExportButton, type ExportDeclaration } from '../../components/transfer/ExportButton';
import type { ExportFollower } from '../../components/transfer/useExportFollow';
import { call } from '../../lib/http';

/** Spec 02 §4 "Export polling": market.exportStatus every 3 seconds until the url appears. */
const followSign: ExportFollower = {
  everyMs: LIMITS.exportPollSeconds * 1000,
  firstAt: 'interval',
  queuedAtFirst: false,
  check: async (sign) => {
    const status = await call(marketRoutes.exportStatus, { query_sign: String(sign) }, { silent: true });
    return { now: status.now_num, total: status.total_num, queued: false, url: status.url, failed: status.msg };
  },
};

const declaration: ExportDeclaration<typeof marketRoutes.export> = {
  route: marketRoutes.export,
  read: (answer) => ({ url: answer.url, total: answer.total_num, handle: answer.query_sign }),
  follower: followSign,
  empty: messages.market.exportEmpty,
  label: '导出',
  title: '导出发货单',
  testId: 'market-export',
  ids: 'market-',
  note: `每 ${LIMITS.exportPollSeconds} 秒刷新一次进度，完成后自动打开文件。`,
  doneText: (total) => `已导出 ${total} 个订单`,
  atOnce: 'open',
};

/** 导出 of the marketplace list (spec 02 §4): the url at once, or a query_sign polled every 3 s. */
export function MarketExport({ filters, disabled }: { filters: MarketFilters; disabled?: boolean }) {
  return <ExportButton declaration={declaration} filters={filters} disabled={disabled} />;
}
