import { Badge, Button, HStack, IconButton, Link, Text, Wrap } from '@chakra-ui/react';
import { api, type GachaGoods, messages, PER_ID } from '@toy/shared';
import { Ban, FileSpreadsheet, Link2Off, Maximize2, Minimize2, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, moneyColumn, pictureColumn, timeColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterInput, useFilterDrafts } from '../../components/FilterInput';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { toQuery } from '../../components/listParams';
import { AuditAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandList } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { useListParams } from '../../components/useListParams';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate, useCall } from '../../lib/useCall';
import { AuditDialog, type AuditTarget } from '../audit/AuditDialog';
import { GachaDialog } from './GachaDialog';
import { GachaExport } from './GachaExport';
import { GachaImport } from './GachaImport';
import { gachaListParams, TABLE_HEIGHTS } from './params';

/** 扭蛋商品管理 (spec 01 screen 3): filters, 搜索 / 新增 / 导出查询结果 / 上传商品, table and dialog. */
export default function GachaListPage() {
  const { params, setFilters, setPage, setPageSize } = useListParams(gachaListParams);
  const { drafts, set } = useFilterDrafts({
    sku_id: params.sku_id ? String(params.sku_id) : '',
    goods_title: params.goods_title ?? '',
  });
  const { onBrand, table } = useBrandList(params.ip_id, setFilters);
  const list = useCall(api.gacha.list, toQuery(params), {
    enabled: params.ip_id !== undefined,
  });
  const dialog = useEditDialog<GachaGoods>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const [tall, setTall] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const search = () => {
    const id = drafts.sku_id.trim();
    setFilters({
      sku_id: /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : undefined,
      goods_title: drafts.goods_title.trim() || undefined,
    });
  };

  const act = async (message: string, run: () => Promise<unknown>, done: string) => {
    if (!(await confirm({ message }))) return void notify.info(messages.cancelled.operation);
    try {
      await run();
      notify.success(done);
      await invalidate(api.gacha.list);
    } catch {
      // The request layer showed the message.
    }
  };

  const columns: Column<GachaGoods>[] = [
    idColumn(),
    pictureColumn('pics', (g) => ({ src: g.pics, alt: g.goods_title })),
    titleColumn((g) => g.goods_title, { dim: (g) => !g.status }),
    {
      key: 'cate',
      header: '类型',
      render: (g) => <Badge colorPalette={g.cate === 2 ? 'orange' : 'brand'}>{g.cate_text}</Badge>,
    },
    moneyColumn('price', '零售价', (g) => g.price, { fontWeight: '600' }),
    moneyColumn('cost', '成本价', (g) => g.cost_price, { color: 'fg.muted' }),
    {
      key: 'stock',
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
                void act(
                  messages.gacha.invalidateConfirm,
                  () => call(api.gacha.invalidate, { id: g.id, ip_id: g.ip_id }),
                  messages.success.done,
                )
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
                void act(
                  messages.gacha.unbindConfirm,
                  () => call(api.gacha.unbind, { goods_id: g.id, ip_id: g.ip_id }),
                  messages.gacha.unbound,
                )
              }
              testId="gacha-unbind"
            >
              解除活动关联
            </RowAction>
          )}
          <AuditAction
            onClick={() => setAuditOf({ entity: 'gacha', id: g.id, title: g.goods_title })}
            testId="gacha-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  const downloadTemplate = async () => {
    try {
      const { url } = await call(api.gacha.template, {});
      window.open(url, '_blank', 'noopener');
    } catch {
      // shown by the request layer
    }
  };

  return (
    <ListPage
      title="扭蛋商品管理"
      description="扭蛋与一番赏商品：批量上传、导出与活动关联"
      testId="gacha-page"
      filters={
        <>
          <BrandFilter perId={PER_ID.box} value={params.ip_id} onChange={onBrand} testId="gacha-filter-brand" />
          <FilterInput
            label="商品ID"
            value={drafts.sku_id}
            onChange={set('sku_id')}
            onEnter={search}
            inputMode="numeric"
            width="130px"
            testId="gacha-filter-id"
          />
          <FilterInput
            label="商品名称"
            value={drafts.goods_title}
            onChange={set('goods_title')}
            onEnter={search}
            testId="gacha-filter-title"
          />
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={search} data-testid="gacha-search">
              <Search size={14} />
              搜索
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              variant="subtle"
              onClick={() => dialog.add()}
              data-testid="gacha-add"
            >
              <Plus size={14} />
              新增
            </Button>
            <GachaExport
              filters={{ ip_id: params.ip_id, sku_id: params.sku_id, goods_title: params.goods_title }}
              disabled={params.ip_id === undefined}
            />
            <GachaImport ipId={params.ip_id} onImported={() => void invalidate(api.gacha.list)} />
            <Link
              fontSize="sm"
              colorPalette="brand"
              onClick={() => void downloadTemplate()}
              data-testid="gacha-template"
            >
              <FileSpreadsheet size={14} />
              下载模板
            </Link>
          </HStack>
        </>
      }
    >
      <HStack justify="space-between" mb="3">
        <Text fontSize="sm" color="fg.muted">
          共 {list.data?.page.total_rows ?? 0} 个商品
        </Text>
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
      </HStack>
      <DataTable
        columns={columns}
        {...table(list.data?.list, list)}
        rowKey={(g) => g.id}
        rowTestId="gacha-row"
        maxH={`${tall ? TABLE_HEIGHTS.tall : TABLE_HEIGHTS.compact}px`}
      />
      <ListPagination
        total={list.data?.page.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
      <GachaDialog {...dialog.props} defaultBrandId={params.ip_id} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </ListPage>
  );
}
