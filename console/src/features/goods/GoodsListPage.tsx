import { Badge, Button, HStack, Image, Text } from '@chakra-ui/react';
import { api, type Goods, messages, PER_ID } from '@toy/shared';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterInput, SearchButtons, useFilterDrafts } from '../../components/FilterInput';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { toQuery } from '../../components/listParams';
import { previewUrl } from '../../components/upload/uploadCore';
import { useListParams } from '../../components/useListParams';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate, useCall } from '../../lib/useCall';
import { AuditDialog, type AuditTarget } from '../audit/AuditDialog';
import { GoodsDialog } from './GoodsDialog';
import { goodsListParams } from './params';
import { StockDialog } from './StockDialog';

const yuan = (n: number) => `¥${n.toFixed(2)}`;
const dash = (v: number | null) => (v === null ? '—' : String(v));

/** 商品列表 (spec 01 screen 2): brand and name filters in the URL, the table, add/edit, stock, delete. */
export default function GoodsListPage() {
  const { params, setFilters, setPage, setPageSize, reset } = useListParams(goodsListParams);
  const { drafts, set } = useFilterDrafts({ title: params.title ?? '' });
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  const waitingBrand = params.ip_id === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const { data, error, isLoading, mutate } = useCall(api.goods.list, toQuery(params), {
    enabled: params.ip_id !== undefined,
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Goods | null }>({ open: false, editing: null });
  const [stockOf, setStockOf] = useState<Goods | null>(null);
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
  const search = () => setFilters({ title: drafts.title.trim() || undefined });

  const remove = async (g: Goods) => {
    if (!(await confirm({ message: messages.goods.deleteConfirm, danger: true }))) {
      notify.info(messages.cancelled.delete);
      return;
    }
    try {
      await call(api.goods.delete, { id: g.id });
      notify.success(messages.success.deleted);
      await invalidate(api.goods.list);
    } catch {
      // The request layer showed the message.
    }
  };

  const columns: Column<Goods>[] = [
    { key: 'id', header: 'ID', width: '64px', render: (g) => <Text color="fg.muted">{g.id}</Text> },
    {
      key: 'pic',
      header: '图片',
      render: (g) => (
        <Image
          src={previewUrl(g.pic, 120)}
          alt={g.title}
          boxSize="48px"
          minW="48px"
          rounded="md"
          objectFit="cover"
          bg="gray.100"
        />
      ),
    },
    {
      key: 'title',
      header: '商品名称',
      render: (g) => (
        <Text fontWeight="500" minW="160px" maxW="240px" lineClamp={2}>
          {g.title}
        </Text>
      ),
    },
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
    { key: 'price', header: '价格', align: 'end', render: (g) => <Text fontWeight="600">{yuan(g.price)}</Text> },
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
          <Button
            size="2xs"
            variant="plain"
            colorPalette="brand"
            px="0"
            onClick={() => setStockOf(g)}
            data-testid="goods-stock-edit"
          >
            修改库存
          </Button>
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
    {
      key: 'created_at',
      header: '创建时间',
      render: (g) => (
        <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
          {g.created_at}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '操作',
      sticky: 'end',
      render: (g) => (
        <HStack gap="0">
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => setDialog({ open: true, editing: g })}
            data-testid="goods-edit"
          >
            <Pencil size={14} />
            编辑
          </Button>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => void remove(g)}
            data-testid="goods-delete"
          >
            <Trash2 size={14} />
            删除
          </Button>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="gray"
            onClick={() => setAuditOf({ entity: 'goods', id: g.id, title: g.title })}
            data-testid="goods-audit"
          >
            <History size={14} />
            操作记录
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <ListPage
      title="商品列表"
      description="管理实物商品、价格与库存"
      testId="goods-page"
      actions={
        <Button colorPalette="brand" onClick={() => setDialog({ open: true, editing: null })} data-testid="goods-add">
          <Plus size={16} />
          新增商品
        </Button>
      }
      filters={
        <>
          <BrandFilter perId={PER_ID.box} value={params.ip_id} onChange={onBrand} testId="goods-filter-brand" />
          <FilterInput
            label="商品名称"
            value={drafts.title}
            onChange={set('title')}
            onEnter={search}
            testId="goods-filter-title"
          />
          <SearchButtons onSearch={search} onReset={() => reset(['ip_id'])} testId="goods" />
        </>
      }
    >
      <DataTable
        columns={columns}
        rows={params.ip_id === undefined ? (waitingBrand ? undefined : []) : data?.lists}
        rowKey={(g) => g.id}
        loading={isLoading || waitingBrand}
        error={error ?? brands.error}
        onRetry={() => void mutate()}
        rowTestId="goods-row"
      />
      <ListPagination
        total={data?.pagination.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
      <GoodsDialog
        open={dialog.open}
        editing={dialog.editing}
        defaultBrandId={params.ip_id}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <StockDialog goods={stockOf} onOpenChange={(open) => !open && setStockOf(null)} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </ListPage>
  );
}
