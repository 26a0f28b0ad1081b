import { Button, Stack, Text } from '@chakra-ui/react';
import { ACTIVITY_RELATION_TYPES, type ExchangeActivity } from '@toy/shared';
import { exchangeMethodRoutes } from '@toy/shared/features/exchange-method';
import { useState } from 'react';
import { Thumbnail } from './columns';
import { type Column, DataTable } from './DataTable';
import { DialogShell } from './DialogShell';
import { Choice } from './form/Choice';
import { ListPagination } from './ListPagination';
import { useDialogList } from './useDialogList';

type ActivityType = { readonly value: number; readonly label: string };

/**
 * A brand's activities by type (exchange.activities: page, limit, ip_id, type, page_source): draw
 * machines, kujis and scratch cards, or the `types` a caller offers. A chosen one shows 移除; a pick
 * toggles it (the exchange method's 关联活动订单) or links it (a scratch card's 关联活动).
 */
export function ActivityPickerDialog({
  open,
  onOpenChange,
  ipId,
  chosen,
  onToggle,
  types = ACTIVITY_RELATION_TYPES,
  title = '关联活动订单',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  chosen: readonly ExchangeActivity[];
  onToggle: (activity: ExchangeActivity) => void;
  types?: readonly ActivityType[];
  title?: string;
}) {
  const [type, setType] = useState<number>(types[0]!.value);
  const { read, pagination } = useDialogList(
    exchangeMethodRoutes.activities,
    { ip_id: ipId, type: type as never, page_source: 'doll' },
    open,
  );
  const columns: Column<ExchangeActivity>[] = [
    { key: 'pic', header: '图片', render: (a) => <Thumbnail src={a.pic} alt={a.title} /> },
    { key: 'title', header: '活动', render: (a) => <Text fontWeight="500">{a.title}</Text> },
    {
      key: 'pick',
      header: '操作',
      render: (a) => {
        const taken = chosen.some((x) => x.type === a.type && x.id === a.id);
        return (
          <Button
            size="xs"
            colorPalette={taken ? 'red' : 'brand'}
            variant="subtle"
            onClick={() => onToggle(a)}
            data-testid="activity-pick"
          >
            {taken ? '移除' : '关联'}
          </Button>
        );
      },
    },
  ];
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="lg"
      testId="activity-picker"
      closeTestId="activity-picker-close"
    >
      <Stack gap="3">
        <Choice value={String(type)} onChange={(v) => setType(Number(v))} options={types} testId="activity-type" />
        <DataTable
          columns={columns}
          rows={read.data?.lists}
          rowKey={(a) => `${a.type}-${a.id}`}
          loading={read.isLoading}
          error={read.error}
          onRetry={() => void read.mutate()}
          rowTestId="activity-row"
          emptyText="暂无可关联的活动"
        />
        <ListPagination {...pagination(read.data?.pagination.total_rows ?? 0)} />
      </Stack>
    </DialogShell>
  );
}
