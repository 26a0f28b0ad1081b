import { Badge, HStack, Text } from '@chakra-ui/react';
import { type Goods, messages } from '@toy/shared';
import { goodsRoutes } from '@toy/shared/features/goods';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, moneyColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, CellAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const StockDialog = lazyPart(() => import('./StockDialog').then((m) => m.StockDialog));
const GoodsDialog = lazyPart(() => import('./GoodsDialog').then((m) => m.GoodsDialog));

const dash = (v: number | null) => (v === null ? '—' : String(v));

const LIST: ListSpec = {
  name: 'goods',
  title: '商品列表',
  description: '管理实物商品、价格与库存',
  add: '新增商品',
  filters: [textFilter('title', '商品名称')],
};

/** 商品列表 (spec 01 screen 2): brand and name filters in the URL, the table, add/edit, stock, delete. */
export default function GoodsListPage() {
  const page = useBrandListPage(goodsRoutes.list);
  const dialog = useEditDialog<Goods>();
  const [stockOf, setStockOf] = useState<Goods | null>(null);
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const del = useAction(goodsRoutes.delete, { success: messages.success.deleted, invalidates: [goodsRoutes.list] });

  const remove = (g: Goods) =>
    ask({ message: messages.goods.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: g.id }),
    );

  const columns: Column<Goods>[] = [
    idColumn(),
    pictureColumn('pic', (g) => ({ src: g.pic, alt: g.title })),
    titleColumn((g) => g.title),
    {
      key: 'goods_num',
      header: '备注',
      render: (g) => (
        <Text color="fg.muted" minW="72px" maxW="140px" lineClamp={2}>
          {g.goods_num || '—'}
        </Text>
      ),
    },
    {
      key: 'goods_code',
      header: '条码',
      render: (g) => (g.goods_code ? <Text fontFamily="mono">{g.goods_code}</Text> : <Text color="fg.muted">—</Text>),
    },
    { ...moneyColumn('price', '价格', (g: Goods) => g.price, { fontWeight: '600' }), sort: 'price' },
    {
      key: 'is_overseas',
      header: '海外',
      render: (g) =>
        g.is_overseas ? (
          <Badge colorPalette="purple">海外</Badge>
        ) : (
          <Badge variant="outline" colorPalette="gray">
            国内
          </Badge>
        ),
    },
    {
      key: 'stock',
      sort: 'stock',
      header: '库存',
      render: (g) => (
        <HStack gap="2" whiteSpace="nowrap">
          {g.stock_limit ? (
            <Text fontWeight="600" color={g.stock === 0 ? 'red.500' : undefined} data-testid="goods-stock-value">
              {g.stock}
            </Text>
          ) : (
            <Badge colorPalette="green" data-testid="goods-stock-value">
              {messages.goods.unlimited}
            </Badge>
          )}
          <CellAction onClick={() => setStockOf(g)} testId="goods-stock-edit">
            修改库存
          </CellAction>
        </HStack>
      ),
    },
    { key: 'weight', header: '重量(kg)', render: (g) => dash(g.weight) },
    {
      key: 'size',
      header: '尺寸(cm)',
      render: (g) => (
        <Text whiteSpace="nowrap" title="长×宽×高">
          {g.length === null ? '—' : `${dash(g.length)}×${dash(g.width)}×${dash(g.height)}`}
        </Text>
      ),
    },
    timeColumn('created_at', '创建时间', (g) => g.created_at),
    actionsColumn(
      (g) => (
        <RowActions>
          <EditAction onClick={() => dialog.edit(g)} testId="goods-edit" />
          <RowAction icon={Trash2} palette="red" onClick={() => void remove(g)} testId="goods-delete">
            删除
          </RowAction>
          <AuditAction onClick={() => setAuditOf({ entity: 'goods', id: g.id, title: g.title })} testId="goods-audit" />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage spec={LIST} state={page} onAdd={dialog.add}>
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="goods-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <GoodsDialog {...dialog.props} defaultBrandId={page.ipId} />
      <StockDialog goods={stockOf} onOpenChange={(open) => !open && setStockOf(null)} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}
