import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  Grid,
  HStack,
  Image,
  Portal,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { api, type BoxGoodsRow, type DrawMachine, messages, OFF_TEXT, STYLE_TEXT } from '@toy/shared';
import { History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadingLines } from '../../components/DataTable';
import { previewUrl } from '../../components/upload/uploadCore';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate, useCall } from '../../lib/useCall';
import { AuditDialog } from '../audit/AuditDialog';
import { ActionDialogs, type ActionKind } from './ActionDialogs';
import { offPalette } from './params';

const yuan = (n: number) => `¥${n.toFixed(2)}`;

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0.5" p="3" bg="bg.subtle" rounded="md">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="600" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function Basic({ d }: { d: DrawMachine }) {
  return (
    <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="3" data-testid="dm-basic">
      <Item label="品牌">{d.template.ip_title}</Item>
      <Item label="系列">{d.title}</Item>
      <Item label="状态" testId="dm-basic-off">
        {OFF_TEXT[d.off]}
      </Item>
      <Item label="发售时间" testId="dm-basic-shelves">
        {d.shelves_time}
      </Item>
      <Item label="销售额" testId="dm-basic-sale">
        {yuan(d.sale_amount.cn)}
      </Item>
      <Item label="待结算金额" testId="dm-basic-wait">
        {yuan(d.wait_settlement_price.cn)}
      </Item>
      <Item label="已结算金额" testId="dm-basic-settled">
        {yuan(d.settlement_price.cn)}
      </Item>
      <Item label="服务费">{d.service_charge}%</Item>
      <Item label="上架总数" testId="dm-basic-nums">
        {d.box_goods_nums.nums}
      </Item>
      <Item label="隐藏款数量" testId="dm-basic-hidden">
        {d.box_goods_nums.yc_num}
      </Item>
      <Item label="已售" testId="dm-basic-sold">
        {d.cupboard.sold_num}
      </Item>
      <Item label="寄存中" testId="dm-basic-consign">
        {d.cupboard.consign_num}
      </Item>
      <Item label="待收货" testId="dm-basic-d">
        {d.cupboard.d_goods_num}
      </Item>
      <Item label="已收货">{d.cupboard.y_goods_num}</Item>
      <Item label="剩余库存" testId="dm-basic-stock">
        {d.stock} 箱 / {d.surplus_num} 盒
      </Item>
      <Item label="金币抵扣" testId="dm-basic-bean">
        {d.bean > 0 ? `使用（最高抵扣 ${yuan(d.bean)}）` : '不使用'}
      </Item>
      <Stack gridColumn="1 / -1" gap="0.5" p="3" bg="bg.subtle" rounded="md">
        <Text fontSize="xs" color="fg.muted">
          描述
        </Text>
        <Text data-testid="dm-basic-desc">{d.desc}</Text>
      </Stack>
    </Grid>
  );
}

