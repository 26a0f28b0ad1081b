import { Badge, Button, HStack, IconButton, Image, Link, Text, Wrap } from '@chakra-ui/react';
import { api, type GachaGoods, messages, PER_ID } from '@toy/shared';
import { Ban, FileSpreadsheet, History, Link2Off, Maximize2, Minimize2, Pencil, Plus, Search } from 'lucide-react';
import { useCallback, useState } from 'react';
import { BrandFilter } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { FilterInput, useFilterDrafts } from '../../components/FilterInput';
import { ListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { toQuery } from '../../components/listParams';
import { previewUrl } from '../../components/upload/uploadCore';
import { useListParams } from '../../components/useListParams';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate, useCall } from '../../lib/useCall';
import { AuditDialog, type AuditTarget } from '../audit/AuditDialog';
import { GachaDialog } from './GachaDialog';
import { GachaExport } from './GachaExport';
import { GachaImport } from './GachaImport';
import { gachaListParams, TABLE_HEIGHTS } from './params';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

/** 扭蛋商品管理 (spec 01 screen 3): filters, 搜索 / 新增 / 导出查询结果 / 上传商品, table and dialog. */
export default function GachaListPage() {
  const { params, setFilters, setPage, setPageSize } = useListParams(gachaListParams);
  const { drafts, set } = useFilterDrafts({
    sku_id: params.sku_id ? String(params.sku_id) : '',
    goods_title: params.goods_title ?? '',
  });
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  const waitingBrand = params.ip_id === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const { data, error, isLoading, mutate } = useCall(api.gacha.list, toQuery(params), {
    enabled: params.ip_id !== undefined,
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: GachaGoods | null }>({ open: false, editing: null });
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const [tall, setTall] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
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
    { key: 'id', header: 'ID', width: '64px', render: (g) => <Text color="fg.muted">{g.id}</Text> },
    {
      key: 'pics',
      header: '图片',
      render: (g) => (
        <HStack gap="1">
          <Image
            src={previewUrl(g.pics[0] ?? '', 120)}
            alt={g.goods_title}
            boxSize="48px"
            minW="48px"
            flexShrink={0}
            rounded="md"
            objectFit="cover"
            bg="gray.100"
          />
          {g.pics.length > 1 && (
            <Text fontSize="xs" color="fg.muted">
              +{g.pics.length - 1}
            </Text>
          )}
        </HStack>
      ),
    },
    {
      key: 'title',
      header: '商品名称',
      render: (g) => (
        <Text fontWeight="500" minW="160px" maxW="240px" lineClamp={2} opacity={g.status ? 1 : 0.55}>
          {g.goods_title}
        </Text>
      ),
    },
    {
      key: 'cate',
      header: '类型',
      render: (g) => <Badge colorPalette={g.cate === 2 ? 'orange' : 'brand'}>{g.cate_text}</Badge>,
    },
    { key: 'price', header: '零售价', align: 'end', render: (g) => <Text fontWeight="600">{yuan(g.price)}</Text> },
    { key: 'cost', header: '成本价', align: 'end', render: (g) => <Text color="fg.muted">{yuan(g.cost_price)}</Text> },
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
            data-testid="gacha-edit"
          >
            <Pencil size={14} />
            编辑
          </Button>
          {g.active_num === 0 && g.status === 1 && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="orange"
              onClick={() =>
                void act(
                  messages.gacha.invalidateConfirm,
                  () => call(api.gacha.invalidate, { id: g.id, ip_id: g.ip_id }),
                  messages.success.done,
                )
              }
              data-testid="gacha-invalidate"
            >
              <Ban size={14} />
              失效
            </Button>
          )}
          {g.active_num > 0 && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="orange"
              onClick={() =>
                void act(
                  messages.gacha.unbindConfirm,
                  () => call(api.gacha.unbind, { goods_id: g.id, ip_id: g.ip_id }),
                  messages.gacha.unbound,
                )
              }
              data-testid="gacha-unbind"
            >
              <Link2Off size={14} />
              解除活动关联
            </Button>
          )}
          <Button
            size="xs"
            variant="ghost"
            colorPalette="gray"
            onClick={() => setAuditOf({ entity: 'gacha', id: g.id, title: g.goods_title })}
            data-testid="gacha-audit"
          >
            <History size={14} />
            操作记录
          </Button>
        </HStack>
      ),
    },
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
              onClick={() => setDialog({ open: true, editing: null })}
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
          共 {data?.page.total_rows ?? 0} 个商品
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
        rows={params.ip_id === undefined ? (waitingBrand ? undefined : []) : data?.list}
        rowKey={(g) => g.id}
        loading={isLoading || waitingBrand}
        error={error ?? brands.error}
        onRetry={() => void mutate()}
        rowTestId="gacha-row"
        maxH={`${tall ? TABLE_HEIGHTS.tall : TABLE_HEIGHTS.compact}px`}
      />
      <ListPagination
        total={data?.page.total_rows ?? 0}
        page={params.page}
        pageSize={params.limit}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
      <GachaDialog
        open={dialog.open}
        editing={dialog.editing}
        defaultBrandId={params.ip_id}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </ListPage>
  );
}
