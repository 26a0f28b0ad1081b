import { Badge, Stack, Text } from '@chakra-ui/react';
import { COMPOSE_STATUS, type ComposeRule, messages } from '@toy/shared';
import { composeRuleRoutes } from '@toy/shared/features/compose-rule';
import { Clock, Eye, Package } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { PictureTitle } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { CellAction, DeleteAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const AlbumInfoDialog = lazyPart(() => import('./ComposeRuleDialogs').then((m) => m.AlbumInfoDialog));
const ComposeAdjustDialog = lazyPart(() => import('./ComposeRuleDialogs').then((m) => m.ComposeAdjustDialog));
const ComposeRulesDialog = lazyPart(() => import('./ComposeRuleDialogs').then((m) => m.ComposeRulesDialog));

const m = messages.composeRule;
const STATUS_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'gray' };
/** The adjustments of a published rule, each opening ComposeAdjustDialog in its mode. */
const ADJUSTS = [
  { mode: 'stock', icon: Package, label: '调整库存', testId: 'compose-row-adjust' },
  { mode: 'time', icon: Clock, label: '修改时间', testId: 'compose-row-retime' },
] as const;

const LIST: ListSpec = {
  name: 'compose',
  title: '合成规则',
  description: '玩家集齐合成组所需的藏品即可合成目标藏品',
  add: '创建合成规则',
};

/**
 * 合成规则 (the compose tab of /nft/goods, spec 03 §2, §4): the brand's rules with the composed
 * item, status, open time, total, composed and remaining stock. Actions by publish_status: 1 编辑
 * and 删除 (confirmed); 2 调整库存 and 修改时间; 2 and 3 查看规则.
 */
export function ComposeRuleList() {
  const page = useBrandListPage(composeRuleRoutes.list);
  const navigate = useNavigate();
  const { ask, dialog: confirmDialog } = useConfirm();
  const [viewing, setViewing] = useState<ComposeRule | null>(null);
  const [album, setAlbum] = useState<ComposeRule | null>(null);
  const [adjusting, setAdjusting] = useState<{ rule: ComposeRule; mode: 'stock' | 'time' } | null>(null);
  const del = useAction(composeRuleRoutes.delete, { success: m.deleted, invalidates: [composeRuleRoutes.list] });
  const remove = (r: ComposeRule) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ compose_id: r.id }),
    );

  const columns: Column<ComposeRule>[] = [
    {
      key: 'target',
      header: '合成藏品',
      render: (r) => (
        <PictureTitle src={r.virtual_info.pic} alt={r.virtual_info.title}>
          <Stack gap="0.5" align="flex-start">
            <Text fontWeight="500" lineClamp={2} data-testid="compose-row-title">
              {r.virtual_info.title}
            </Text>
            {r.virtual_type === 2 && (
              <CellAction onClick={() => setAlbum(r)} testId="compose-view-album">
                查看合辑
              </CellAction>
            )}
          </Stack>
        </PictureTitle>
      ),
    },
    {
      key: 'status',
      header: '状态',
      render: (r) => (
        <Badge colorPalette={STATUS_COLOR[r.publish_status]} data-testid="compose-row-status">
          {COMPOSE_STATUS.find((s) => s.value === r.publish_status)?.label}
        </Badge>
      ),
    },
    {
      key: 'time',
      header: '开放时间',
      render: (r) => (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="compose-row-time">
          {r.begin_at}
          <br />至 {r.end_at}
        </Text>
      ),
    },
    { key: 'stock', header: '总库存', render: (r) => <Text data-testid="compose-row-stock">{r.original_stock}</Text> },
    { key: 'composed', header: '已合成', render: (r) => <Text data-testid="compose-row-composed">{r.composed}</Text> },
    {
      key: 'surplus',
      header: '剩余库存',
      render: (r) => <Text data-testid="compose-row-surplus">{r.surplus_stock}</Text>,
    },
    {
      key: 'actions',
      header: '操作',
      sticky: 'end',
      render: (r) => (
        <RowActions>
          {r.publish_status === 1 && (
            <>
              <EditAction onClick={() => navigate(`/nft/composeAdd?id=${r.id}`)} testId="compose-edit" />
              <DeleteAction onClick={() => void remove(r)} testId="compose-delete" />
            </>
          )}
          {r.publish_status === 2 &&
            ADJUSTS.map((a) => (
              <RowAction
                key={a.mode}
                icon={a.icon}
                onClick={() => setAdjusting({ rule: r, mode: a.mode })}
                testId={a.testId}
              >
                {a.label}
              </RowAction>
            ))}
          {r.publish_status !== 1 && (
            <RowAction icon={Eye} palette="gray" onClick={() => setViewing(r)} testId="compose-view">
              查看规则
            </RowAction>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <BrandListPage spec={LIST} state={page} onAdd={() => navigate('/nft/composeAdd')}>
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="compose-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <ComposeRulesDialog rule={viewing} onClose={() => setViewing(null)} />
      <AlbumInfoDialog rule={album} onClose={() => setAlbum(null)} />
      <ComposeAdjustDialog
        rule={adjusting?.rule ?? null}
        mode={adjusting?.mode ?? 'stock'}
        onClose={() => setAdjusting(null)}
      />
      {confirmDialog}
    </BrandListPage>
  );
}
