import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { COMPOSE_TARGET_TYPES, type ComposeVirtual } from '@toy/shared';
import { composeRuleRoutes } from '@toy/shared/features/compose-rule';
import { useState } from 'react';
import { Thumbnail } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { FilterInput } from '../../components/FilterInput';
import { Choice } from '../../components/form/Choice';
import { ListPagination } from '../../components/ListPagination';
import { useDialogList } from '../../components/useDialogList';

/**
 * The chooser of compose.virtual (ip_id, type, title, page, limit 10): the brand's collectibles or
 * albums with stock and remaining stock. `mode` 'target' picks one (collectible or album, a tab
 * each) and closes; 'group' adds collectibles to a group, one (添加) or the whole page (添加本页),
 * and stays open: `onAdd` answers how many were already in the group.
 */
export function ComposeVirtualPicker({
  open,
  onOpenChange,
  ipId,
  mode,
  chosen = [],
  onPick,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  mode: 'target' | 'group';
  chosen?: readonly number[];
  onPick?: (v: ComposeVirtual) => void;
  onAdd?: (list: ComposeVirtual[]) => void;
}) {
  const [type, setType] = useState<number>(1);
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const { read, pagination } = useDialogList(
    composeRuleRoutes.virtual,
    { ip_id: ipId, type: (mode === 'group' ? 1 : type) as never, title: title || undefined },
    open,
  );
  const rows = read.data?.lists;
  const columns: Column<ComposeVirtual>[] = [
    { key: 'pic', header: '图片', render: (v) => <Thumbnail src={v.pic} alt={v.title} /> },
    {
      key: 'title',
      header: '名称',
      render: (v) => (
        <HStack gap="2">
          <Text fontWeight="500">{v.title}</Text>
          {mode === 'group' && chosen.includes(v.id) && (
            <Badge size="sm" colorPalette="gray">
              已在列表
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: 'stock', header: '库存', render: (v) => v.stock },
    { key: 'surplus', header: '剩余库存', render: (v) => <Text data-testid="virtual-surplus">{v.surplus_stock}</Text> },
    {
      key: 'pick',
      header: '操作',
      render: (v) => (
        <Button
          size="xs"
          colorPalette="brand"
          variant="subtle"
          onClick={() => (mode === 'target' ? onPick?.(v) : onAdd?.([v]))}
          data-testid="virtual-pick"
        >
          {mode === 'target' ? '选择' : '添加'}
        </Button>
      ),
    },
  ];
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'target' ? '选择要合成的藏品' : '添加合成组藏品'}
      size="lg"
      testId="virtual-picker"
      closeTestId="virtual-picker-close"
      footer={
        mode === 'group' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={!rows?.length}
            onClick={() => onAdd?.(rows ?? [])}
            data-testid="virtual-add-page"
          >
            添加本页
          </Button>
        ) : undefined
      }
    >
      <Stack gap="3">
        {mode === 'target' && (
          <Choice
            value={String(type)}
            onChange={(v) => setType(Number(v))}
            options={COMPOSE_TARGET_TYPES}
            testId="virtual-type"
          />
        )}
        <HStack>
          <FilterInput
            label="名称"
            value={draft}
            onChange={setDraft}
            onEnter={() => setTitle(draft.trim())}
            testId="virtual-filter-title"
          />
          <Button size="sm" variant="outline" onClick={() => setTitle(draft.trim())} data-testid="virtual-search">
            搜索
          </Button>
        </HStack>
        <DataTable
          columns={columns}
          rows={rows}
          loading={read.isLoading}
          error={read.error}
          onRetry={() => void read.mutate()}
          rowTestId="virtual-row"
          emptyText="暂无数字藏品"
        />
        <ListPagination {...pagination(read.data?.pagination.total_rows ?? 0)} />
      </Stack>
    </DialogShell>
  );
}
