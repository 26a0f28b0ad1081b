import { Box, Stack, Tabs, Text } from '@chakra-ui/react';
import { type BoxGoodsRow, type DrawMachine, messages, OFF_TEXT } from '@toy/shared';
import { drawMachineRoutes } from '@toy/shared/features/draw-machine';
import { History } from 'lucide-react';
import { useState } from 'react';
import { ActionButton } from '../../components/ActionButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { yuan } from '../../components/columns';
import { type Column, DataTable, LoadingLines } from '../../components/DataTable';
import { DetailDialog } from '../../components/DetailDialog';
import { FactGrid, type FactRow } from '../../components/Fact';
import { FairnessNote } from '../../components/FairnessNote';
import { closeKind } from '../../components/form/KindDialog';
import { ShelfActions } from '../../components/ShelfActions';
import { TabList } from '../../components/TabList';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { AuditDialog } from '../audit/AuditDialog';
import { styleColumns } from '../blind-box-record/styleParts';
import { ActionDialogs, type ActionKind } from './ActionDialogs';
import { machineReads, OffBadge } from './parts';

/** 基础数据: label, value and, for the numbers a test reads, the suffix of `dm-basic-…`. */
const basicFacts = (d: DrawMachine): FactRow[] => [
  ['品牌', d.template.ip_title],
  ['系列', d.title],
  ['状态', OFF_TEXT[d.off], 'off'],
  ['发售时间', d.shelves_time, 'shelves'],
  ['销售额', yuan(d.sale_amount.cn), 'sale'],
  ['待结算金额', yuan(d.wait_settlement_price.cn), 'wait'],
  ['已结算金额', yuan(d.settlement_price.cn), 'settled'],
  ['服务费', `${d.service_charge}%`],
  ['上架总数', d.box_goods_nums.nums, 'nums'],
  ['隐藏款数量', d.box_goods_nums.yc_num, 'hidden'],
  ['已售', d.cupboard.sold_num, 'sold'],
  ['寄存中', d.cupboard.consign_num, 'consign'],
  ['待收货', d.cupboard.d_goods_num, 'd'],
  ['已收货', d.cupboard.y_goods_num],
  ['剩余库存', `${d.stock} 箱 / ${d.surplus_num} 盒`, 'stock'],
  ['金币抵扣', d.bean > 0 ? `使用（最高抵扣 ${yuan(d.bean)}）` : '不使用', 'bean'],
];

function Basic({ d }: { d: DrawMachine }) {
  return <FactGrid facts={basicFacts(d)} desc={d.desc} testId="dm-basic" />;
}

const count = styleColumns.count<BoxGoodsRow>;
const goodsColumns: Column<BoxGoodsRow>[] = [
  styleColumns.picture(36),
  styleColumns.title('名称'),
  styleColumns.type(),
  count('stock_sum', '总库存', (g) => g.stock_sum),
];
/** 详细数据: what became of each style's boxes. */
const salesColumns = [
  ...goodsColumns,
  count('sold', '已售', (g) => g.sold_num, { testId: 'dm-goods-sold' }),
  count('consign', '寄存', (g) => g.j_goods_num),
  count('pending', '待发货', (g) => g.d_goods_num),
  count('shipped', '已发货', (g) => g.y_goods_num),
  count('left', '剩余', (g) => g.stock, { testId: 'dm-goods-left' }),
];
/** 公示: each style's nominal drop rate beside its real share of the allocation. */
const fairColumns: Column<BoxGoodsRow>[] = [
  ...goodsColumns,
  { ...styleColumns.rate('标称掉率'), align: 'end' },
  { key: 'real', header: '实际概率', align: 'end', render: (g) => `${g.rate.toFixed(2)}%` },
];

function GoodsTable({
  rows,
  columns,
  testId,
}: {
  rows?: BoxGoodsRow[];
  columns: Column<BoxGoodsRow>[];
  testId: string;
}) {
  if (!rows) return <LoadingLines />;
  return (
    <Box data-testid={testId}>
      <DataTable columns={columns} rows={rows} rowTestId="dm-goods-row" />
    </Box>
  );
}

