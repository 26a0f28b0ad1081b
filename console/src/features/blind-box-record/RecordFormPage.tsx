import { Alert, Box, Button, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  AuthType,
  messages,
  overseasFailureMessage,
  overseasOffenders,
  PER_ID,
  RECORD_IMAGES,
  recordSubmit,
} from '@toy/shared';
import { blindBoxRecordRoutes } from '@toy/shared/features/blind-box-record';
import { brandRoutes } from '@toy/shared/features/brand';
import { ListPlus, PackagePlus, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ActionButton } from '../../components/ActionButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormSection, StickyFooter } from '../../components/FormPage';
import {
  ControlledField,
  DateTimeField,
  DigitsField,
  FormField,
  SwitchField,
  TextField,
} from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { SchemaFormPage } from '../../components/form/SchemaFormPage';
import { setFields } from '../../components/form/setFields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { useAuthType, useBrandWord } from '../../session/useBrandWord';
import { BrandPicker } from './BrandPicker';
import { emptyRecord, fromRecord, manualRow, pickedRows, type RecordValues, type StyleRow } from './recordForm';
import { StyleList } from './StyleList';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const ManualStyleDialog = lazyPart(() => import('./ManualStyleDialog').then((m) => m.ManualStyleDialog));
const GoodsSelectorDialog = lazyPart(() => import('./GoodsSelectorDialog').then((m) => m.GoodsSelectorDialog));

const m = messages.blindBoxRecord;
const OVERSEAS_WARNING_MS = 5000;
const EMPTY = emptyRecord();
const SECTION_ACTION = { size: 'sm', colorPalette: 'brand', variant: 'outline' } as const;
const SUBMIT = { colorPalette: 'brand', type: 'submit' } as const;

/** Warns (spec 01 §5) and answers false when these styles cannot all be sold overseas. */
function overseasOk(styles: StyleRow[]) {
  const offenders = overseasOffenders(styles);
  if (!offenders.names.length && !offenders.manual) return true;
  notify.warning(overseasFailureMessage(styles), OVERSEAS_WARNING_MS);
  return false;
}

/**
 * The form's start: a rejected record as it was sent (`record=`), else a new record for the
 * query's own brand (else the first).
 */
function useDefaults(search: URLSearchParams, ownBrand: boolean) {
  const recordId = Number(search.get('record')) || undefined;
  const queryId = Number(search.get('id')) || undefined;
  const brands = useCall(brandRoutes.mine, { per_id: PER_ID.box }).data?.ips;
  const record = useCall(blindBoxRecordRoutes.detail, { id: recordId ?? 0 }, { enabled: recordId !== undefined }).data;
  const loaded = recordId !== undefined ? record !== undefined : brands !== undefined;
  // Once the record or the brands have loaded, the start stays: a later refresh of either never
  // resets what the merchant has entered.
  const [start, setStart] = useState<RecordValues | null>(null);
  useEffect(() => {
    if (!loaded || start) return;
    const brand = brands?.find((b) => b.id === queryId) ?? brands?.[0];
    setStart(record ? fromRecord(record) : emptyRecord(brand, ownBrand));
  }, [loaded, start, record, brands, queryId, ownBrand]);
  return { defaults: start ?? EMPTY, record, brands: brands ?? [] };
}

