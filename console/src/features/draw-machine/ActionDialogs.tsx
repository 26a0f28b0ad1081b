import { Button, HStack, Input, NativeSelect, RadioGroup, Table, Text } from '@chakra-ui/react';
import { api, type DrawMachine, messages, STYLE_TEXT } from '@toy/shared';
import { useEffect, useState } from 'react';
import { DateTimeInput } from '../../components/DateTimeInput';
import { FormDialog, FormField } from '../../components/FormDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { beanForm, descForm, shelvesForm, stockForm } from './forms';

export type ActionKind = 'stock' | 'shelves' | 'desc' | 'bean' | null;

interface Props {
  kind: ActionKind;
  machine: DrawMachine;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

type Alloc = { box_sign: string; goods: { id: number; goods_title: string; type: number; stock: number }[] };

/** The four edit dialogs of the detail dialog: stock, sale time, description, coin usage. */
export function ActionDialogs({ kind, machine, onClose, onDone }: Props) {
  const close = (open: boolean) => !open && onClose();
  const [stock, setStock] = useState({ type: '1', stock: '', can_num: machine.can_num, box_sign: '' });
  const [alloc, setAlloc] = useState<Alloc | null>(null);
  const [allocating, setAllocating] = useState(false);
  const [shelves, setShelves] = useState({ off: machine.off, shelves_time: machine.shelves_time });
  const [desc, setDesc] = useState({ desc: machine.desc });
  const [bean, setBean] = useState({
    is_bean: machine.bean > 0 ? '1' : '0',
    bean: machine.bean > 0 ? String(machine.bean) : '',
  });

  useEffect(() => {
    if (!kind) return;
    setStock({ type: '1', stock: '', can_num: machine.can_num, box_sign: '' });
    setAlloc(null);
    setShelves({ off: machine.off, shelves_time: machine.shelves_time });
    setDesc({ desc: machine.desc });
    setBean({ is_bean: machine.bean > 0 ? '1' : '0', bean: machine.bean > 0 ? String(machine.bean) : '' });
  }, [kind, machine]);

  const allocate = async () => {
    if (!stock.stock || Number(stock.stock) <= 0) {
      notify.invalid(messages.drawMachine.increaseRequired);
      return;
    }
    setAllocating(true);
    try {
      const res = await call(api.drawMachine.stock, {
        template_log_id: machine.id,
        type: 1,
        stock: Number(stock.stock),
      });
      setAlloc(res);
      setStock((s) => ({ ...s, box_sign: res.box_sign }));
    } catch {
      // The request layer showed the message.
    } finally {
      setAllocating(false);
    }
  };

  return (
    <>
      <FormDialog
        open={kind === 'stock'}
        onOpenChange={close}
        title="调整库存"
        schema={stockForm}
        values={stock}
        testId="dm-stock-dialog"
        submitTestId="dm-stock-submit"
        onSubmit={async () => {
          const n = Number(stock.stock);
          if (stock.type === '2') await call(api.drawMachine.stock, { template_log_id: machine.id, type: 2, stock: n });
          else
            await call(api.drawMachine.stockConfirm, {
              template_log_id: machine.id,
              type: 1,
              stock: n,
              box_sign: stock.box_sign,
            });
          notify.success(messages.success.adjusted);
          await onDone();
        }}
      >
        <FormField field="type" label="调整方式" required>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={stock.type}
              onChange={(e) => {
                setStock((s) => ({ ...s, type: e.target.value, box_sign: '' }));
                setAlloc(null);
              }}
              data-testid="dm-stock-type"
            >
              <option value="1">增加库存</option>
              <option value="2">减少库存</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          field="stock"
          label={stock.type === '1' ? '增加库存（箱）' : '减少库存（箱）'}
          required
          helper={stock.type === '2' ? `当前剩余 ${machine.can_num} 箱整箱可减少` : `每箱 ${machine.limit_stock} 盒`}
        >
          <Input
            value={stock.stock}
            inputMode="numeric"
            onChange={(e) => {
              setStock((s) => ({ ...s, stock: e.target.value, box_sign: '' }));
              setAlloc(null);
            }}
            data-testid="dm-stock-num"
          />
        </FormField>
        {stock.type === '1' && (
          <HStack>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              loading={allocating}
              onClick={allocate}
              data-testid="dm-allocate"
            >
              分配盒机
            </Button>
            {alloc && (
              <Text fontSize="sm" color="fg.muted">
                已分配，请确认
              </Text>
            )}
          </HStack>
        )}
        {alloc && (
          <Table.Root size="sm" data-testid="dm-alloc-table">
            <Table.Body>
              {alloc.goods.map((g) => (
                <Table.Row key={g.id}>
                  <Table.Cell>{g.goods_title}</Table.Cell>
                  <Table.Cell>{STYLE_TEXT[g.type]}</Table.Cell>
                  <Table.Cell textAlign="end">{g.stock}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </FormDialog>

      <FormDialog
        open={kind === 'shelves'}
        onOpenChange={close}
        title="调整发售时间"
        schema={shelvesForm}
        values={shelves}
        testId="dm-shelves-dialog"
        submitTestId="dm-shelves-submit"
        onSubmit={async () => {
          await call(api.drawMachine.update, { id: machine.id, off: machine.off, shelves_time: shelves.shelves_time });
          notify.success(messages.success.adjusted);
          await onDone();
        }}
      >
        <FormField field="shelves_time" label="发售时间" required>
          <DateTimeInput
            value={shelves.shelves_time}
            onChange={(shelves_time) => setShelves((s) => ({ ...s, shelves_time }))}
            testId="dm-shelves-time"
          />
        </FormField>
      </FormDialog>

      <FormDialog
        open={kind === 'desc'}
        onOpenChange={close}
        title="修改描述"
        schema={descForm}
        values={desc}
        testId="dm-desc-dialog"
        submitTestId="dm-desc-submit"
        onSubmit={async (d) => {
          await call(api.drawMachine.update, { id: machine.id, desc: d.desc });
          notify.success(messages.success.modified);
          await onDone();
        }}
      >
        <FormField field="desc" label="商品描述" required helper="最多50个字">
          <Input value={desc.desc} onChange={(e) => setDesc({ desc: e.target.value })} data-testid="dm-desc-input" />
        </FormField>
      </FormDialog>

      <FormDialog
        open={kind === 'bean'}
        onOpenChange={close}
        title="修改金币抵扣"
        schema={beanForm}
        values={bean}
        testId="dm-bean-dialog"
        submitTestId="dm-bean-submit"
        onSubmit={async () => {
          await call(api.drawMachine.bean, {
            template_log_id: machine.id,
            bean: bean.is_bean === '1' ? Number(bean.bean) : 0,
          });
          notify.success(messages.success.modified);
          await onDone();
        }}
      >
        <FormField field="is_bean" label="金币抵扣">
          <RadioGroup.Root
            value={bean.is_bean}
            onValueChange={(e) => setBean((b) => ({ ...b, is_bean: e.value ?? '0' }))}
            data-testid="dm-bean-use"
          >
            <HStack gap="4">
              {[
                ['1', '使用'],
                ['0', '不使用'],
              ].map(([v, label]) => (
                <RadioGroup.Item key={v} value={v!} data-testid={`dm-bean-use-${v}`}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </FormField>
        {bean.is_bean === '1' && (
          <FormField field="bean" label="金币最高可抵扣金额（元）" required>
            <Input
              value={bean.bean}
              inputMode="decimal"
              onChange={(e) => setBean((b) => ({ ...b, bean: e.target.value }))}
              data-testid="dm-bean-input"
            />
          </FormField>
        )}
      </FormDialog>
    </>
  );
}
