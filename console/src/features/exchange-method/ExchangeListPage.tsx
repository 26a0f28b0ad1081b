import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { EXCHANGE_TYPES, type ExchangeMethod, messages, TIME_STATUS } from '@toy/shared';
import { exchangeMethodRoutes } from '@toy/shared/features/exchange-method';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { actionsColumn, idColumn, pictureColumn, Thumbnail, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { AuditAction, DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useAction } from '../../lib/useAction';
import { AuditDialog, type AuditTarget } from '../audit/lazyAuditDialog';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ExchangeFormDialog = lazyPart(() => import('./ExchangeFormDialog').then((m) => m.ExchangeFormDialog));

const m = messages.exchangeMethod;
const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'gray' };

/**
 * 领取专区 (spec 03 §2, /toy/get): exchange methods with the set/single summary; create and edit
 * (component and related-activity choosers), on/off shelf per row, delete while nobody claimed.
 */
export default function ExchangeListPage() {
  const page = useBrandListPage(exchangeMethodRoutes.list);
  const dialog = useEditDialog<ExchangeMethod>();
  const [auditOf, setAuditOf] = useState<AuditTarget | null>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const invalidates = [exchangeMethodRoutes.list];
  const del = useAction(exchangeMethodRoutes.delete, { success: m.deleted, invalidates });
  const listed = useAction(exchangeMethodRoutes.setOff, { success: m.listed, invalidates });
  const delisted = useAction(exchangeMethodRoutes.setOff, { success: m.delisted, invalidates });
  const res = page.read.data?.res;

  // off = 1 is off shelf: the button says 上架 and sends off=0; otherwise 下架 sends off=1 (spec 03 §4).
  const toggle = (e: ExchangeMethod) =>
    e.off === 1
      ? ask({ message: m.onConfirm, cancelled: messages.cancelled.plain }, () => listed.trigger({ id: e.id, off: 0 }))
      : ask({ message: m.offConfirm, danger: true, cancelled: messages.cancelled.plain }, () =>
          delisted.trigger({ id: e.id, off: 1 }),
        );
  const remove = (e: ExchangeMethod) =>
    ask({ message: m.deleteConfirm, danger: true, cancelled: messages.cancelled.delete }, () =>
      del.trigger({ id: e.id }),
    );

  const columns: Column<ExchangeMethod>[] = [
    idColumn(),
    pictureColumn('pic', (e) => ({ src: e.type === 2 ? e.pic : (e.dolls[0]?.pic ?? ''), alt: e.name }), '封面'),
    titleColumn((e) => e.name, { header: '名称' }),
    {
      key: 'type',
      header: '类型',
      render: (e) => (
        <Badge variant="subtle" colorPalette={e.type === 2 ? 'purple' : 'cyan'}>
          {EXCHANGE_TYPES.find((t) => t.value === e.type)?.label}
        </Badge>
      ),
    },
    {
      key: 'dolls',
      header: '组件',
      render: (e) => (
        <HStack gap="1">
          {e.dolls.map((d) => (
            <Thumbnail key={`${d.type}-${d.id}`} src={d.pic} alt={d.name} />
          ))}
        </HStack>
      ),
    },
    { key: 'points', header: '消耗积分', render: (e) => <Text>{e.points}</Text> },
    {
      key: 'time',
      header: '领取时间',
      render: (e) => (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {e.begin_at}
          <br />至 {e.end_at}
        </Text>
      ),
    },
    {
      key: 'time_status',
      header: '状态',
      render: (e) => (
        <Badge colorPalette={STATUS_COLOR[e.time_status]} data-testid="exchange-time-status">
          {TIME_STATUS.find((s) => s.value === e.time_status)?.label}
        </Badge>
      ),
    },
    {
      key: 'off',
      header: '上下架',
      render: (e) => (
        <Badge variant="outline" colorPalette={e.off === 1 ? 'gray' : 'green'} data-testid="exchange-off">
          {e.off === 1 ? '已下架' : '上架中'}
        </Badge>
      ),
    },
    { key: 'received', header: '已领取', render: (e) => <Text data-testid="exchange-received">{e.received}</Text> },
    actionsColumn(
      (e) => (
        <RowActions>
          <EditAction onClick={() => dialog.edit(e)} testId="exchange-edit" />
          <Button
            size="xs"
            variant="ghost"
            colorPalette={e.off === 1 ? 'green' : 'red'}
            onClick={() => void toggle(e)}
            data-testid="exchange-toggle"
          >
            {e.off === 1 ? '上架' : '下架'}
          </Button>
          {e.received === 0 && <DeleteAction onClick={() => void remove(e)} testId="exchange-delete" />}
          <AuditAction
            onClick={() => setAuditOf({ entity: 'exchangeMethod', id: e.id, title: e.name })}
            testId="exchange-audit"
          />
        </RowActions>
      ),
      { sticky: 'end' },
    ),
  ];

  return (
    <BrandListPage
      spec={{
        name: 'exchange',
        title: '领取专区',
        description: (
          <span data-testid="exchange-summary">
            套装 {res?.multi ?? 0} 个 · 单品 {res?.single ?? 0} 个
          </span>
        ),
        add: '新增兑换方式',
        filters: [textFilter('name', '名称')],
      }}
      state={page}
      onAdd={dialog.add}
    >
      <DataTable columns={columns} {...page.table(page.read.data?.lists)} rowTestId="exchange-row" />
      <ListPagination {...page.pagination(page.read.data?.pagination.total_rows)} />
      <ExchangeFormDialog {...dialog.props} defaultBrandId={page.ipId} />
      <AuditDialog target={auditOf} onClose={() => setAuditOf(null)} />
      {confirmDialog}
    </BrandListPage>
  );
}
