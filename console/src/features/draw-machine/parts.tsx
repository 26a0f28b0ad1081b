import { Badge } from '@chakra-ui/react';
import { OFF_TEXT } from '@toy/shared';
import { auditRoutes } from '@toy/shared/features/audit';
import { drawMachineRoutes } from '@toy/shared/features/draw-machine';

/** The pickup list of a machine's goods (spec 02 /order/sendList, type 1 = draw-box machine). */
export const sendListHref = (title: string) =>
  `/order/sendList?${new URLSearchParams({ temp_title: title, type: '1' })}`;
/** The deposited goods of a machine (spec 02 /blindBox/boxList, type 1). */
export const boxListHref = (title: string) =>
  `/blindBox/boxList?${new URLSearchParams({ temp_title: title, type: '1' })}`;

/** The badge colour of each shelf state (上架 / 下架 / 售罄). */
const offPalette: Record<number, string> = { 0: 'green', 1: 'gray', 2: 'red' };

/** A machine's shelf state: 已上架 / 已下架 / 已售罄. */
export function OffBadge({ off, testId }: { off: number; testId?: string }) {
  return (
    <Badge colorPalette={offPalette[off]} data-testid={testId}>
      {OFF_TEXT[off]}
    </Badge>
  );
}

/** What a write to a machine changes: its detail, its goods, the list and its audit log. */
export const machineReads = [drawMachineRoutes.info, drawMachineRoutes.goods, drawMachineRoutes.list, auditRoutes.list];
