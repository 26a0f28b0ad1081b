import { HStack, Text } from '@chakra-ui/react';
import { canDeleteToy, canEditToy, messages, TOY_STATUS, TOY_TYPES, type ToyRow, toyTypeText } from '@toy/shared';
import { toyRoutes } from '@toy/shared/features/toy-routes';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, Thumbnail, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { FilterChoice } from '../../components/FilterChoice';
import { textFilter } from '../../components/filters';
import { Toggle } from '../../components/form/Toggle';
import { AddButton, ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';
import { ReviewState } from './ToyParts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ToyDialog = lazyPart(() => import('./ToyDialog').then((m) => m.ToyDialog));

const m = messages.toy;

/**
 * 欧气精灵/场景 (spec 03 §2, /toy/list): brand, type and name filters; create; edit only when
 * rejected; delete only when nobody received it and it is not pending; the wish-planet drop switch
 * (disabled while pending). The summary counts toys (res.doll) and scenes (res.pic).
 */
export default function ToyListPage() {
  const page = useBrandListPage(toyRoutes.list);
  const dialog = useEditDialog<ToyRow>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(toyRoutes.delete, { success: m.deleted, invalidates: [toyRoutes.list] });
  const drop = useAction(toyRoutes.setDrop, { success: m.dropSet, invalidates: [toyRoutes.list] });
  const params = page.params as { type?: number };
  const res = page.read.data?.res;

  const remove = (t: ToyRow) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: t.id }),
    );

  const columns: Column<ToyRow>[] = [
    idColumn(),
    {
      key: 'image_url',
      header: '图片',
      render: (t) => <Thumbnail src={t.image_url} alt={t.name} size={t.type === 1 ? 56 : 48} />,
    },
    { key: 'name', header: '名称', render: (t) => <Text data-testid="toy-row-name">{t.name}</Text> },
    { key: 'type', header: '类型', render: (t) => <Text whiteSpace="nowrap">{toyTypeText(t.type)}</Text> },
    { key: 'ip_title', header: '品牌', render: (t) => <Text whiteSpace="nowrap">{t.ip_title}</Text> },
    {
      key: 'short',
      header: '描述',
      render: (t) => (
        <Text maxW="200px" lineClamp={2} color="fg.muted">
          {t.short || '-'}
        </Text>
      ),
    },
    { key: 'received', header: '已获得', render: (t) => <Text data-testid="toy-received">{t.received}</Text> },
    { key: 'status', header: '审核状态', render: (t) => <ReviewState status={t.status} remark={t.remark} /> },
    {
      key: 'is_box_goods',
      header: '心愿星球掉落',
      render: (t) => (
        <Toggle
          checked={t.is_box_goods === 1}
          disabled={t.status === TOY_STATUS.pending || drop.pending}
          onChange={(on) => void drop.trigger({ id: t.id, is_box_goods: on ? 1 : 0 })}
          testId="toy-drop-switch"
        />
      ),
    },
    timeColumn('created_at', '创建时间', (t) => t.created_at),
    actionsColumn(
      (t) => (
        <RowActions>
          {canEditToy(t) && <EditAction onClick={() => dialog.edit(t)} testId="toy-edit" />}
          {canDeleteToy(t) && <DeleteAction onClick={() => void remove(t)} testId="toy-delete" />}
          <AuditAction onClick={() => setAuditOf({ entity: 'toy', id: t.id, title: t.name })} testId="toy-audit" />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <ListPage
      title="欧气精灵/场景"
      description={
        <HStack as="span" gap="3">
          <span>心愿星球的欧气精灵与场景，审核通过并开启掉落后，玩家抽盒时可获得</span>
          {res && (
            <Text as="span" color="fg.default" data-testid="toy-summary">
              欧气精灵 {res.doll} · 场景 {res.pic}
            </Text>
          )}
        </HStack>
      }
      testId="toy-page"
      actions={<AddButton label="新增欧气精灵/场景" onClick={dialog.add} testId="toy-add" />}
      filters={
        <>
          <FilterChoice
            label="类型"
            value={String(params.type ?? '')}
            onChange={(v) => page.setFilters({ type: v === '' ? undefined : Number(v) })}
            options={[
              { value: '', label: '全部' },
              ...TOY_TYPES.map((t) => ({ value: String(t.value), label: t.label })),
            ]}
            testId="toy-filter-type"
          />
          <FilterBar state={page} testId="toy" filters={[textFilter('name', '名称')]} />
        </>
      }
    >
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="toy-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <ToyDialog {...dialog.props} defaultBrandId={page.ipId} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </ListPage>
  );
}
