import { Grid, Input, Switch, Text } from '@chakra-ui/react';
import { api, type Goods, goodsSave, messages } from '@toy/shared';
import { FormDialog, FormField } from '../../components/FormDialog';
import {
  BrandField,
  Choice,
  GoodsPictureUpload,
  GoodsTitleField,
  MoneyField,
  useDialogForm,
} from '../../components/formFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';
import { STOCK_LIMIT_OPTIONS } from './StockDialog';

interface FormState {
  id?: number;
  ip_id: number | '';
  title: string;
  price: string;
  goods_num: string;
  goods_code: string;
  pic: string;
  is_overseas: number;
  stock_limit: number;
  stock: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const initial = (editing: Goods | null, brandId?: number): FormState =>
  editing
    ? {
        id: editing.id,
        ip_id: editing.ip_id,
        title: editing.title,
        price: str(editing.price),
        goods_num: editing.goods_num,
        goods_code: editing.goods_code,
        pic: editing.pic,
        is_overseas: editing.is_overseas,
        stock_limit: editing.stock_limit,
        stock: str(editing.stock),
        weight: str(editing.weight),
        length: str(editing.length),
        width: str(editing.width),
        height: str(editing.height),
      }
    : {
        ip_id: brandId ?? '',
        title: '',
        price: '',
        goods_num: '',
        goods_code: '',
        pic: '',
        is_overseas: 0,
        stock_limit: 1,
        stock: '',
        weight: '',
        length: '',
        width: '',
        height: '',
      };

const SIZES = [
  { field: 'weight', label: '重量', unit: 'kg' },
  { field: 'length', label: '长', unit: 'cm' },
  { field: 'width', label: '宽', unit: 'cm' },
  { field: 'height', label: '高', unit: 'cm' },
] as const;

export type GoodsDialogProps = EditDialogProps<Goods>;

/** 新增商品 / 编辑商品 (spec 01 §5 "Goods form"): every rule of goodsSave, checked before sending. */
export function GoodsDialog({ open, onOpenChange, editing, defaultBrandId }: GoodsDialogProps) {
  const { form, set } = useDialogForm(open, initial, editing, defaultBrandId);
  const overseas = form.is_overseas === 1;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? '编辑商品' : '新增商品'}
      schema={goodsSave}
      values={form}
      size="lg"
      scrollBehavior="inside"
      testId="goods-dialog"
      submitTestId="goods-save"
      onSubmit={async (data) => {
        await call(api.goods.save, data);
        notify.success(editing ? messages.success.edited : messages.success.added);
        await invalidate(api.goods.list);
      }}
    >
      <BrandField value={form.ip_id} onChange={(id) => set('ip_id', id)} testId="goods-brand" />
      <GoodsTitleField field="title" value={form.title} onChange={(v) => set('title', v)} testId="goods-title" />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <MoneyField
          field="price"
          label="价格"
          placeholder="0.00"
          value={form.price}
          onChange={(v) => set('price', v)}
          testId="goods-price"
        />
        <FormField field="goods_code" label="条码">
          <Input
            placeholder="商品条码"
            value={form.goods_code}
            onChange={(e) => set('goods_code', e.target.value)}
            data-testid="goods-code"
          />
        </FormField>
      </Grid>
      <FormField field="goods_num" label="备注">
        <Input
          placeholder="备注信息"
          value={form.goods_num}
          onChange={(e) => set('goods_num', e.target.value)}
          data-testid="goods-num"
        />
      </FormField>
      <FormField field="pic" label="商品图片" required>
        <GoodsPictureUpload
          value={form.pic ? [form.pic] : []}
          onChange={(keys) => set('pic', keys[keys.length - 1] ?? '')}
          hint="支持 jpg/png/gif，尺寸 800*800px，小于1MB"
          testId="goods-pic"
        />
      </FormField>
      {!editing && (
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <FormField field="stock_limit" label="库存类型" required>
            <Choice
              value={String(form.stock_limit)}
              onChange={(v) => set('stock_limit', Number(v))}
              options={STOCK_LIMIT_OPTIONS}
              testId="goods-stock-limit"
              h="10"
            />
          </FormField>
          {form.stock_limit === 1 && (
            <FormField field="stock" label="库存" required>
              <Input
                inputMode="numeric"
                placeholder="请输入库存"
                value={form.stock}
                onChange={(e) => set('stock', e.target.value)}
                data-testid="goods-stock"
              />
            </FormField>
          )}
        </Grid>
      )}
      <FormField field="is_overseas" label="海外商品" helper={overseas ? '海外商品需填写重量与尺寸' : undefined}>
        <Switch.Root
          checked={overseas}
          onCheckedChange={(e) => set('is_overseas', e.checked ? 1 : 0)}
          colorPalette="brand"
          data-testid="goods-overseas"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{overseas ? '是' : '否'}</Switch.Label>
        </Switch.Root>
      </FormField>
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
        {SIZES.map((s) => (
          <FormField key={s.field} field={s.field} label={`${s.label}(${s.unit})`} required={overseas}>
            <Input
              inputMode="decimal"
              placeholder={overseas ? '必填' : '选填'}
              value={form[s.field]}
              onChange={(e) => set(s.field, e.target.value)}
              data-testid={`goods-${s.field}`}
            />
          </FormField>
        ))}
      </Grid>
      {editing && (
        <Text fontSize="xs" color="fg.muted">
          库存请在列表中点击「修改库存」调整
        </Text>
      )}
    </FormDialog>
  );
}
