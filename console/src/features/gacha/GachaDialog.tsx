import { Alert, Grid, Input } from '@chakra-ui/react';
import { GACHA_CATES, type GachaGoods, LIMITS } from '@toy/shared';
import { gachaRoutes } from '@toy/shared/features/gacha';
import { FormDialog } from '../../components/form/FormDialog';
import {
  BrandField,
  ControlledField,
  GoodsTitleField,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/form/fields';
import { GoodsPictureField } from '../../components/form/imageFields';
import { VideoUpload } from '../../components/upload/VideoUpload';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useEditForm } from '../../components/useFormDialog';

const SLOTS = Array.from({ length: LIMITS.gachaLabels }, (_, i) => i);
const TEXTS = [
  { name: 'link', label: '链接', placeholder: '商品链接' },
  { name: 'code', label: '编码', placeholder: '商品编码' },
];

const defaults = (editing: GachaGoods | null, brandId?: number) => {
  const bound = (editing?.active_num ?? 0) > 0;
  return {
    ...(editing ? { id: editing.id } : {}),
    ip_id: editing?.ip_id ?? brandId ?? ('' as number | ''),
    goods_title: editing?.goods_title ?? '',
    price: editing ? String(editing.price) : '',
    cost_price: editing ? String(editing.cost_price) : '',
    stock: editing && !bound ? String(editing.stock) : '',
    cate: editing?.cate ?? (3 as number | ''),
    pics: editing?.pics ?? [],
    video_url: editing?.video_url ?? '',
    channel: editing?.channel ?? '',
    label: SLOTS.map((i) => editing?.label[i] ?? ''),
    link: editing?.link ?? '',
    code: editing?.code ?? '',
    add_stock: bound ? 1 : 0,
  };
};

export type GachaDialogProps = EditDialogProps<GachaGoods>;

/**
 * 新增 / 编辑扭蛋商品 (spec 01 §3, §5): every field and rule of gachaSave. Goods bound to
 * activities keep price, cost and type, and their stock field adds stock.
 */
export function GachaDialog(props: GachaDialogProps) {
  const { editing, defaultBrandId } = props;
  const { dialog } = useEditForm(gachaRoutes.save, props, {
    noun: '扭蛋商品',
    testId: 'gacha',
    defaults: defaults(editing, defaultBrandId),
    invalidates: [gachaRoutes.list],
    // The spec sends pics and label as JSON strings.
    send: (data) => ({ ...data, pics: JSON.stringify(data.pics), label: JSON.stringify(data.label) }),
  });
  const bound = (editing?.active_num ?? 0) > 0;

  return (
    <FormDialog {...dialog} size="lg" scrollBehavior="inside">
      {bound && (
        <Alert.Root status="info" size="sm" data-testid="gacha-bound-hint">
          <Alert.Indicator />
          <Alert.Title>
            该商品已关联 {editing?.active_num} 个活动：零售价、成本价和类型不可修改，库存只能增加。
          </Alert.Title>
        </Alert.Root>
      )}
      <BrandField testId="gacha-brand" disabled={Boolean(editing)} />
      <GoodsTitleField name="goods_title" testId="gacha-title" />
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <SelectField
          name="cate"
          label="类型"
          required
          disabled={bound}
          numeric
          options={GACHA_CATES}
          placeholder="请选择类型"
          testId="gacha-cate"
        />
        <MoneyField name="price" label="零售价" placeholder="0.01 - 50000" disabled={bound} testId="gacha-price" />
        <MoneyField name="cost_price" label="成本价" placeholder="0.01 - 50000" disabled={bound} testId="gacha-cost" />
      </Grid>
      <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="4">
        <TextField
          name="stock"
          label={bound ? '增加库存' : '库存'}
          required
          helper={bound ? `当前库存 ${editing?.stock}` : '0 - 100000 的整数'}
          inputMode="numeric"
          placeholder={bound ? '请输入增加数量' : '请输入库存'}
          testId="gacha-stock"
        />
        <TextField
          name="channel"
          label="渠道"
          required
          placeholder="如：线下门店、小程序"
          maxLength={LIMITS.gachaLabelMax}
          testId="gacha-channel"
        />
      </Grid>
      <GoodsPictureField name="pics" limit={LIMITS.gachaPicsMax} size={88} testId="gacha-pics" />
      <ControlledField
        name="video_url"
        label="商品视频"
        render={(f) => <VideoUpload value={f.value} onChange={f.onChange} testId="gacha-video" />}
      />
      <ControlledField
        name="label"
        label="标签"
        render={(f) => (
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="2" w="full">
            {SLOTS.map((i) => (
              <Input
                key={i}
                size="sm"
                placeholder={`标签${i + 1}`}
                maxLength={LIMITS.gachaLabelMax}
                value={f.value[i]}
                onChange={(e) => f.onChange(f.value.map((x: string, j: number) => (j === i ? e.target.value : x)))}
                data-testid={`gacha-label-${i + 1}`}
              />
            ))}
          </Grid>
        )}
      />
      {TEXTS.map((t) => (
        <TextareaField key={t.name} {...t} rows={2} maxLength={LIMITS.gachaLinkMax} testId={`gacha-${t.name}`} />
      ))}
    </FormDialog>
  );
}