const ACTIONS: [ActionKind, string][] = [
  ['stock', '调整库存'],
  ['shelves', '调整发售时间'],
  ['desc', '修改描述'],
  ['bean', '修改金币抵扣'],
];

export type DrawMachineTab = 'basic' | 'goods' | 'fair';

const TABS = [
  { value: 'basic', label: '基础数据' },
  { value: 'goods', label: '详细数据' },
  { value: 'fair', label: '概率公示' },
];

/**
 * 抽盒机详情 (spec 01 screen 7): 基础数据, 详细数据 and 公示, with every action of §4/§5. 查看剩余库存
 * opens it on 详细数据, where each style's remaining boxes are.
 */
export function DrawMachineDialog({
  batchId,
  tab = 'basic',
  onClose,
}: {
  batchId: number | null;
  tab?: DrawMachineTab;
  onClose: () => void;
}) {
  const enabled = batchId !== null;
  const info = useCall(drawMachineRoutes.info, { batch_id: batchId ?? 0 }, { enabled });
  const goods = useCall(drawMachineRoutes.goods, { batch_id: batchId ?? 0 }, { enabled }).data?.info;
  const [action, setAction] = useState<ActionKind | null>(null);
  const [auditOpen, setAuditOpen] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const shelf = useAction(drawMachineRoutes.update, {
    success: (_, input) => (input.off === 0 ? messages.success.listed : messages.success.delisted),
    invalidates: machineReads,
  });
  const d = info.data?.info;

  /** 上架 / 下架, each after its confirmation. */
  const toggle = async (machine: DrawMachine) => {
    const listing = machine.off !== 0;
    const m = messages.drawMachine;
    if (await confirm({ message: listing ? m.listConfirm : m.delistConfirm }))
      await shelf.trigger({ id: machine.id, off: listing ? 0 : 1 });
    else notify.info(messages.cancelled.operation);
  };

  return (
    <DetailDialog
      open={enabled}
      onClose={onClose}
      detail={d}
      placeholder="抽盒机详情"
      badge={(m) => <OffBadge off={m.off} />}
      testId="dm"
      after={confirmDialog}
    >
      {(d) => (
        <>
          <ShelfActions
            prefix="dm"
            listed={d.off === 0}
            noToggle={d.off === 2}
            onToggle={() => toggle(d)}
            actions={ACTIONS}
            onAction={setAction}
            locked={{ kind: 'shelves', reason: messages.drawMachine.delistFirst }}
          >
            <ActionButton
              icon={History}
              iconSize={14}
              size="sm"
              variant="ghost"
              onClick={() => setAuditOpen(true)}
              testId="dm-audit"
            >
              操作记录
            </ActionButton>
          </ShelfActions>
          <Tabs.Root key={`${batchId}-${tab}`} defaultValue={tab} variant="line" lazyMount>
            <TabList prefix="dm" tabs={TABS} />
            <Tabs.Content value="basic">
              <Basic d={d} />
            </Tabs.Content>
            <Tabs.Content value="goods">
              <GoodsTable rows={goods} columns={salesColumns} testId="dm-goods" />
            </Tabs.Content>
            <Tabs.Content value="fair">
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  每款的数量与实际概率来自发布时的真实分配。
                </Text>
                <FairnessNote
                  hash={d.seed_hash}
                  logPath={`/public/box/fairness?batch_id=${d.id}`}
                  testId="dm-fairness"
                />
                <GoodsTable rows={goods} columns={fairColumns} testId="dm-disclosure" />
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
          <ActionDialogs kind={action} machine={d} onClose={closeKind(setAction)} />
          <AuditDialog
            target={auditOpen ? { entity: 'drawMachine', id: d.id, title: d.title } : null}
            onClose={() => setAuditOpen(false)}
          />
        </>
      )}
    </DetailDialog>
  );
}
