import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { COMPONENT_TYPES, type ExchangeComponent } from '@toy/shared';
import { exchangeMethodRoutes } from '@toy/shared/features/exchange-method';
import { useState } from 'react';
import { Thumbnail } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { FilterInput } from '../../components/FilterInput';
import { Choice } from '../../components/form/Choice';
import { ListPagination } from '../../components/ListPagination';
import { useDialogList } from '../../components/useDialogList';

/** The chooser's component types: 欧气精灵 (1), 场景 (2), 个性装扮 (17; 3 is its older number). */
const COMPONENT_TABS = COMPONENT_TYPES.filter((t) => t.value !== 3);

const sameComponent = (a: { id: number; type: number }, b: { id: number; type: number }) =>
  a.id === b.id && (a.type === b.type || (a.type >= 3 && b.type >= 3));

/**
 * 选择组件: the brand's approved components by type (exchange.components: page, limit, ip_id,
 * type, name, status 1), searched by name; a pick adds it (or, for a single, replaces it).
 */
export function ComponentPickerDialog({
  open,
  onOpenChange,
  ipId,
  chosen,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  chosen: readonly ExchangeComponent[];
  onPick: (component: ExchangeComponent) => void;
}) {
  const [type, setType] = useState<number>(1);
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const { read, pagination } = useDialogList(
    exchangeMethodRoutes.components,
    { ip_id: ipId, type: type as never, name: name || undefined, status: 1 },
    open,
  );
  const columns: Column<ExchangeComponent>[] = [
    { key: 'pic', header: '图片', render: (c) => <Thumbnail src={c.pic} alt={c.name} /> },
    { key: 'name', header: '名称', render: (c) => <Text fontWeight="500">{c.name}</Text> },
    {
      key: 'pick',
      header: '操作',
      render: (c) => {
        const taken = chosen.some((x) => sameComponent(x, c));
        return (
          <Button
            size="xs"
            colorPalette="brand"
            variant="subtle"
            disabled={taken}
            onClick={() => onPick(c)}
            data-testid="component-pick"
          >
            {taken ? '已选' : '选择'}
          </Button>
        );
      },
    },
  ];
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="选择组件"
      size="lg"
      testId="component-picker"
      closeTestId="component-picker-close"
    >
      <Stack gap="3">
        <Choice
          value={String(type)}
          onChange={(v) => setType(Number(v))}
          options={COMPONENT_TABS}
          testId="component-type"
        />
        <HStack>
          <FilterInput
            label="名称"
            value={draft}
            onChange={setDraft}
            onEnter={() => setName(draft.trim())}
            testId="component-filter-name"
          />
          <Button size="sm" variant="outline" onClick={() => setName(draft.trim())} data-testid="component-search">
            搜索
          </Button>
        </HStack>
        <DataTable
          columns={columns}
          rows={read.data?.lists}
          rowKey={(c) => `${c.type}-${c.id}`}
          loading={read.isLoading}
          error={read.error}
          onRetry={() => void read.mutate()}
          rowTestId="component-row"
          emptyText="暂无已通过审核的组件"
        />
        <ListPagination {...pagination(read.data?.pagination.total_rows ?? 0)} />
      </Stack>
    </DialogShell>
  );
}
