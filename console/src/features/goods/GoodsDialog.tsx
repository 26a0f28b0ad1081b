import { Grid, Text } from '@chakra-ui/react';
import type { Goods } from '@toy/shared';
import { goodsRoutes } from '@toy/shared/features/goods';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, GoodsTitleField, MoneyField, SwitchField, TextField } from '../../components/form/fields';
import { GoodsPictureField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useEditForm } from '../../components/useFormDialog';
import { StockLimitField } from './StockDialog';

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const defaults = (editing: Goods | null, brandId?: number) => ({
  ...(editing ? { id: editing.id } : {}),
  ip_id: editing?.ip_id ?? brandId ?? ('' as number | ''),
  title: editing?.title ?? '',
  price: str(editing?.price),
  goods_num: editing?.goods_num ?? '',
  goods_code: editing?.goods_code ?? '',
  pic: editing?.pic ?? '',
  is_overseas: editing?.is_overseas ?? 0,
  stock_limit: editing?.stock_limit ?? 1,
  stock: str(editing?.stock),
  weight: str(editing?.weight),
  length: str(editing?.length),
  width: str(editing?.width),
  height: str(editing?.height),
});

const SIZES = [
  { name: 'weight', label: '重量', unit: 'kg' },
  { name: 'length', label: '长', unit: 'cm' },
  { name: 'width', label: '宽', unit: 'cm' },
  { name: 'height', label: '高', unit: 'cm' },
] as const;

export type GoodsDialogProps = EditDialogProps<Goods>;

/** 新增商品 / 编辑商品 (spec 01 §5 "Goods form"): every rule of goodsSave, checked before sending. */
export function GoodsDialog(props: GoodsDialogProps) {
  const { editing, defaultBrandId } = props;
  const { form, dialog } = useEditForm(goodsRoutes.save, props, {
    noun: '商品',
    testId: 'goods',
    defaults: defaults(editing, defaultBrandId),
    invalidates: [goodsRoutes.list],
  });
  const overseas = form.watch('is_overseas') === 1;
  const limited = form.watch('stock_limit') === 1;

  return (
    <FormDialog {...dialog} size="lg" scrollBehavior="inside">
      <BrandField testId="goods-brand" />
      <GoodsTitleField name="title" testId="goods-title" />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <MoneyField name="price" label="价格" placeholder="0.00" testId="goods-price" />
        <TextField name="goods_code" label="条码" placeholder="商品条码" testId="goods-code" />
      </Grid>
      <TextField name="goods_num" label="备注" placeholder="备注信息" testId="goods-num" />
      <GoodsPictureField name="pic" hint="支持 jpg/png/gif，尺寸 800*800px，小于1MB" testId="goods-pic" />
      {!editing && (
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <StockLimitField testId="goods-stock-limit" h="10" />
          {limited && (
            <TextField
              name="stock"
              label="库存"
              required
              inputMode="numeric"
              placeholder="请输入库存"
              testId="goods-stock"
            />
          )}
        </Grid>
      )}
      <SwitchField
        name="is_overseas"
        label="海外商品"
        helper={overseas ? '海外商品需填写重量与尺寸' : undefined}
        labels={['否', '是']}
        testId="goods-overseas"
      />
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
        {SIZES.map((s) => (
          <TextField
            key={s.name}
            name={s.name}
            label={`${s.label}(${s.unit})`}
            required={overseas}
            inputMode="decimal"
            placeholder={overseas ? '必填' : '选填'}
            testId={`goods-${s.name}`}
          />
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
