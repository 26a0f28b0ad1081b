import { Badge, IconButton, Link, Text, Wrap } from '@chakra-ui/react';
import { type GachaGoods, messages } from '@toy/shared';
import { gachaRoutes } from '@toy/shared/features/gacha';
import { Ban, FileSpreadsheet, FolderInput, Link2Off, Maximize2, Minimize2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, moneyColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, ListCount, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { ToolButton } from '../../components/ToolButton';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { openFile } from '../../lib/openFile';
import { useAction } from '../../lib/useAction';
import { invalidate } from '../../lib/useCall';
import { useAlbumAssignment } from '../album/SetAlbumDialog';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';
import { GachaExport } from './GachaExport';
import { GachaImport } from './GachaImport';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const GachaDialog = lazyPart(() => import('./GachaDialog').then((m) => m.GachaDialog));

/** The table's two heights (spec 01 screen 3). */
/** The spec's two table heights; the taller one is where the window has room for it. */
const TABLE_HEIGHTS = { compact: 400, tall: 650 } as const;
const roomForTall = () => typeof window !== 'undefined' && window.innerHeight >= TABLE_HEIGHTS.tall + 250;

const FILTERS = [
  textFilter('sku_id', '商品ID', { testId: 'id', inputMode: 'numeric', width: '130px' }),
  textFilter('goods_title', '商品名称', { testId: 'title' }),
];

const LIST: ListSpec = {
  name: 'gacha',
  title: '扭蛋商品管理',
  description: '扭蛋与一番赏商品：批量上传、导出与活动关联',
  filters: FILTERS,
  noReset: true,
};

/** 扭蛋商品管理 (spec 01 screen 3): filters, 搜索 / 新增 / 导出查询结果 / 上传商品, table and dialog. */
export default function GachaListPage() {
  const page = useBrandListPage(gachaRoutes.list);
  const { params } = page;
  const dialog = useEditDialog<GachaGoods>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const [tall, setTall] = useState(roomForTall);
  const { ask, dialog: confirmDialog } = useConfirm();
  const album = useAlbumAssignment('gacha', page.ipId);
  const invalidated = { invalidates: [gachaRoutes.list] };
  const invalidateGoods = useAction(gachaRoutes.invalidate, { success: messages.success.done, ...invalidated });
  const unbind = useAction(gachaRoutes.unbind, { success: messages.gacha.unbound, ...invalidated });
  const template = useAction(gachaRoutes.template);
  const act = (message: string, run: () => unknown) => ask({ message, cancelled: messages.cancelled.operation }, run);

  const columns: Column<GachaGoods>[] = [
    idColumn(),
    pictureColumn('pics', (g) => ({ src: g.pics, alt: g.goods_title })),
    titleColumn((g) => g.goods_title, { dim: (g) => !g.status }),
    {
      key: 'cate',
      header: '类型',
      render: (g) => <Badge colorPalette={g.cate === 2 ? 'orange' : 'brand'}>{g.cate_text}</Badge>,
    },
    { ...moneyColumn('price', '零售价', (g: GachaGoods) => g.price, { fontWeight: '600' }), sort: 'price' },
    moneyColumn('cost', '成本价', (g) => g.cost_price, { color: 'fg.muted' }),
    {
      key: 'stock',
      sort: 'stock',
      header: '库存',
      align: 'end',
      render: (g) => <Text data-testid="gacha-stock-value">{g.stock}</Text>,
    },
    {
      key: 'channel',
      header: '渠道',
      render: (g) => (
        <Text whiteSpace="nowrap" maxW="140px" truncate title={g.channel_title}>
          {g.channel_title}
        </Text>
      ),
    },
    {
      key: 'label',
      header: '标签',
      render: (g) => (
        <Wrap gap="1" maxW="180px">
          {g.label.filter(Boolean).map((l) => (
            <Badge key={l} variant="outline" size="sm">
              {l}
            </Badge>
          ))}
        </Wrap>
      ),
    },
    {
      key: 'active',
      header: '关联活动',
      render: (g) =>
        g.active_num > 0 ? (
          <Badge colorPalette="blue" title={`活动ID：${g.active_ids.join('、')}`} data-testid="gacha-active">
            {g.active_num} 个活动
          </Badge>
        ) : (
          <Text color="fg.subtle">—</Text>
        ),
    },
    {
      key: 'status',
      header: '状态',
      render: (g) =>
        g.status ? (
          <Badge colorPalette="green">有效</Badge>
        ) : (
          <Badge colorPalette="gray" data-testid="gacha-invalid">
            {messages.gacha.invalidated}
          </Badge>
        ),
    },
    album.column<GachaGoods>(),
    timeColumn('created_at', '创建时间', (g) => g.created_at),
    actionsColumn(
      (g) => (
        <RowActions>
          <EditAction onClick={() => dialog.edit(g)} testId="gacha-edit" />
          {g.active_num === 0 && g.status === 1 && (
            <RowAction
              icon={Ban}
              palette="orange"
              onClick={() =>
                void act(messages.gacha.invalidateConfirm, () => invalidateGoods.trigger({ id: g.id, ip_id: g.ip_id }))
              }
              testId="gacha-invalidate"
            >
              失效
            </RowAction>
          )}
          {g.active_num > 0 && (
            <RowAction
              icon={Link2Off}
              palette="orange"
              onClick={() =>
                void act(messages.gacha.unbindConfirm, () => unbind.trigger({ goods_id: g.id, ip_id: g.ip_id }))
              }
              testId="gacha-unbind"
            >
              解除活动关联
            </RowAction>
          )}
          <RowAction icon={FolderInput} onClick={() => album.open([g.id])} testId="gacha-set-album">
            设置合辑
          </RowAction>
          <AuditAction
            onClick={() => setAuditOf({ entity: 'gacha', id: g.id, title: g.goods_title })}
            testId="gacha-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  const downloadTemplate = async () => openFile(await template.trigger({}));

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      tools={
        <>
          <ToolButton icon={Plus} colorPalette="brand" variant="subtle" onClick={dialog.add} testId="gacha-add">
            新增
          </ToolButton>
          <GachaExport
            filters={{ ip_id: params.ip_id, sku_id: params.sku_id, goods_title: params.goods_title }}
            disabled={params.ip_id === undefined}
          />
          <GachaImport ipId={params.ip_id} onImported={() => void invalidate(gachaRoutes.list)} />
          <Link fontSize="sm" colorPalette="brand" onClick={() => void downloadTemplate()} data-testid="gacha-template">
            <FileSpreadsheet size={14} />
            下载模板
          </Link>
        </>
      }
    >
      <ListCount total={page.read.data?.page.total_rows} unit="个商品">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={tall ? '收起表格' : '展开表格'}
          title={tall ? '收起表格' : '展开表格'}
          onClick={() => setTall((t) => !t)}
          data-testid="gacha-table-height"
        >
          {tall ? <Minimize2 /> : <Maximize2 />}
        </IconButton>
      </ListCount>
      <DataTable
        columns={columns}
        {...page.table(page.read.data?.list)}
        rowTestId="gacha-row"
        maxH={`${tall ? TABLE_HEIGHTS.tall : TABLE_HEIGHTS.compact}px`}
      />
      <ListPagination {...page.pagination(page.read.data?.page.total_rows)} />
      <GachaDialog {...dialog.props} defaultBrandId={params.ip_id} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {album.dialog}
      {confirmDialog}
    </BrandListPage>
  );
}
