import { Button, HStack, Table, Text } from '@chakra-ui/react';
import { type DrawMachine, messages, STYLE_TEXT } from '@toy/shared';
import { drawMachineRoutes } from '@toy/shared/features/draw-machine';
import { useEffect, useState } from 'react';
import { ChoiceField, DateTimeField, SelectField, TextField } from '../../components/form/fields';
import { BEAN_USE, KindDialog, STOCK_TYPES } from '../../components/form/KindDialog';
import { setFields } from '../../components/form/setFields';
import type { SchemaForm } from '../../components/form/useSchemaForm';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { beanForm, descForm, shelvesForm, stockForm } from './forms';
import { machineReads } from './parts';

export type ActionKind = 'stock' | 'shelves' | 'desc' | 'bean';

interface Props {
  kind: ActionKind | null;
  machine: DrawMachine;
  onClose: (kind: ActionKind) => void;
}

/** The boxes an increase allocated: style, type and count. */
function AllocatedGoods({ goods }: { goods: { id: number; goods_title: string; type: number; stock: number }[] }) {
  return (
    <Table.Root size="sm" data-testid="dm-alloc-table">
      <Table.Body>
        {goods.map((g) => (
          <Table.Row key={g.id}>
            <Table.Cell>{g.goods_title}</Table.Cell>
            <Table.Cell>{STYLE_TEXT[g.type]}</Table.Cell>
            <Table.Cell textAlign="end">{g.stock}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

type StockValues = { type: number; stock: string; can_num: number; box_sign: string };

/** 调整库存: a decrease is one step; an increase is allocated (分配盒机) and then confirmed. */
function StockFields({ form, machine }: { form: SchemaForm<StockValues, typeof stockForm>; machine: DrawMachine }) {
  const [type, stock] = form.watch(['type', 'stock']);
  const [goods, setGoods] = useState<Parameters<typeof AllocatedGoods>[0]['goods'] | null>(null);
  const allocate = useAction(drawMachineRoutes.stock);
  // An allocation is for one type and count: changing either drops it.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name !== 'type' && name !== 'stock') return;
      setGoods(null);
      form.setValue('box_sign', '');
    });
    return () => sub.unsubscribe();
  }, [form]);

  const allocateBoxes = async () => {
    if (!(Number(stock) > 0)) return void notify.invalid(messages.drawMachine.increaseRequired);
    const answer = await allocate.trigger({ template_log_id: machine.id, type: 1, stock: Number(stock) });
    if (!answer) return;
    setFields(form, { box_sign: answer.box_sign });
    setGoods(answer.goods);
  };

  return (
    <>
      <HStack bg="gray.50" rounded="md" px="4" py="3" gap="6" data-testid="dm-stock-current">
        <Text fontSize="sm">
          当前库存：
          <Text as="span" fontWeight="700" fontSize="lg">
            {machine.stock}
          </Text>{' '}
          箱
        </Text>
        <Text fontSize="sm" color="fg.muted">
          剩余 {machine.surplus_num} 盒（每箱 {machine.limit_stock} 盒）
        </Text>
      </HStack>
      <SelectField name="type" label="调整方式" required options={STOCK_TYPES} numeric testId="dm-stock-type" />
      <TextField
        name="stock"
        label={type === 1 ? '增加库存（箱）' : '减少库存（箱）'}
        required
        helper={type === 2 ? `当前剩余 ${machine.can_num} 箱整箱可减少` : `每箱 ${machine.limit_stock} 盒`}
        inputMode="numeric"
        testId="dm-stock-num"
      />
      {type === 1 && (
        <HStack>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            loading={allocate.pending}
            onClick={allocateBoxes}
            data-testid="dm-allocate"
          >
            分配盒机
          </Button>
          {goods && (
            <Text fontSize="sm" color="fg.muted">
              已分配，请确认
            </Text>
          )}
        </HStack>
      )}
      {goods && <AllocatedGoods goods={goods} />}
    </>
  );
}

/** The four edit dialogs of the detail dialog: stock, sale time, description, coin usage. */
export function ActionDialogs({ kind, machine, onClose }: Props) {
  const { id, off } = machine;
  const adjusted = { success: messages.success.adjusted, invalidates: machineReads };
  const modified = { success: messages.success.modified, invalidates: machineReads };
  const decrease = useAction(drawMachineRoutes.stock, adjusted);
  const increase = useAction(drawMachineRoutes.stockConfirm, adjusted);
  const reschedule = useAction(drawMachineRoutes.update, adjusted);
  const describe = useAction(drawMachineRoutes.update, modified);
  const coins = useAction(drawMachineRoutes.bean, modified);
  const common = { open: kind, onClose };

  return (
    <>
      <KindDialog
        prefix="dm"
        {...common}
        kind="stock"
        title="调整库存"
        schema={stockForm}
        defaults={{ type: 1, stock: '', can_num: machine.can_num, box_sign: '' }}
        onSubmit={({ type, stock, box_sign }) =>
          type === 2
            ? decrease.run({ template_log_id: id, type, stock: Number(stock) })
            : increase.run({ template_log_id: id, type, stock: Number(stock), box_sign })
        }
      >
        {(form) => <StockFields form={form} machine={machine} />}
      </KindDialog>

      <KindDialog
        prefix="dm"
        {...common}
        kind="shelves"
        title="调整发售时间"
        schema={shelvesForm}
        defaults={{ off, shelves_time: machine.shelves_time }}
        onSubmit={(d) => reschedule.run({ id, off, shelves_time: d.shelves_time })}
      >
        {() => <DateTimeField name="shelves_time" label="发售时间" required testId="dm-shelves-time" />}
      </KindDialog>

      <KindDialog
        prefix="dm"
        {...common}
        kind="desc"
        title="修改描述"
        schema={descForm}
        defaults={{ desc: machine.desc }}
        onSubmit={(d) => describe.run({ id, desc: d.desc })}
      >
        {() => <TextField name="desc" label="商品描述" required helper="最多50个字" testId="dm-desc-input" />}
      </KindDialog>

      <KindDialog
        prefix="dm"
        {...common}
        kind="bean"
        title="修改金币抵扣"
        schema={beanForm}
        defaults={{ is_bean: machine.bean > 0 ? 1 : 0, bean: machine.bean > 0 ? String(machine.bean) : '' }}
        onSubmit={(d) => coins.run({ template_log_id: id, bean: d.is_bean === 1 ? Number(d.bean) : 0 })}
      >
        {(form) => (
          <>
            <ChoiceField name="is_bean" label="金币抵扣" options={BEAN_USE} numeric testId="dm-bean-use" />
            {form.watch('is_bean') === 1 && (
              <TextField
                name="bean"
                label="金币最高可抵扣金额（元）"
                required
                inputMode="decimal"
                testId="dm-bean-input"
              />
            )}
          </>
        )}
      </KindDialog>
    </>
  );
}
