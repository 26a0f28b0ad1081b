import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { canEditSkin, canToggleSkin, messages, type Skin, skinProcessText, skinStatusText } from '@toy/shared';
import { skinRoutes } from '@toy/shared/features/skin-routes';
import { ArrowDownCircle, ArrowUpCircle, Copy, FolderOpen, Gift, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { textFilter } from '../../components/filters';
import { Toggle } from '../../components/form/Toggle';
import { AddButton, ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ClaimDialog = lazyPart(() => import('./SkinDialogs').then((m) => m.ClaimDialog));
const DraftBoxDialog = lazyPart(() => import('./SkinDialogs').then((m) => m.DraftBoxDialog));

const m = messages.skin;
const PROCESS_PALETTE = ['orange', 'green', 'red'] as const;

/** 装扮管理 (spec 03 §2, /toy/skin): keyword filter, draft box, list/unlist, edit, delete, admin claim, drops. */
export default function SkinListPage() {
  const navigate = useNavigate();
  const page = useBrandListPage(skinRoutes.list);
  const [draftsOpen, setDraftsOpen] = useState(false);
  const [claimOf, setClaimOf] = useState<Skin | null>(null);
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const setStatus = useAction(skinRoutes.setStatus, {
    success: (_, d) => (d.status === 0 ? messages.success.listed : messages.success.delisted),
    invalidates: [skinRoutes.list],
  });
  const setDrop = useAction(skinRoutes.setDrop, { success: m.set, invalidates: [skinRoutes.list] });
  const del = useAction(skinRoutes.delete, { success: m.deleted, invalidates: [skinRoutes.list] });

  const toggle = (s: Skin) => {
    const listing = s.status === 1;
    void ask({ message: listing ? m.listConfirm : m.delistConfirm, cancelled: messages.cancelled.plain }, () =>
      setStatus.trigger({ id: s.id, status: listing ? 0 : 1 }),
    );
  };
  const remove = (s: Skin) =>
    void ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: s.id }),
    );

  const columns: Column<Skin>[] = [
    idColumn(),
    pictureColumn('show_pic', (s) => ({ src: s.show_pic, alt: s.title }), '展示图'),
    titleColumn((s) => s.title, { header: '装扮名称' }),
    { key: 'ip_title', header: '品牌', render: (s) => <Text whiteSpace="nowrap">{s.ip_title}</Text> },
    {
      key: 'status',
      header: '上架状态',
      render: (s) => (
        <Badge colorPalette={s.status === 0 ? 'green' : 'gray'} data-testid="skin-status">
          {skinStatusText(s.status)}
        </Badge>
      ),
    },
    {
      key: 'process_status',
      header: '审核状态',
      render: (s) => (
        <Stack gap="0">
          <Badge colorPalette={PROCESS_PALETTE[s.process_status] ?? 'gray'} w="fit-content" data-testid="skin-process">
            {skinProcessText(s.process_status)}
          </Badge>
          {s.process_status === 2 && s.remark && (
            <Text fontSize="xs" color="red.600" maxW="160px" lineClamp={2}>
              {s.remark}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'is_box_goods',
      header: '心愿星球掉落',
      render: (s) => (
        <Toggle
          checked={s.is_box_goods === 1}
          onChange={(on) => void setDrop.trigger({ id: s.id, is_box_goods: on ? 1 : 0 })}
          testId="skin-drop"
        />
      ),
    },
    { key: 'received', header: '已领取', render: (s) => <Text data-testid="skin-received">{s.received}</Text> },
    timeColumn('created_at', '创建时间', (s) => s.created_at),
    actionsColumn(
      (s) => (
        <RowActions>
          {canToggleSkin(s) && (
            <RowAction
              icon={s.status === 1 ? ArrowUpCircle : ArrowDownCircle}
              onClick={() => toggle(s)}
              testId="skin-toggle"
            >
              {s.status === 1 ? '上架' : '下架'}
            </RowAction>
          )}
          {canEditSkin(s) && (
            <EditAction onClick={() => navigate(`/skin/add?id=${s.id}&type=skin`)} testId="skin-edit" />
          )}
          <RowAction icon={Copy} onClick={() => navigate(`/skin/add?id=${s.id}&type=skin&copy=1`)} testId="skin-copy">
            复制
          </RowAction>
          {canToggleSkin(s) && (
            <RowAction icon={Gift} onClick={() => setClaimOf(s)} testId="skin-claim">
              管理员领取
            </RowAction>
          )}
          {canEditSkin(s) && (
            <RowAction icon={Trash2} palette="red" onClick={() => remove(s)} testId="skin-delete">
              删除
            </RowAction>
          )}
          <AuditAction onClick={() => setAuditOf({ entity: 'skin', id: s.id, title: s.title })} testId="skin-audit" />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <ListPage
      title="装扮管理"
      description="品牌装扮：设计、提交审核，通过后上架、掉落与领取"
      testId="skin-page"
      actions={
        <HStack>
          <Button variant="outline" onClick={() => setDraftsOpen(true)} data-testid="skin-drafts">
            <FolderOpen size={16} />
            草稿箱（{page.read.data?.draft_num ?? 0}）
          </Button>
          <AddButton label="新增装扮" onClick={() => navigate('/skin/add')} testId="skin-add" />
        </HStack>
      }
      filters={<FilterBar state={page} testId="skin" filters={[textFilter('keyword', '关键词')]} />}
    >
      <DataTable columns={columns} {...page.table(page.read.data?.list)} rowTestId="skin-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <DraftBoxDialog open={draftsOpen} ipId={page.ipId} onClose={() => setDraftsOpen(false)} />
      <ClaimDialog skin={claimOf} onClose={() => setClaimOf(null)} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </ListPage>
  );
}