function GoodsTable({ rows, disclosure }: { rows: BoxGoodsRow[]; disclosure?: boolean }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid={disclosure ? 'dm-disclosure' : 'dm-goods'}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>图片</Table.ColumnHeader>
            <Table.ColumnHeader>名称</Table.ColumnHeader>
            <Table.ColumnHeader>类型</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">总库存</Table.ColumnHeader>
            {disclosure ? (
              <>
                <Table.ColumnHeader textAlign="end">标称掉率</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">实际概率</Table.ColumnHeader>
              </>
            ) : (
              <>
                <Table.ColumnHeader textAlign="end">已售</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">寄存</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">待发货</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">已发货</Table.ColumnHeader>
              </>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((g) => (
            <Table.Row key={g.id} data-testid="dm-goods-row">
              <Table.Cell>
                <Image
                  src={previewUrl(g.goods_pic, 80)}
                  alt={g.goods_title}
                  boxSize="36px"
                  rounded="sm"
                  bg="gray.100"
                />
              </Table.Cell>
              <Table.Cell>{g.goods_title}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={g.type === 1 ? 'gray' : 'purple'}>{STYLE_TEXT[g.type]}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{g.stock_sum}</Table.Cell>
              {disclosure ? (
                <>
                  <Table.Cell textAlign="end">{g.probability ? `1:${g.probability}` : '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{g.rate.toFixed(2)}%</Table.Cell>
                </>
              ) : (
                <>
                  <Table.Cell textAlign="end" data-testid="dm-goods-sold">
                    {g.sold_num}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{g.j_goods_num}</Table.Cell>
                  <Table.Cell textAlign="end">{g.d_goods_num}</Table.Cell>
                  <Table.Cell textAlign="end">{g.y_goods_num}</Table.Cell>
                </>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** 抽盒机详情 (spec 01 screen 7): 基础数据, 详细数据 and 公示, with every action of §4/§5. */
export function DrawMachineDialog({ batchId, onClose }: { batchId: number | null; onClose: () => void }) {
  const enabled = batchId !== null;
  const info = useCall(api.drawMachine.info, { batch_id: batchId ?? 0 }, { enabled });
  const goods = useCall(api.drawMachine.goods, { batch_id: batchId ?? 0 }, { enabled });
  const [action, setAction] = useState<ActionKind>(null);
  const [auditOpen, setAuditOpen] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const d = info.data?.info;

  const refresh = () =>
    Promise.all([
      invalidate(api.drawMachine.info),
      invalidate(api.drawMachine.goods),
      invalidate(api.drawMachine.list),
      invalidate(api.audit.list),
    ]);

  const toggle = async () => {
    if (!d) return;
    const listing = d.off !== 0;
    const ok = await confirm({
      message: listing ? messages.drawMachine.listConfirm : messages.drawMachine.delistConfirm,
    });
    if (!ok) {
      notify.info(messages.cancelled.operation);
      return;
    }
    try {
      await call(api.drawMachine.update, { id: d.id, off: listing ? 0 : 1 });
      notify.success(listing ? messages.success.listed : messages.success.delisted);
      await refresh();
    } catch {
      // The request layer showed the message.
    }
  };

  return (
    <Dialog.Root
      open={enabled}
      onOpenChange={(e) => !e.open && onClose()}
      size="xl"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dm-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <HStack>
                  <Text>{d?.title ?? '抽盒机详情'}</Text>
                  {d && <Badge colorPalette={offPalette[d.off]}>{OFF_TEXT[d.off]}</Badge>}
                </HStack>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!d ? (
                <LoadingLines lines={6} />
              ) : (
                <Stack gap="4">
                  <HStack gap="2" wrap="wrap">
                    {d.off !== 2 && (
                      <Button
                        size="sm"
                        colorPalette={d.off === 0 ? 'red' : 'green'}
                        onClick={toggle}
                        data-testid="dm-toggle"
                      >
                        {d.off === 0 ? '下架' : '上架'}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setAction('stock')}
                      data-testid="dm-action-stock"
                    >
                      调整库存
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setAction('shelves')}
                      data-testid="dm-action-shelves"
                    >
                      调整发售时间
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setAction('desc')} data-testid="dm-action-desc">
                      修改描述
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setAction('bean')} data-testid="dm-action-bean">
                      修改金币抵扣
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setAuditOpen(true)} data-testid="dm-audit">
                      <History size={14} />
                      操作记录
                    </Button>
                  </HStack>
                  <Tabs.Root defaultValue="basic" variant="line" lazyMount>
                    <Tabs.List>
                      <Tabs.Trigger value="basic" data-testid="dm-tab-basic">
                        基础数据
                      </Tabs.Trigger>
                      <Tabs.Trigger value="goods" data-testid="dm-tab-goods">
                        详细数据
                      </Tabs.Trigger>
                      <Tabs.Trigger value="fair" data-testid="dm-tab-fair">
                        公示
                      </Tabs.Trigger>
                    </Tabs.List>
                    <Tabs.Content value="basic">
                      <Basic d={d} />
                    </Tabs.Content>
                    <Tabs.Content value="goods">
                      {goods.data ? <GoodsTable rows={goods.data.info} /> : <LoadingLines />}
                    </Tabs.Content>
                    <Tabs.Content value="fair">
                      <Stack gap="3">
                        <Text fontSize="sm" color="fg.muted">
                          每款的数量与实际概率来自发布时以承诺种子生成的真实分配；售罄或结束后公开种子，任何人可用公开接口
                          /public/box/fairness?batch_id={d.id} 复核每一次抽盒。
                        </Text>
                        <Stack gap="0.5" p="3" bg="bg.subtle" rounded="md">
                          <Text fontSize="xs" color="fg.muted">
                            种子承诺 sha256(seed)
                          </Text>
                          <Text fontFamily="mono" fontSize="xs" wordBreak="break-all" data-testid="dm-seed-hash">
                            {d.seed_hash}
                          </Text>
                        </Stack>
                        {goods.data ? <GoodsTable rows={goods.data.info} disclosure /> : <LoadingLines />}
                      </Stack>
                    </Tabs.Content>
                  </Tabs.Root>
                  <ActionDialogs kind={action} machine={d} onClose={() => setAction(null)} onDone={refresh} />
                  <AuditDialog
                    target={auditOpen ? { entity: 'drawMachine', id: d.id, title: d.title } : null}
                    onClose={() => setAuditOpen(false)}
                  />
                </Stack>
              )}
              {confirmDialog}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" data-testid="dm-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
