import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { type ExchangeActivity, messages, SCRATCH_ACTIVITY_TYPES, type ScratchCard } from '@toy/shared';
import { scratchRoutes } from '@toy/shared/features/scratch';
import { Download, Link2, PlusCircle, QrCode, Trash2, Unlink } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, Thumbnail, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';
import type { CodesDownload } from './ScratchDownloads';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ActivityQrDialog = lazyPart(() => import('./ScratchDownloads').then((m) => m.ActivityQrDialog));
const CodesDownloadDialog = lazyPart(() => import('./ScratchDownloads').then((m) => m.CodesDownloadDialog));
const ActivityPickerDialog = lazyPart(() =>
  import('../../components/ActivityPickerDialog').then((m) => m.ActivityPickerDialog),
);
const AddCodesDialog = lazyPart(() => import('./ScratchDialogs').then((m) => m.AddCodesDialog));
const ScratchCreateDialog = lazyPart(() => import('./ScratchDialogs').then((m) => m.ScratchCreateDialog));
const ScratchEditDialog = lazyPart(() => import('./ScratchDialogs').then((m) => m.ScratchEditDialog));

const m = messages.scratch;
const typeLabel = (type: number) => SCRATCH_ACTIVITY_TYPES.find((t) => t.value === type)?.label ?? '';

const LIST: ListSpec = {
  name: 'scratch',
  title: '刮刮卡',
  description: '管理实体刮刮卡与兑换码',
  add: '新增刮刮卡',
  filters: [textFilter('title', '刮刮卡名称'), textFilter('active_title', '活动名称')],
};

/** 刮刮卡 (spec 03 §2, /qrCode/qrCode): brand, title and activity filters; create, edit, codes, QR, delete. */
export default function ScratchListPage() {
  const page = useBrandListPage(scratchRoutes.list);
  const dialog = useEditDialog<ScratchCard>();
  const [addTo, setAddTo] = useState<ScratchCard | null>(null);
  const [download, setDownload] = useState<CodesDownload | null>(null);
  const [qrOf, setQrOf] = useState<ScratchCard | null>(null);
  const [linkOf, setLinkOf] = useState<ScratchCard | null>(null);
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const closeQr = useCallback(() => setQrOf(null), []);
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(scratchRoutes.delete, { success: m.deleted, invalidates: [scratchRoutes.list] });
  const exporting = useAction(scratchRoutes.codesExport);
  const link = useAction(scratchRoutes.link, { success: m.linkedOk, invalidates: [scratchRoutes.list] });
  const unlink = useAction(scratchRoutes.unlink, { success: m.unlinked, invalidates: [scratchRoutes.list] });

  const remove = (c: ScratchCard) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: c.id }),
    );
  const linkTo = async (card: ScratchCard, a: ExchangeActivity) => {
    if (await link.trigger({ id: card.id, active_type: a.type, active_id: a.id })) setLinkOf(null);
  };
  const removeLink = (c: ScratchCard) =>
    ask({ message: m.unlinkConfirm, cancelled: messages.cancelled.plain }, () => unlink.trigger({ id: c.id }));
  const startDownload = async (card: ScratchCard) => {
    const answer = await exporting.trigger({ id: card.id, page: 1, limit: card.total_num || 1 });
    if (answer) setDownload({ card, sign: answer.sign, total: answer.total_num });
  };

  const columns: Column<ScratchCard>[] = [
    idColumn(),
    titleColumn((c) => c.title, { header: '刮刮卡名称' }),
    { key: 'ip_title', header: '品牌', render: (c) => <Text whiteSpace="nowrap">{c.ip_title}</Text> },
    { key: 'total_num', header: '发行数量', render: (c) => <Text data-testid="scratch-total">{c.total_num}</Text> },
    { key: 'used_num', header: '已兑换', render: (c) => <Text data-testid="scratch-used">{c.used_num}</Text> },
    {
      key: 'remaining',
      header: '剩余',
      render: (c) => (
        <Text fontWeight="600" color={c.remaining === 0 ? 'red.500' : undefined} data-testid="scratch-remaining">
          {c.remaining}
        </Text>
      ),
    },
    { key: 'refused_num', header: '重复兑换', render: (c) => <Text color="fg.muted">{c.refused_num}</Text> },
    {
      key: 'active',
      header: '关联活动',
      render: (c) =>
        c.active_id ? (
          <HStack gap="2" data-testid="scratch-activity">
            <Thumbnail src={c.active_pic} alt={c.active_title} size={36} />
            <Stack gap="0">
              <Text maxW="160px" lineClamp={2}>
                {c.active_title}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {typeLabel(c.active_type)}
              </Text>
            </Stack>
          </HStack>
        ) : (
          <Badge variant="outline" colorPalette="gray">
            未关联
          </Badge>
        ),
    },
    timeColumn('created_at', '创建时间', (c) => c.created_at),
    actionsColumn(
      (c) => (
        <RowActions>
          {c.active_id === 0 && (
            <>
              <EditAction onClick={() => dialog.edit(c)} testId="scratch-edit" />
              <RowAction icon={PlusCircle} onClick={() => setAddTo(c)} testId="scratch-add-codes">
                增加兑换码
              </RowAction>
            </>
          )}
          <RowAction icon={Download} onClick={() => void startDownload(c)} testId="scratch-download">
            下载兑换码
          </RowAction>
          <RowAction icon={QrCode} onClick={() => setQrOf(c)} testId="scratch-qr">
            活动二维码
          </RowAction>
          {c.active_id === 0 ? (
            <RowAction icon={Link2} onClick={() => setLinkOf(c)} testId="scratch-link">
              关联活动
            </RowAction>
          ) : (
            <RowAction icon={Unlink} palette="gray" onClick={() => void removeLink(c)} testId="scratch-unlink">
              解除关联
            </RowAction>
          )}
          {c.active_id === 0 && (
            <RowAction icon={Trash2} palette="red" onClick={() => void remove(c)} testId="scratch-delete">
              删除
            </RowAction>
          )}
          <AuditAction
            onClick={() => setAuditOf({ entity: 'scratch', id: c.id, title: c.title })}
            testId="scratch-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage spec={LIST} state={page} onAdd={dialog.add}>
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="scratch-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <ScratchCreateDialog {...dialog.props} defaultBrandId={page.ipId} />
      <ScratchEditDialog {...dialog.props} />
      <AddCodesDialog card={addTo} onClose={() => setAddTo(null)} />
      <CodesDownloadDialog download={download} onClose={() => setDownload(null)} />
      <ActivityQrDialog card={qrOf} onClose={closeQr} />
      {linkOf && (
        <ActivityPickerDialog
          open
          onOpenChange={(open) => !open && setLinkOf(null)}
          ipId={linkOf.ip_id}
          chosen={[]}
          onToggle={(a) => void linkTo(linkOf, a)}
          types={SCRATCH_ACTIVITY_TYPES}
          title={`关联活动 · ${linkOf.title}`}
        />
      )}
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}