/** 录入盲盒机 (/blindBox/goodsAdd?id=brand): the record form; `record=` corrects a rejected record. */
export default function RecordFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const word = useBrandWord();
  const isShop = useAuthType() === AuthType.shop;
  const { defaults, record, brands } = useDefaults(search, !isShop);
  const form = useSchemaForm(recordSubmit, defaults);
  const [selectorOpen, setSelectorOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const { confirm, dialog } = useConfirm();
  const submit = useAction(blindBoxRecordRoutes.submit, {
    success: messages.success.submitted,
    invalidates: [blindBoxRecordRoutes.list],
  });
  const [id, ipId, brandId, brandTitle, styles] = form.watch(['id', 'ip_id', 'goods_ip_id', 'goods_ip_title', 'goods']);

  /** New styles: an overseas record whose styles no longer all qualify turns overseas off. */
  const addStyles = (rows: StyleRow[]) => {
    const goods = [...form.getValues('goods'), ...rows];
    setFields(form, form.getValues('is_overseas') === 1 && !overseasOk(goods) ? { goods, is_overseas: 0 } : { goods });
  };

  const toggleOverseas = (on: boolean) => setFields(form, { is_overseas: on && overseasOk(styles) ? 1 : 0 });

  const pickBrand = async (b: { id: number; title: string }) => {
    if (b.id === brandId) return true;
    const brand = { goods_ip_id: b.id, goods_ip_title: b.title };
    if (styles.length > 0 && !(await confirm({ message: m.switchBrandConfirm, confirmText: '确定切换' }))) {
      notify.info(m.brandSwitchCancelled);
      return false;
    }
    if (styles.length === 0) setFields(form, brand);
    else {
      setFields(form, { ...brand, goods: [], is_overseas: 0 });
      notify.success(m.brandSwitched);
    }
    return true;
  };

  const openSelector = () => (brandId ? setSelectorOpen(true) : void notify.invalid(m.selectorBrandFirst));

  const goBack = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate('/blindBox/records');
  };

  /** blindBoxRecord.submit takes the styles and the detail images as JSON (spec 01 §7). */
  const send = async (data: z.output<typeof recordSubmit>) => {
    await submit.run({ ...data, goods: JSON.stringify(data.goods), pics: JSON.stringify(data.pics) });
    goBack();
  };

  const locked = record !== undefined && record.status !== 2;
  const ownTitle = brands.find((b) => b.id === ipId)?.title ?? '';

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="record-form">
      {({ submitting }) => (
        <Stack gap="4">
          <PageTitle
            title={id ? '修改盲盒备案' : '录入盲盒机'}
            description="提交后由平台审核，审核通过即成为可发布的盲盒模板"
          />
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
          <FormSection title="基本信息">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              {/* The IP brand of the blind box: a 品牌 for a shop too (picked from the templates' brands). */}
              <FormField name="goods_ip_id" label="盲盒品牌" required>
                {isShop ? (
                  <BrandPicker title={brandTitle} onPick={pickBrand} placeholder="请输入品牌名称搜索" />
                ) : (
                  <Input value={brandTitle} readOnly bg="gray.50" data-testid="record-brand" />
                )}
              </FormField>
              {isShop && (
                <FormField name="ip_id" label={`所属${word}`}>
                  <Input value={ownTitle} readOnly bg="gray.50" />
                </FormField>
              )}
              <TextField
                name="title"
                label="盲盒名称"
                required
                maxLength={100}
                placeholder="请输入盲盒名称"
                testId="record-title"
              />
              <TextField
                name="price"
                label="官方售价（元/盒）"
                required
                inputMode="decimal"
                placeholder="请输入盲盒售价"
                testId="record-price"
              />
              <DigitsField
                name="limit_stock"
                label="单箱多少套盒"
                required
                helper="一箱（端盒）包含的盲盒数量"
                placeholder="请输入单箱多少套盒"
                testId="record-limit-stock"
              />
              <DateTimeField name="shop_time" label="官方发售时间" required testId="record-shop-time" />
              <ControlledField
                name="color"
                label="背景色"
                helper="十六进制（如 #FFE4EC）或 rgb(255, 228, 236)"
                render={(f) => (
                  <HStack w="full">
                    <Input
                      type="color"
                      w="48px"
                      p="1"
                      aria-label="选择背景色"
                      value={/^#[0-9a-f]{6}$/i.test(f.value) ? f.value : '#ffffff'}
                      onChange={(e) => f.onChange(e.target.value.toUpperCase())}
                    />
                    <Input {...f} placeholder="#FFE4EC" data-testid="record-color" />
                  </HStack>
                )}
              />
              <SwitchField
                name="is_overseas"
                label="海外售卖"
                helper="开启后所有款式须为支持海外的商品"
                labels={['未开启', '已开启']}
                onToggle={toggleOverseas}
                testId="record-overseas"
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            title="盲盒款式"
            hint="至少 4 个款式；隐藏款（小隐藏、大隐藏）需填写掉率 1:N"
            actions={
              <>
                <ActionButton {...SECTION_ACTION} icon={ListPlus} onClick={openSelector} testId="open-selector">
                  从商品库选择
                </ActionButton>
                <ActionButton
                  {...SECTION_ACTION}
                  icon={PackagePlus}
                  variant="subtle"
                  onClick={() => setManualOpen(true)}
                  testId="open-manual"
                >
                  手动添加
                </ActionButton>
              </>
            }
          >
            <ControlledField
              name="goods"
              label="款式列表"
              render={(f) => (
                <Box w="full">
                  <StyleList styles={f.value} onChange={f.onChange} />
                </Box>
              )}
            />
          </FormSection>

          <FormSection title="图片" hint="图片按要求尺寸上传，支持 png/jpg/jpeg/gif">
            <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
              <ImageField
                name="pic"
                label="橱窗主图"
                required
                {...RECORD_IMAGES.pic}
                hint="600*600px"
                testId="record-pic"
              />
              <ImageField
                name="main_pic"
                label="整盒头卡图"
                required
                {...RECORD_IMAGES.main_pic}
                hint="不小于1200*600px"
                size={160}
                testId="record-main_pic"
              />
              <ImageField
                name="one_box_pic"
                label="单盒盒卡图"
                required
                {...RECORD_IMAGES.one_box_pic}
                hint="400*400px"
                testId="record-one_box_pic"
              />
              <ImageField
                name="one_pack_pic"
                label="单盒包装图"
                required
                {...RECORD_IMAGES.one_pack_pic}
                hint="800*800px"
                testId="record-one_pack_pic"
              />
            </SimpleGrid>
            <Box mt="5">
              <ImageField
                name="pics"
                label="详情图"
                required
                limit={9}
                hint="最多9张，按上传顺序展示"
                testId="record-pics"
              />
            </Box>
          </FormSection>

          <StickyFooter>
            <Button variant="outline" onClick={goBack}>
              取消
            </Button>
            <ActionButton icon={Send} {...SUBMIT} loading={submitting} disabled={locked} testId="record-submit">
              {id ? '重新提交' : '提交审核'}
            </ActionButton>
          </StickyFooter>

          {brandId !== '' && (
            <GoodsSelectorDialog
              open={selectorOpen}
              onOpenChange={setSelectorOpen}
              brandId={brandId}
              existing={styles.flatMap((s) => (s.sku_id ? [s.sku_id] : []))}
              onConfirm={(picked) => addStyles(pickedRows(picked))}
            />
          )}
          <ManualStyleDialog open={manualOpen} onOpenChange={setManualOpen} onAdd={(s) => addStyles([manualRow(s)])} />
          {dialog}
        </Stack>
      )}
    </SchemaFormPage>
  );
}
