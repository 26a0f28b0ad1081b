import { Button, Stack, Text } from '@chakra-ui/react';
import { KUJI_AUDIT, KUJI_OFF, type KujiRow, kujiHeaderText, messages } from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';
import { ArrowUpFromLine, Eye, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { CountLink } from '../../components/CountLink';
import { actionsColumn, moneyColumn, PictureTitle } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { DeleteAction, RowAction, RowActions } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import type { KujiTab } from './KujiDialog';
import { KujiStatusBadge, kujiBoxListHref, kujiSendListHref } from './parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const KujiDialog = lazyPart(() => import('./KujiDialog').then((m) => m.KujiDialog));

const LIST: ListSpec = { name: 'kuji', title: '一番赏', filters: [textFilter('title', '一番赏名称')] };

/** 一番赏 (spec 03 §2 /jackpot/list): brand and name filters in the URL, 10 per page, the detail dialog. */
export default function KujiListPage() {
  const page = useBrandListPage(kujiRoutes.list);
  const { params, read: list } = page;
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ id: number; tab: KujiTab } | null>(null);
  const { confirm, dialog } = useConfirm();
  const remove = useAction(kujiRoutes.delete, { success: messages.success.deleted, invalidates: [kujiRoutes.list] });

  const shelf = useAction(kujiRoutes.update, {
    success: messages.success.listed,
    invalidates: [kujiRoutes.list, kujiRoutes.info],
  });
  /** 上架 from the row (an approved kuji waiting, or one taken off), with the dialog's confirmation. */
  const putOnShelf = async (k: KujiRow) => {
    if (await confirm({ message: messages.kuji.listConfirm })) await shelf.trigger({ id: k.id, off: KUJI_OFF.listed });
    else notify.info(messages.cancelled.plain);
  };

  const del = async (k: KujiRow) => {
    if (await confirm({ message: `确定删除一番赏「${k.title}」吗？`, confirmText: '删除' }))
      await remove.trigger({ id: k.id });
    else notify.info(messages.cancelled.delete);
  };

  const columns: Column<KujiRow>[] = [
    {
      key: 'info',
      header: '一番赏信息',
      render: (k) => (
        <PictureTitle src={k.pic} alt={k.title}>
          <Text fontWeight="500" lineClamp={2} data-testid="kuji-title">
            {k.title}
          </Text>
        </PictureTitle>
      ),
    },
    { key: 'status', header: '状态', render: (k) => <KujiStatusBadge kuji={k} testId="kuji-status" /> },
    { ...moneyColumn('price', '单抽价格', (k: KujiRow) => k.price), sort: 'price' },
    { ...moneyColumn('sales', '销售额', (k: KujiRow) => k.sales_price, { testId: 'kuji-sales' }), sort: 'sales_price' },
    {
      key: 'send',
      header: '提货',
      render: (k) => (
        <CountLink label="待发货" count={k.not_send_num} testId="kuji-send" to={kujiSendListHref(k.title)}>
          去发货
        </CountLink>
      ),
    },
    {
      key: 'storage',
      header: '寄存',
      render: (k) => (
        <CountLink label="寄存中" count={k.dont_send_num} testId="kuji-deposit" to={kujiBoxListHref(k.title)}>
          查看用户寄存
        </CountLink>
      ),
    },
    {
      key: 'stock',
      sort: 'surplus_stock',
      header: '库存',
      render: (k) =>
        k.audit_status !== KUJI_AUDIT.approved ? (
          // Tickets are made from the committed seed once the review passes: none to count before.
          <Stack gap="0" fontSize="sm" whiteSpace="nowrap" data-testid="kuji-stock-pending">
            <Text>{k.stock} 箱</Text>
            <Text color="fg.muted">审核通过后生成赏票</Text>
          </Stack>
        ) : (
          <CountLink
            label="剩余赏票"
            count={k.surplus_stock}
            testId="kuji-stock"
            action={
              <Button
                size="2xs"
                variant="plain"
                px="0"
                colorPalette="brand"
                justifyContent="start"
                onClick={() => setOpen({ id: k.id, tab: 'boxes' })}
                data-testid="kuji-stock-view"
              >
                查看箱数据（{k.stock} 箱）
              </Button>
            }
          />
        ),
    },
    actionsColumn((k) => (
      <RowActions>
        <RowAction icon={Eye} onClick={() => setOpen({ id: k.id, tab: 'basic' })} testId="kuji-view">
          查看
        </RowAction>
        {k.audit_status === KUJI_AUDIT.approved && k.off === KUJI_OFF.delisted && (
          <RowAction icon={ArrowUpFromLine} palette="green" onClick={() => void putOnShelf(k)} testId="kuji-list">
            上架
          </RowAction>
        )}
        {k.audit_status === KUJI_AUDIT.pending && <DeleteAction onClick={() => void del(k)} testId="kuji-delete" />}
      </RowActions>
    )),
  ];

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      summary={list.data ? kujiHeaderText(list.data) : ''}
      summaryTestId="kuji-header"
      actions={
        <ActionButton
          icon={Plus}
          colorPalette="brand"
          onClick={() => navigate(`/jackpot/add${params.ip_id ? `?ipId=${params.ip_id}` : ''}`)}
          testId="kuji-publish"
        >
          发布一番赏
        </ActionButton>
      }
    >
      <DataTable columns={columns} {...page.table(list.data?.list)} rowTestId="kuji-row" />
      <ListPagination
        {...page.pagination(list.data?.pagination.total_rows)}
        pageSizes={[10]}
        onPageSizeChange={undefined}
      />
      <KujiDialog target={open} onClose={() => setOpen(null)} />
      {dialog}
    </BrandListPage>
  );
}
