import { Box, Tabs, Text } from '@chakra-ui/react';
import {
  KUJI_AUDIT,
  KUJI_OFF,
  KUJI_TYPE_TEXT,
  type KujiBoxRow,
  type KujiDetail,
  kujiStatusText,
  levelLabel,
  messages,
} from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { yuan } from '../../components/columns';
import { type Column, DataTable, LoadingLines } from '../../components/DataTable';
import { DetailDialog } from '../../components/DetailDialog';
import { FactGrid, type FactRow, WideFact } from '../../components/Fact';
import { closeKind } from '../../components/form/KindDialog';
import { ShelfActions } from '../../components/ShelfActions';
import { TabList } from '../../components/TabList';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { KujiActionDialogs, type KujiActionKind } from './KujiActionDialogs';
import { KujiGoodsTab } from './KujiGoodsTab';
import { KujiStatusBadge, kujiReads } from './parts';

export type KujiTab = 'basic' | 'goods' | 'boxes';

/** 基础数据: label, value and, for the values a test reads, the suffix of `kuji-basic-…`. */
const basicFacts = (d: KujiDetail): FactRow[] => [
  ['名称', d.title],
  ['类型', KUJI_TYPE_TEXT[d.is_official]],
  ['状态', kujiStatusText(d), 'status'],
  ['发售时间', d.shelves_time, 'shelves'],
  ['单抽价格', yuan(d.price), 'price'],
  ['销售额', yuan(d.sales_price), 'sales'],
  ['待结算金额', yuan(d.order_w_price)],
  ['已结算金额', yuan(d.order_y_price)],
  ['服务费', `${d.service_charge}%`],
  ['箱数', `${d.stock} 箱（售罄 ${d.sold_out} 箱）`, 'stock'],
  ['未开抽', `${d.can_num} 箱`, 'can'],
  ['已售', d.sales_num, 'sold'],
  ['寄存中', d.deposit_num],
  ['已提货', d.harvest_num],
  ['已发货', d.delivery_num],
  ['金币抵扣', d.bean > 0 ? `使用（最高抵扣 ${yuan(d.bean)}）` : '不使用', 'bean'],
];

function Basic({ d }: { d: KujiDetail }) {
  return (
    <FactGrid facts={basicFacts(d)} desc={d.desc} testId="kuji-basic">
      <WideFact label="防篡改凭证（发布时公示，售罄后公开种子供核对）">
        <Text fontFamily="mono" fontSize="xs" wordBreak="break-all" data-testid="kuji-seed-hash">
          {d.seed_hash}
        </Text>
      </WideFact>
    </FactGrid>
  );
}

/** 箱数据: each box with what is left of each level. */
function Boxes({ id }: { id: number }) {
  const best = useCall(kujiRoutes.boxes, { active_id: id }).data?.best;
  if (!best) return <LoadingLines />;
  const levels = best[0]?.goods.map((g) => g.level) ?? [];
  const columns: Column<KujiBoxRow>[] = [
    { key: 'box', header: '箱号', render: (b) => <Text data-testid="kuji-box-no">第 {b.best_num} 箱</Text> },
    {
      key: 'left',
      header: '剩余',
      align: 'end',
      render: (b) => <Text data-testid="kuji-box-left">{b.sum_surplus_stock}</Text>,
    },
    ...levels.map(
      (level): Column<KujiBoxRow> => ({
        key: `l${level}`,
        header: `${levelLabel(level)}赏`,
        align: 'end',
        render: (b) => {
          const g = b.goods.find((x) => x.level === level);
          return g ? `${g.surplus_stock_sum}/${g.stock_sum}` : '';
        },
      }),
    ),
  ];
  return (
    <Box data-testid="kuji-boxes">
      <DataTable columns={columns} rows={best} rowKey={(b) => b.best_num} rowTestId="kuji-box-row" />
    </Box>
  );
}

const ACTIONS: [KujiActionKind, string][] = [
  ['stock', '调整库存'],
  ['shelves', '调整发售时间'],
  ['desc', '修改描述'],
  ['bean', '金币抵扣'],
  ['pic', '修改封面'],
];

const TABS = [
  { value: 'basic', label: '基础数据' },
  { value: 'goods', label: '商品数据' },
  { value: 'boxes', label: '箱数据' },
];

/** 一番赏详情 (spec 03 §2): 基础数据, 商品数据 and 箱数据, with the actions of §5. */
export function KujiDialog({ target, onClose }: { target: { id: number; tab: KujiTab } | null; onClose: () => void }) {
  const enabled = target !== null;
  const id = target?.id ?? 0;
  const info = useCall(kujiRoutes.info, { active_id: id }, { enabled });
  const [tab, setTab] = useState<KujiTab>('basic');
  const [action, setAction] = useState<KujiActionKind | null>(null);
  const { confirm, dialog } = useConfirm();
  const shelf = useAction(kujiRoutes.update, {
    success: (_, input) => (input.off === KUJI_OFF.listed ? messages.success.listed : messages.success.delisted),
    invalidates: kujiReads,
  });
  useEffect(() => {
    if (target) setTab(target.tab);
  }, [target]);
  const d = info.data?.info;
  const approved = d?.audit_status === KUJI_AUDIT.approved;
  const onShelf = d?.off === KUJI_OFF.listed;

  const toggle = async (k: KujiDetail) => {
    const listing = k.off !== KUJI_OFF.listed;
    if (await confirm({ message: listing ? messages.kuji.listConfirm : messages.kuji.delistConfirm }))
      await shelf.trigger({ id: k.id, off: listing ? KUJI_OFF.listed : KUJI_OFF.delisted });
    else notify.info(messages.cancelled.plain);
  };

  return (
    <DetailDialog
      open={enabled}
      onClose={onClose}
      detail={d}
      placeholder="一番赏详情"
      badge={(k) => <KujiStatusBadge kuji={k} />}
      testId="kuji"
      after={dialog}
    >
      {(d) => (
        <>
          {approved && (
            <ShelfActions
              prefix="kuji"
              listed={onShelf}
              noToggle={d.off === KUJI_OFF.soldOut}
              pending={shelf.pending}
              onToggle={() => toggle(d)}
              actions={ACTIONS}
              onAction={setAction}
              locked={{ kind: 'shelves', reason: messages.kuji.delistFirst }}
            />
          )}
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as KujiTab)} variant="line" lazyMount>
            <TabList prefix="kuji" tabs={TABS} />
            <Tabs.Content value="basic">
              <Basic d={d} />
            </Tabs.Content>
            <Tabs.Content value="goods">
              <KujiGoodsTab id={d.id} />
            </Tabs.Content>
            <Tabs.Content value="boxes">
              <Boxes id={d.id} />
            </Tabs.Content>
          </Tabs.Root>
          <KujiActionDialogs kind={action} kuji={d} onClose={closeKind(setAction)} />
        </>
      )}
    </DetailDialog>
  );
}
