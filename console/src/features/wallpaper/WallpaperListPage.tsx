import { Badge, Text } from '@chakra-ui/react';
import { messages, WALLPAPER_TYPES, type Wallpaper } from '@toy/shared';
import { wallpaperRoutes } from '@toy/shared/features/wallpaper';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { selectFilter, textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, DeleteAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const WallpaperCreateDialog = lazyPart(() => import('./WallpaperDialog').then((m) => m.WallpaperCreateDialog));

const m = messages.wallpaper;
const FILTERS = [
  textFilter('name', '组件名称'),
  selectFilter('type', '类型', [{ value: '', label: '全部' }, ...WALLPAPER_TYPES]),
];

const LIST: ListSpec = {
  name: 'wallpaper',
  title: '壁纸',
  description: '上传壁纸组件，可允许其在心愿星球掉落',
  add: '上传壁纸',
  filters: FILTERS,
};

/** 壁纸 (spec 03 §2, /toy/wallpaper): brand, type and name filters; upload up to 5 at once; delete. */
export default function WallpaperListPage() {
  const page = useBrandListPage(wallpaperRoutes.list);
  const dialog = useEditDialog<Wallpaper>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(wallpaperRoutes.delete, { success: m.deleted, invalidates: [wallpaperRoutes.list] });
  const remove = (w: Wallpaper) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: w.id }),
    );

  const columns: Column<Wallpaper>[] = [
    idColumn(),
    pictureColumn('pic', (w) => ({ src: w.pic, alt: w.name }), '组件图'),
    titleColumn((w) => w.name, { header: '组件名称' }),
    { key: 'ip_title', header: '品牌', render: (w) => <Text whiteSpace="nowrap">{w.ip_title}</Text> },
    {
      key: 'type',
      header: '心愿星球掉落',
      render: (w) => (
        <Badge colorPalette={w.type === 2 ? 'green' : 'gray'} variant="subtle" data-testid="wallpaper-type">
          {WALLPAPER_TYPES.find((t) => t.value === w.type)?.label}
        </Badge>
      ),
    },
    {
      key: 'short',
      header: '描述',
      render: (w) => (
        <Text maxW="200px" lineClamp={2} color="fg.muted">
          {w.short || '—'}
        </Text>
      ),
    },
    { key: 'received', header: '已领取', render: (w) => <Text data-testid="wallpaper-received">{w.received}</Text> },
    timeColumn('created_at', '创建时间', (w) => w.created_at),
    actionsColumn(
      (w) => (
        <RowActions>
          {w.received === 0 && <DeleteAction onClick={() => void remove(w)} testId="wallpaper-delete" />}
          <AuditAction
            onClick={() => setAuditOf({ entity: 'wallpaper', id: w.id, title: w.name })}
            testId="wallpaper-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage spec={LIST} state={page} onAdd={dialog.add}>
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="wallpaper-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <WallpaperCreateDialog {...dialog.props} defaultBrandId={page.ipId} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}
