import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { DrawMachine } from '@toy/shared';
import { drawMachineRoutes } from '@toy/shared/features/draw-machine';
import { Eye, Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { CountLink } from '../../components/CountLink';
import { actionsColumn, moneyColumn, PictureTitle, timeColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { textFilter } from '../../components/filters';
import { BrandListPage, type ListSpec } from '../../components/ListPage';
import { ListPagination } from '../../components/ListPagination';
import { RowAction } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { lazyPart } from '../../lib/lazyPart';
import type { DrawMachineTab } from './DrawMachineDialog';
import { boxListHref, OffBadge, sendListHref } from './parts';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const DrawMachineDialog = lazyPart(() => import('./DrawMachineDialog').then((m) => m.DrawMachineDialog));

/** What 销售额 counts, and why it is not the dashboard's 本周实收 of the same machine. */
const SALES_NOTE =
  '按标价累计该抽盒机开售以来的全部抽盒订单（未扣金币抵扣与优惠券）；首页「本周热销系列」为本周一起订单的实收金额';

const LIST: ListSpec = { name: 'dm', title: '抽盒机管理', filters: [textFilter('keyword', '盒机名称')] };

/** 抽盒机管理 (spec 01 screen 6): brand and keyword filters in the URL, 10 per page, the detail dialog. */
export default function DrawMachineListPage() {
  const page = useBrandListPage(drawMachineRoutes.list);
  const { params, read: list } = page;
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ machine: DrawMachine; tab: DrawMachineTab } | null>(null);
  /** 录入盒机 and 发布盒机 open their page for the chosen brand. */
  const go = (page: string, brandParam: string) =>
    navigate(`/blindBox/${page}${params.ip_id ? `?${brandParam}=${params.ip_id}` : ''}`);
  const onSale = list.data?.on_sale ?? 0;

  const columns: Column<DrawMachine>[] = [
    {
      key: 'info',
      header: '盒子信息',
      render: (d) => (
        <PictureTitle src={d.pic} alt={d.title}>
          <Stack gap="0.5">
            <Text fontWeight="500" lineClamp={2} data-testid="dm-title">
              {d.title}
            </Text>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="dm-batch">
              批次 {d.id}
            </Text>
          </Stack>
        </PictureTitle>
      ),
    },
    { ...timeColumn('shelves_time', '发售时间', (d: DrawMachine) => d.shelves_time), sort: 'shelves_time' },
    {
      ...moneyColumn('price', '官方售价', (d: DrawMachine) => d.official_price, { testId: 'dm-official-price' }),
      sort: 'official_price',
    },
    {
      ...moneyColumn('sale', '销售额', (d: DrawMachine) => d.sale_amount.cn, { testId: 'dm-sale' }),
      sort: 'sale_amount',
      note: '标价，全部订单',
      noteTitle: SALES_NOTE,
    },
    {
      key: 'off',
      header: '状态',
      render: (d) => <OffBadge off={d.off} testId="dm-off" />,
    },
    {
      key: 'send',
      header: '提货',
      render: (d) => (
        <CountLink label="待发货" count={d.stay_send_goods} to={sendListHref(d.title)} testId="dm-send">
          去发货
        </CountLink>
      ),
    },
    {
      key: 'storage',
      header: '寄存',
      render: (d) => (
        <CountLink
          label="待取回"
          count={d.stay_retrieval}
          to={boxListHref(d.title)}
          testId="dm-retrieval"
          linkTestId="dm-storage-link"
        >
          查看用户寄存
        </CountLink>
      ),
    },
    {
      key: 'stock',
      sort: 'stock',
      header: '库存',
      render: (d) => (
        <Stack gap="0" whiteSpace="nowrap">
          <Text fontSize="sm">
            剩余 <b data-testid="dm-stock">{d.stock}</b> 箱（{d.surplus_num} 盒）
          </Text>
          <Button
            size="2xs"
            variant="plain"
            px="0"
            colorPalette="brand"
            onClick={() => setOpen({ machine: d, tab: 'goods' })}
            data-testid="dm-stock-view"
          >
            查看剩余库存
          </Button>
        </Stack>
      ),
    },
    actionsColumn((d) => (
      <RowAction icon={Eye} onClick={() => setOpen({ machine: d, tab: 'basic' })} testId="dm-view">
        查看
      </RowAction>
    )),
  ];

  return (
    <BrandListPage
      spec={LIST}
      state={page}
      summary={onSale > 0 ? `${onSale} 台抽盒机在售` : '暂无已发布的抽盒机在售'}
      summaryTestId="dm-header"
      actions={
        <HStack gap="2">
          <ActionButton icon={Store} variant="outline" onClick={() => go('goodsAdd', 'id')} testId="dm-enter">
            录入盒机
          </ActionButton>
          <ActionButton icon={Plus} colorPalette="brand" onClick={() => go('boxAdd', 'ipId')} testId="dm-publish">
            发布盒机
          </ActionButton>
        </HStack>
      }
    >
      <DataTable columns={columns} {...page.table(list.data?.list)} rowTestId="dm-row" />
      <ListPagination
        {...page.pagination(list.data?.pagination.total_rows)}
        pageSizes={[10]}
        onPageSizeChange={undefined}
      />
      <DrawMachineDialog batchId={open?.machine.id ?? null} tab={open?.tab} onClose={() => setOpen(null)} />
    </BrandListPage>
  );
}
