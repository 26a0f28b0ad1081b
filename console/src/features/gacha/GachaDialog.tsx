import { Alert, Grid, Input, InputGroup, NativeSelect, Textarea } from '@chakra-ui/react';
import { api, GACHA_CATES, type GachaGoods, gachaSave, LIMITS, messages, PER_ID } from '@toy/shared';
import { useEffect, useState } from 'react';
import { BrandSelect } from '../../components/BrandSelect';
import { FormDialog, FormField } from '../../components/FormDialog';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { VideoUpload } from '../../components/upload/VideoUpload';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';
import { useBrandWord } from '../auth/useBrandWord';

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

export interface GachaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: GachaGoods | null;
  defaultBrandId?: number;
}

/**
 * 新增 / 编辑扭蛋商品 (spec 01 §3, §5): every field and rule of gachaSave. Goods bound to
 * activities keep price, cost and type, and their stock field adds stock.
 */
export function GachaDialog({ open, onOpenChange, editing, defaultBrandId }: GachaDialogProps) {
  const word = useBrandWord();
  const [form, setForm] = useState<FormState>(() => initial(editing, defaultBrandId));
  useEffect(() => {
    if (open) setForm(initial(editing, defaultBrandId));
  }, [open, editing, defaultBrandId]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
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
      <FormField field="ip_id" label={word} required disabled={Boolean(editing)}>
        <BrandSelect
          perId={PER_ID.box}
          value={form.ip_id === '' ? undefined : form.ip_id}
          onChange={(id) => set('ip_id', id ?? '')}
          defaultFirst={false}
          testId="gacha-brand"
        />
      </FormField>
      <FormField field="goods_title" label="商品名称" required>
        <Input
          placeholder="请输入商品名称"
          maxLength={LIMITS.goodsTitleMax}
          value={form.goods_title}
          onChange={(e) => set('goods_title', e.target.value)}
          data-testid="gacha-title"
        />
      </FormField>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <FormField field="cate" label="类型" required disabled={bound}>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="类型"
              value={String(form.cate)}
              onChange={(e) => set('cate', e.target.value ? Number(e.target.value) : '')}
              data-testid="gacha-cate"
            >
              <option value="">请选择类型</option>
              {GACHA_CATES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField field="price" label="零售价" required disabled={bound}>
          <InputGroup startElement="¥">
            <Input
              inputMode="decimal"
              placeholder="0.01 - 50000"
              disabled={bound}
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
              data-testid="gacha-price"
            />
          </InputGroup>
        </FormField>
        <FormField field="cost_price" label="成本价" required disabled={bound}>
          <InputGroup startElement="¥">
            <Input
              inputMode="decimal"
              placeholder="0.01 - 50000"
              disabled={bound}
              value={form.cost_price}
              onChange={(e) => set('cost_price', e.target.value)}
              data-testid="gacha-cost"
            />
          </InputGroup>
        </FormField>
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
        <ImageUpload
          value={form.pics}
          onChange={(keys) => set('pics', keys)}
          width={LIMITS.goodsPicture.width}
          height={LIMITS.goodsPicture.height}
          maxSize={LIMITS.goodsPictureMaxBytes}
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
