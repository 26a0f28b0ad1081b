import { Alert, Grid, Input, Textarea } from '@chakra-ui/react';
import { api, GACHA_CATES, type GachaGoods, gachaSave, LIMITS, messages } from '@toy/shared';
import { FormDialog, FormField } from '../../components/FormDialog';
import {
  BrandField,
  GoodsPictureUpload,
  GoodsTitleField,
  MoneyField,
  OptionSelect,
  useDialogForm,
} from '../../components/formFields';
import { VideoUpload } from '../../components/upload/VideoUpload';
import type { EditDialogProps } from '../../components/useEditDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';

interface FormState {
  id?: number;
  ip_id: number | '';
  goods_title: string;
  price: string;
  cost_price: string;
  stock: string;
  cate: number | '';
  pics: string[];
  video_url: string;
  channel: string;
  label: string[];
  link: string;
  code: string;
  add_stock: number;
}

const initial = (editing: GachaGoods | null, brandId?: number): FormState =>
  editing
    ? {
        id: editing.id,
        ip_id: editing.ip_id,
        goods_title: editing.goods_title,
        price: String(editing.price),
        cost_price: String(editing.cost_price),
        stock: editing.active_num > 0 ? '' : String(editing.stock),
        cate: editing.cate,
        pics: editing.pics,
        video_url: editing.video_url,
        channel: editing.channel,
        label: [0, 1, 2, 3].map((i) => editing.label[i] ?? ''),
        link: editing.link,
        code: editing.code,
        add_stock: editing.active_num > 0 ? 1 : 0,
      }
    : {
        ip_id: brandId ?? '',
        goods_title: '',
        price: '',
        cost_price: '',
        stock: '',
        cate: 3,
        pics: [],
        video_url: '',
        channel: '',
        label: ['', '', '', ''],
        link: '',
        code: '',
        add_stock: 0,
      };

export type GachaDialogProps = EditDialogProps<GachaGoods>;

/**
 * 新增 / 编辑扭蛋商品 (spec 01 §3, §5): every field and rule of gachaSave. Goods bound to
 * activities keep price, cost and type, and their stock field adds stock.
 */
export function GachaDialog({ open, onOpenChange, editing, defaultBrandId }: GachaDialogProps) {
  const { form, set } = useDialogForm(open, initial, editing, defaultBrandId);
  const bound = (editing?.active_num ?? 0) > 0;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? '编辑扭蛋商品' : '新增扭蛋商品'}
      schema={gachaSave}
      values={form}
      size="lg"
      scrollBehavior="inside"
      testId="gacha-dialog"
      submitTestId="gacha-save"
      onSubmit={async (data) => {
        // The spec sends pics and label as JSON strings.
        await call(api.gacha.save, { ...data, pics: JSON.stringify(data.pics), label: JSON.stringify(data.label) });
        notify.success(editing ? messages.success.edited : messages.success.added);
        await invalidate(api.gacha.list);
      }}
    >
      {bound && (
        <Alert.Root status="info" size="sm" data-testid="gacha-bound-hint">
          <Alert.Indicator />
          <Alert.Title>
            该商品已关联 {editing?.active_num} 个活动：零售价、成本价和类型不可修改，库存只能增加。
          </Alert.Title>
        </Alert.Root>
      )}
      <BrandField
        value={form.ip_id}
        onChange={(id) => set('ip_id', id)}
        testId="gacha-brand"
        disabled={Boolean(editing)}
      />
      <GoodsTitleField
        field="goods_title"
        value={form.goods_title}
        onChange={(v) => set('goods_title', v)}
        testId="gacha-title"
      />
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <FormField field="cate" label="类型" required disabled={bound}>
          <OptionSelect
            label="类型"
            value={String(form.cate)}
            onChange={(v) => set('cate', v ? Number(v) : '')}
            options={GACHA_CATES}
            placeholder="请选择类型"
            testId="gacha-cate"
          />
        </FormField>
        <MoneyField
          field="price"
          label="零售价"
          placeholder="0.01 - 50000"
          disabled={bound}
          value={form.price}
          onChange={(v) => set('price', v)}
          testId="gacha-price"
        />
        <MoneyField
          field="cost_price"
          label="成本价"
          placeholder="0.01 - 50000"
          disabled={bound}
          value={form.cost_price}
          onChange={(v) => set('cost_price', v)}
          testId="gacha-cost"
        />
      </Grid>
      <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="4">
        <FormField
          field="stock"
          label={bound ? '增加库存' : '库存'}
          required
          helper={bound ? `当前库存 ${editing?.stock}` : '0 - 100000 的整数'}
        >
          <Input
            inputMode="numeric"
            placeholder={bound ? '请输入增加数量' : '请输入库存'}
            value={form.stock}
            onChange={(e) => set('stock', e.target.value)}
            data-testid="gacha-stock"
          />
        </FormField>
        <FormField field="channel" label="渠道" required>
          <Input
            placeholder="如：线下门店、小程序"
            maxLength={LIMITS.gachaLabelMax}
            value={form.channel}
            onChange={(e) => set('channel', e.target.value)}
            data-testid="gacha-channel"
          />
        </FormField>
      </Grid>
      <FormField field="pics" label="商品图片" required>
        <GoodsPictureUpload
          value={form.pics}
          onChange={(keys) => set('pics', keys)}
          limit={LIMITS.gachaPicsMax}
          size={88}
          testId="gacha-pics"
        />
      </FormField>
      <FormField field="video_url" label="商品视频">
        <VideoUpload value={form.video_url} onChange={(v) => set('video_url', v)} testId="gacha-video" />
      </FormField>
      <FormField field="label" label="标签">
        <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="2" w="full">
          {form.label.map((l, i) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: four fixed label slots
              key={i}
              size="sm"
              placeholder={`标签${i + 1}`}
              maxLength={LIMITS.gachaLabelMax}
              value={l}
              onChange={(e) =>
                set(
                  'label',
                  form.label.map((x, j) => (j === i ? e.target.value : x)),
                )
              }
              data-testid={`gacha-label-${i + 1}`}
            />
          ))}
        </Grid>
      </FormField>
      <FormField field="link" label="链接">
        <Textarea
          rows={2}
          placeholder="商品链接"
          maxLength={LIMITS.gachaLinkMax}
          value={form.link}
          onChange={(e) => set('link', e.target.value)}
          data-testid="gacha-link"
        />
      </FormField>
      <FormField field="code" label="编码">
        <Textarea
          rows={2}
          placeholder="商品编码"
          maxLength={LIMITS.gachaLinkMax}
          value={form.code}
          onChange={(e) => set('code', e.target.value)}
          data-testid="gacha-code"
        />
      </FormField>
    </FormDialog>
  );
}
