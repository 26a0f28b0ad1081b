import { Badge } from '@chakra-ui/react';
import { KUJI_AUDIT, type KujiRow, kujiStatusText } from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';

/** The pickup list of a kuji's prizes (spec 02 /order/sendList, type 2 = 一番赏). */
export const kujiSendListHref = (title: string) =>
  `/order/sendList?${new URLSearchParams({ temp_title: title, type: '2' })}`;
/** The prizes players keep in their cabinets (spec 02 /blindBox/boxList, type 2). */
export const kujiBoxListHref = (title: string) =>
  `/blindBox/boxList?${new URLSearchParams({ temp_title: title, type: '2' })}`;

/** Badge colour per status text: pending/generating orange, rejected red, on shelf green. */
const palette = (k: Pick<KujiRow, 'audit_status' | 'off'> & { listed_once?: number }) => {
  if (k.audit_status === KUJI_AUDIT.rejected) return 'red';
  if (k.audit_status !== KUJI_AUDIT.approved) return 'orange';
  if (k.off === 1 && k.listed_once === 0) return 'blue';
  return ({ 0: 'green', 1: 'gray', 2: 'red' } as Record<number, string>)[k.off] ?? 'gray';
};

/** 待审核 / 已驳回 / 数据生成中, or once approved 待上架 (never listed) / 已上架 / 已下架 / 已售罄. */
export function KujiStatusBadge({
  kuji,
  testId,
}: {
  kuji: Pick<KujiRow, 'audit_status' | 'off'> & { listed_once?: number };
  testId?: string;
}) {
  return (
    <Badge colorPalette={palette(kuji)} data-testid={testId}>
      {kujiStatusText(kuji)}
    </Badge>
  );
}

/** What a write to a kuji changes: its detail, goods, boxes and the list. */
export const kujiReads = [kujiRoutes.info, kujiRoutes.goods, kujiRoutes.boxes, kujiRoutes.list];
