import { Alert, Box, Button, Heading, HStack, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import {
  AuthType,
  api,
  type GoodsItem,
  messages,
  overseasFailureMessage,
  overseasOffenders,
  PER_ID,
  RECORD_IMAGES,
  recordSubmit,
} from '@toy/shared';
import { ListPlus, PackagePlus, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { DateTimeInput } from '../../components/DateTimeInput';
import { FormErrors, FormField } from '../../components/FormDialog';
import { FormSection, StickyFooter } from '../../components/FormPage';
import { checkForm, type FieldError } from '../../components/formCheck';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate, useCall } from '../../lib/useCall';
import { useAuthType, useBrandWord } from '../../session/useBrandWord';
import { BrandPicker } from './BrandPicker';
import { GoodsSelectorDialog } from './GoodsSelectorDialog';
import { ManualStyleDialog } from './ManualStyleDialog';
import { emptyRecord, fromRecord, type RecordState, rowKey, type StyleRow, stylesToWire, toWire } from './recordForm';
import { StyleList } from './StyleList';

const m = messages.blindBoxRecord;

/** 录入盲盒机 (/blindBox/goodsAdd?id=brand): the record form; `record=` corrects a rejected record. */
export default function RecordFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const word = useBrandWord();
  const isShop = useAuthType() === AuthType.shop;
  const queryId = Number(search.get('id')) || undefined;
  const recordId = Number(search.get('record')) || undefined;
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  const existing = useCall(api.blindBoxRecord.detail, { id: recordId ?? 0 }, { enabled: recordId !== undefined });
  const [form, setForm] = useState<RecordState>(() => emptyRecord());
  const [error, setError] = useState<FieldError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [selectorOpen, setSelectorOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const { confirm, dialog } = useConfirm();
  const loaded = useRef(false);

  // The record's brand: the query's own brand (else the first); own-brand users record for it.
  useEffect(() => {
    if (loaded.current || !brands.data) return;
    if (recordId !== undefined) {
      if (!existing.data) return;
      setForm(fromRecord(existing.data));
      loaded.current = true;
      return;
    }
    const own = brands.data.ips;
    const brand = own.find((b) => b.id === queryId) ?? own[0];
    if (!brand) return;
    loaded.current = true;
    setForm((f) => ({
      ...f,
      ip_id: brand.id,
      ...(isShop ? {} : { goods_ip_id: brand.id, goods_ip_title: brand.title }),
    }));
  }, [brands.data, existing.data, queryId, recordId, isShop]);

  const set = (patch: Partial<RecordState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };

  /** Styles changed: an overseas record whose styles no longer all qualify turns overseas off. */
  const setStyles = (styles: StyleRow[]) => {
    const offenders = overseasOffenders(stylesToWire(styles));
    if (form.is_overseas === 1 && (offenders.names.length || offenders.manual)) {
      notify.warning(overseasFailureMessage(stylesToWire(styles)), 5000);
      set({ styles, is_overseas: 0 });
    } else set({ styles });
  };

  const toggleOverseas = (on: boolean) => {
    if (!on) return set({ is_overseas: 0 });
    const wire = stylesToWire(form.styles);
    const offenders = overseasOffenders(wire);
    if (offenders.names.length || offenders.manual) {
      notify.warning(overseasFailureMessage(wire), 5000);
      return set({ is_overseas: 0 });
    }
    set({ is_overseas: 1 });
  };

  const pickBrand = async (b: { id: number; title: string }) => {
    if (b.id === form.goods_ip_id) return true;
    if (form.styles.length > 0) {
      if (!(await confirm({ message: m.switchBrandConfirm, confirmText: '确定切换' }))) {
        notify.info(m.brandSwitchCancelled);
        return false;
      }
      set({ goods_ip_id: b.id, goods_ip_title: b.title, styles: [], is_overseas: 0 });
      notify.success(m.brandSwitched);
      return true;
    }
    set({ goods_ip_id: b.id, goods_ip_title: b.title });
    return true;
  };

  const openSelector = () => {
    if (!form.goods_ip_id) return void notify.invalid(m.selectorBrandFirst);
    setSelectorOpen(true);
  };

  const addGoods = (picked: GoodsItem[]) =>
    setStyles([
      ...form.styles,
      ...picked.map((g) => ({
        key: rowKey(),
        goods_title: g.title,
        goods_pic: g.pic,
        type: 1,
        probability: '',
        sku_id: g.id,
        is_overseas: g.is_overseas,
      })),
    ]);

  const goBack = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate('/blindBox/records');
  };

  const submit = async () => {
    const wire = toWire(form);
    const checked = checkForm(recordSubmit, wire);
    if (!checked.ok) {
      setError(checked.error);
      notify.invalid(checked.error.message);
      return;
    }
    notify.dismissInvalid();
    setSubmitting(true);
    try {
      await call(api.blindBoxRecord.submit, wire as never);
      notify.success(messages.success.submitted);
      await invalidate(api.blindBoxRecord.list);
      goBack();
    } catch {
      // The request layer showed the message.
    } finally {
      setSubmitting(false);
    }
  };

  const record = existing.data;
  const locked = record !== undefined && record.status !== 2;
  const ownTitle = brands.data?.ips.find((b) => b.id === form.ip_id)?.title ?? '';
  const image = (field: 'pic' | 'main_pic' | 'one_box_pic' | 'one_pack_pic') => ({
    value: form[field] ? [form[field]] : [],
    onChange: (keys: string[]) => set({ [field]: keys[0] ?? '' }),
    testId: `record-${field}`,
  });

  return (
    <Stack gap="4" data-testid="record-form">
      <Box>
        <Heading size="lg">{form.id ? '修改盲盒备案' : '录入盲盒机'}</Heading>
        <Text color="fg.muted" fontSize="sm" mt="1">
          提交后由平台审核，审核通过即成为可发布的盲盒模板
        </Text>
      </Box>
      {record?.status === 2 && (
        <Alert.Root status="warning" data-testid="record-reject-reason">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>审核驳回</Alert.Title>
            <Alert.Description>驳回原因：{record.reason}。请修改后重新提交。</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {locked && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{record.status === 0 ? m.pending : m.approved}</Alert.Title>
        </Alert.Root>
      )}
      <FormErrors error={error}>
        <FormSection title="基本信息">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormField field="goods_ip_id" label={`盲盒${word}`} required>
              {isShop ? (
                <BrandPicker title={form.goods_ip_title} onPick={pickBrand} placeholder={`请输入${word}名称搜索`} />
              ) : (
                <Input value={form.goods_ip_title} readOnly bg="gray.50" data-testid="record-brand" />
              )}
            </FormField>
            {isShop && (
              <FormField field="ip_id" label={`所属${word}`}>
                <Input value={ownTitle} readOnly bg="gray.50" />
              </FormField>
            )}
            <FormField field="title" label="盲盒名称" required>
              <Input
                value={form.title}
                maxLength={100}
                placeholder="请输入盲盒名称"
                onChange={(e) => set({ title: e.target.value })}
                data-testid="record-title"
              />
            </FormField>
            <FormField field="price" label="官方售价（元/盒）" required>
              <Input
                value={form.price}
                inputMode="decimal"
                placeholder="请输入盲盒售价"
                onChange={(e) => set({ price: e.target.value })}
                data-testid="record-price"
              />
            </FormField>
            <FormField field="limit_stock" label="单箱多少套盒" required helper="一箱（端盒）包含的盲盒数量">
              <Input
                value={form.limit_stock}
                inputMode="numeric"
                placeholder="请输入单箱多少套盒"
                onChange={(e) => set({ limit_stock: e.target.value.replace(/[^\d]/g, '') })}
                data-testid="record-limit-stock"
              />
            </FormField>
            <FormField field="shop_time" label="官方发售时间" required>
              <DateTimeInput
                value={form.shop_time}
                onChange={(shop_time) => set({ shop_time })}
                testId="record-shop-time"
              />
            </FormField>
            <FormField field="color" label="背景色" helper="十六进制（如 #FFE4EC）或 rgb(255, 228, 236)">
              <HStack w="full">
                <Input
                  type="color"
                  w="48px"
                  p="1"
                  aria-label="选择背景色"
                  value={/^#[0-9a-f]{6}$/i.test(form.color) ? form.color : '#ffffff'}
                  onChange={(e) => set({ color: e.target.value.toUpperCase() })}
                />
                <Input
                  value={form.color}
                  placeholder="#FFE4EC"
                  onChange={(e) => set({ color: e.target.value })}
                  data-testid="record-color"
                />
              </HStack>
            </FormField>
            <FormField field="is_overseas" label="海外售卖" helper="开启后所有款式须为支持海外的商品">
              <Switch.Root
                colorPalette="brand"
                checked={form.is_overseas === 1}
                onCheckedChange={(e) => toggleOverseas(e.checked)}
                data-testid="record-overseas"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{form.is_overseas === 1 ? '已开启' : '未开启'}</Switch.Label>
              </Switch.Root>
            </FormField>
          </SimpleGrid>
        </FormSection>

        <FormSection
          title="盲盒款式"
          hint="至少 4 个款式；隐藏款（小隐藏、大隐藏）需填写掉率 1:N"
          actions={
            <>
              <Button
                size="sm"
                colorPalette="brand"
                variant="outline"
                onClick={openSelector}
                data-testid="open-selector"
              >
                <ListPlus size={16} />
                从商品库选择
              </Button>
              <Button
                size="sm"
                colorPalette="brand"
                variant="subtle"
                onClick={() => setManualOpen(true)}
                data-testid="open-manual"
              >
                <PackagePlus size={16} />
                手动添加
              </Button>
            </>
          }
        >
          <FormField field="goods" label="款式列表">
            <Box w="full">
              <StyleList styles={form.styles} onChange={setStyles} />
            </Box>
          </FormField>
        </FormSection>

        <FormSection title="图片" hint="图片按要求尺寸上传，支持 png/jpg/jpeg/gif">
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
            <FormField field="pic" label="橱窗主图" required>
              <ImageUpload {...image('pic')} {...RECORD_IMAGES.pic} hint="600*600px" />
            </FormField>
            <FormField field="main_pic" label="整盒头卡图" required>
              <ImageUpload {...image('main_pic')} {...RECORD_IMAGES.main_pic} hint="不小于1200*600px" size={160} />
            </FormField>
            <FormField field="one_box_pic" label="单盒盒卡图" required>
              <ImageUpload {...image('one_box_pic')} {...RECORD_IMAGES.one_box_pic} hint="400*400px" />
            </FormField>
            <FormField field="one_pack_pic" label="单盒包装图" required>
              <ImageUpload {...image('one_pack_pic')} {...RECORD_IMAGES.one_pack_pic} hint="800*800px" />
            </FormField>
          </SimpleGrid>
          <Box mt="5">
            <FormField field="pics" label="详情图" required>
              <ImageUpload
                value={form.pics}
                onChange={(pics) => set({ pics })}
                limit={9}
                testId="record-pics"
                hint="最多9张，按上传顺序展示"
              />
            </FormField>
          </Box>
        </FormSection>
      </FormErrors>

      <StickyFooter>
        <Button variant="outline" onClick={goBack}>
          取消
        </Button>
        <Button
          colorPalette="brand"
          loading={submitting}
          disabled={locked}
          onClick={submit}
          data-testid="record-submit"
        >
          <Send size={16} />
          {form.id ? '重新提交' : '提交审核'}
        </Button>
      </StickyFooter>

      {form.goods_ip_id !== '' && (
        <GoodsSelectorDialog
          open={selectorOpen}
          onOpenChange={setSelectorOpen}
          brandId={form.goods_ip_id}
          existing={form.styles.flatMap((s) => (s.sku_id ? [s.sku_id] : []))}
          onConfirm={addGoods}
        />
      )}
      <ManualStyleDialog
        open={manualOpen}
        onOpenChange={setManualOpen}
        onAdd={(s) => setStyles([...form.styles, { ...s, key: rowKey(), sku_id: null, is_overseas: 0 }])}
      />
      {dialog}
    </Stack>
  );
}
