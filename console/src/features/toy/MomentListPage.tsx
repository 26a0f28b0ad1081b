import { Text } from '@chakra-ui/react';
import { canDeleteToy, canEditToy, type MomentRow, messages } from '@toy/shared';
import { momentRoutes } from '@toy/shared/features/toy-routes';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, Thumbnail, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';
import { ReviewState } from './ToyParts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const MomentDialog = lazyPart(() => import('./MomentDialog').then((m) => m.MomentDialog));

const m = messages.toy;

const LIST: ListSpec = {
  name: 'moment',
  title: '精彩时刻',
  description: '品牌的精彩时刻，审核通过后玩家抽盒时可获得（带品牌水印）',
  add: '新增精彩时刻',
  filters: [textFilter('name', '名称')],
};

/**
 * 精彩时刻 (spec 03 §2, /toy/album): brand and name filters; create; edit only when rejected;
 * delete only when nobody received it and it is not pending. Pictures show the watermarked version.
 */
export default function MomentListPage() {
  const page = useBrandListPage(momentRoutes.list);
  const dialog = useEditDialog<MomentRow>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(momentRoutes.delete, { success: m.deleted, invalidates: [momentRoutes.list] });

  const remove = (t: MomentRow) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: t.id }),
    );

  const columns: Column<MomentRow>[] = [
    idColumn(),
    {
      key: 'image_url_watermark',
      header: '图片',
      render: (t) => <Thumbnail src={t.image_url_watermark || t.image_url} alt={t.name} size={64} />,
    },
    { key: 'name', header: '名称', render: (t) => <Text data-testid="moment-row-name">{t.name}</Text> },
    { key: 'ip_title', header: '品牌', render: (t) => <Text whiteSpace="nowrap">{t.ip_title}</Text> },
    {
      key: 'short',
      header: '描述',
      render: (t) => (
        <Text maxW="240px" lineClamp={2} color="fg.muted">
          {t.short}
        </Text>
      ),
    },
    { key: 'received', header: '已获得', render: (t) => <Text data-testid="moment-received">{t.received}</Text> },
    { key: 'status', header: '审核状态', render: (t) => <ReviewState status={t.status} remark={t.remark} /> },
    timeColumn('created_at', '创建时间', (t) => t.created_at),
    actionsColumn(
      (t) => (
        <RowActions>
          {canEditToy(t) && <EditAction onClick={() => dialog.edit(t)} testId="moment-edit" />}
          {canDeleteToy(t) && <DeleteAction onClick={() => void remove(t)} testId="moment-delete" />}
          <AuditAction
            onClick={() => setAuditOf({ entity: 'moment', id: t.id, title: t.name })}
            testId="moment-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage spec={LIST} state={page} onAdd={dialog.add}>
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="moment-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <MomentDialog {...dialog.props} defaultBrandId={page.ipId} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}
