import { Alert, Box, Button, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  type Allocation,
  allocateRules,
  firstFailure,
  LIMITS,
  messages,
  PACKAGING_OPTIONS,
  PER_ID,
  type Template,
} from '@toy/shared';
import { blindBoxRoutes, templateRoutes } from '@toy/shared/features/blind-box';
import { cabinetRoutes } from '@toy/shared/features/box-settings';
import { freightRoutes, freightTemplateRoutes } from '@toy/shared/features/freight';
import { Boxes, Rocket, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ActionButton } from '../../components/ActionButton';
import { BrandSelect } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormSection, StickyFooter } from '../../components/FormPage';
import {
  ChoiceField,
  DateTimeField,
  DigitsField,
  FormField,
  SwitchField,
  TextareaField,
  TextField,
} from '../../components/form/fields';
import { SchemaFormPage } from '../../components/form/SchemaFormPage';
import { setFields } from '../../components/form/setFields';
import { Toggle } from '../../components/form/Toggle';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { ApiError, call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { useBrandWord } from '../../session/useBrandWord';
import { AllocationTable } from './AllocationTable';
import { PublishedResult } from './PublishedResult';
import { emptyRelease, type ReleaseValues, releaseSchema } from './releaseForm';
import { TemplatePicker, TemplatePreview } from './TemplatePicker';

const m = messages.blindBox;
const WRAPS = PACKAGING_OPTIONS.map((o) => ({ value: o, label: o }));
const SWITCH_TEXT = ['未开启', '已开启'] as const;

const openSettings = (ipId: number) => window.open(`/blindBox/admin?ipId=${ipId}`, '_blank', 'noopener');

/** 金币抵扣: a switch (off by default) and, while on, the most a draw's coins may take off. */
function BeanField() {
  const { register } = useFormContext<ReleaseValues>();
  const { field } = useController<ReleaseValues, 'is_bean'>({ name: 'is_bean' });
  return (
    <FormField
      name="bean"
      label="金币抵扣"
      helper={
        field.value === 1
          ? '填写每抽最多可用金币抵扣的金额（大于0，不超过售价）；1金币=1元，由商家承担；不使用请关闭'
          : '开启后玩家可用金币抵扣部分抽盒金额，1金币=1元，由商家承担'
      }
    >
      <HStack w="full">
        <Toggle
          checked={field.value === 1}
          onChange={(on) => field.onChange(on ? 1 : 0)}
          testId="release-bean-switch"
        />
        {field.value === 1 ? (
          <Input
            {...register('bean')}
            inputMode="decimal"
            placeholder="请输入金币最高可抵扣金额"
            data-testid="release-bean"
          />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            不使用金币抵扣
          </Text>
        )}
      </HStack>
    </FormField>
  );
}

/** 发布盒机 (/blindBox/boxAdd?ipId=): choose a template, price it, allocate boxes, publish a draw machine. */
export default function ReleasePage() {
  const [search, setSearch] = useSearchParams();
  const word = useBrandWord();
  const ipId = Number(search.get('ipId')) || undefined;
  const templateId = Number(search.get('templateId')) || undefined;
  const [initial] = useState(() => emptyRelease(ipId));
  const form = useSchemaForm(releaseSchema, initial);
  const [template, isOverseas, isPreSale, allocation, desc, boxNum, off] = form.watch([
    'template',
    'is_overseas',
    'is_pre_sale',
    'allocation',
    'desc',
    'box_num',
    'off',
  ]);
  const [published, setPublished] = useState<{
    id: number;
    seed_hash: string;
    shelves_time: string;
    saved: boolean;
  } | null>(null);
  const { confirm, dialog } = useConfirm();
  const freight = useCall(freightRoutes.info, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const cabinet = useCall(cabinetRoutes.get, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const overseas = useCall(blindBoxRoutes.overseasBrands);
  // Overseas sales charge freight by the brand's freight templates (spec 02 screen 8).
  const templates = useCall(
    freightTemplateRoutes.list,
    { ip_id: ipId ?? 0 },
    { enabled: ipId !== undefined && Number(isOverseas) === 1 },
  );
  const overseasFreightUnset = Number(isOverseas) === 1 && templates.data !== undefined && templates.data.length === 0;
  const preset = useCall(
    templateRoutes.search,
    { ip_id: ipId ?? 0, page: 1, limit: LIMITS.templateSearchLimit },
    { enabled: ipId !== undefined && templateId !== undefined },
  );
  const allocate = useAction(blindBoxRoutes.allocate, { success: messages.success.done });
  const overseasAllowed = ipId !== undefined && (overseas.data?.ips ?? []).includes(ipId);
  const prompted = useRef<number | null>(null);
  // The first brand is picked by default once; after that an empty choice stays empty (rule 1).
  const [brandTouched, setBrandTouched] = useState(ipId !== undefined);

  // The brand lives in the link and in the form at once (the form is what a submit reads, before
  // the page has rendered the new link); choosing another brand starts the form again.
  const onBrand = useCallback(
    (id: number | undefined, meta: { auto: boolean }) => {
      setBrandTouched(true);
      if (meta.auto) form.setValue('ip_id', id ?? '');
      else form.reset(emptyRelease(id));
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('ipId', String(id));
          else next.delete('ipId');
          if (!meta.auto) next.delete('templateId');
          return next;
        },
        { replace: meta.auto },
      );
    },
    [setSearch, form],
  );

  // A link changed by other means (back, forward) starts the form again for its brand.
  useEffect(() => {
    if (form.getValues('ip_id') !== (ipId ?? '')) form.reset(emptyRelease(ipId));
  }, [ipId, form]);

  // 当前品牌暂未设置运费: once per brand, with 去设置 opening the settings in a new tab.
  useEffect(() => {
    if (ipId === undefined || freight.data !== null || freight.isLoading || prompted.current === ipId) return;
    prompted.current = ipId;
    void confirm({ message: messages.brand.freightUnset, confirmText: m.goSet }).then((ok) => ok && openSettings(ipId));
  }, [ipId, freight.data, freight.isLoading, confirm]);

  // A template given in the link (from 盲盒备案) is preselected once.
  const presetDone = useRef(false);
  useEffect(() => {
    const t = preset.data?.list.find((x) => x.id === templateId);
    if (!t || presetDone.current) return;
    presetDone.current = true;
    form.setValue('template', t);
  }, [preset.data, templateId, form]);

  // An allocation is for one box count: changing the count drops it.
  useEffect(() => {
    if (allocation && Number(boxNum) !== allocation.box_num) setFields(form, { allocation: null });
  }, [allocation, boxNum, form]);

  /** A template that cannot be sold overseas is refused while overseas is on. */
  const pickTemplate = (t: Template) => {
    const refused = isOverseas === 1 && t.is_overseas !== 1;
    if (refused) notify.warning(m.notOverseasTemplate, 5000);
    setFields(form, { template: refused ? null : t, allocation: null });
  };

  /** Overseas on clears a template that cannot be sold overseas, and its allocation: asked first. */
  const toggleOverseas = async (on: boolean) => {
    if (!on || !template || template.is_overseas === 1) return setFields(form, { is_overseas: on ? 1 : 0 });
    if (!(await confirm({ message: m.overseasClearsTemplate }))) return void notify.info(messages.cancelled.operation);
    setFields(form, { is_overseas: 1, template: null, allocation: null });
  };

  /** 分配盒机: needs a template and a box count (their rules), then answers the goods and box_sign. */
  const allocateBoxes = async () => {
    const input = { template_id: template?.id ?? '', box_num: form.getValues('box_num') };
    const failed = firstFailure(allocateRules, input);
    if (failed) {
      // Shown under the field the rule names (template_id is the template picker's field).
      form.setError(failed.field as keyof ReleaseValues, { type: 'rule', message: failed.message });
      return void notify.invalid(failed.message);
    }
    const answer = await allocate.trigger(input);
    if (!answer) return;
    setFields(form, { allocation: answer });
    notify.dismissInvalid();
  };

  const promptCabinet = async () => {
    if (ipId && (await confirm({ message: m.cabinetUnset, confirmText: m.goSet }))) openSettings(ipId);
  };

  const publish = async (wire: z.output<typeof releaseSchema>) => {
    if (cabinet.data === null) return void promptCabinet();
    try {
      const saved = wire.off === 1;
      setPublished({ ...(await call(blindBoxRoutes.publish, wire, { silent: true })), saved });
      notify.success(saved ? messages.success.saved : messages.success.published);
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (err.message === m.cabinetUnset) void promptCabinet();
      else if (err.status !== 401) notify.error(err.message);
      if (err.message === m.boxSignInvalid) setFields(form, { allocation: null });
    }
  };

  if (published && ipId) {
    return (
      <PublishedResult
        result={published}
        ipId={ipId}
        title={template?.title ?? ''}
        onAgain={() => {
          setPublished(null);
          form.reset(emptyRelease(ipId));
        }}
      />
    );
  }

  return (
    <SchemaFormPage form={form} onSubmit={publish} testId="release-page">
      {({ submitting }) => (
        <Stack gap="4">
          <PageTitle
            title="发布盒机"
            description="选择已通过审核的盲盒，设置售卖信息并分配盒机，发布后自发售时间起上架"
          />
          {ipId !== undefined && freight.data === null && (
            <Alert.Root status="warning" data-testid="release-freight-alert">
              <Alert.Indicator />
              <Alert.Title flex="1">{messages.brand.freightUnset}</Alert.Title>
              <Button
                size="xs"
                colorPalette="orange"
                variant="outline"
                onClick={() => openSettings(ipId)}
                data-testid="release-go-set"
              >
                {m.goSet}
              </Button>
            </Alert.Root>
          )}
          {ipId !== undefined && overseasFreightUnset && (
            <Alert.Root status="warning" data-testid="release-overseas-freight-alert">
              <Alert.Indicator />
              <Alert.Title flex="1">{messages.brand.freightUnset}（海外运费模板）</Alert.Title>
              <Button
                size="xs"
                colorPalette="orange"
                variant="outline"
                onClick={() => window.open(`/blindBox/overseasFreight?ip_id=${ipId}`, '_blank', 'noopener')}
                data-testid="release-go-set-overseas"
              >
                {m.goSet}
              </Button>
            </Alert.Root>
          )}
          <FormSection title="选择盲盒">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <FormField name="ip_id" label={`所属${word}`} required>
                <BrandSelect
                  perId={PER_ID.box}
                  value={ipId}
                  onChange={onBrand}
                  defaultFirst={!brandTouched}
                  testId="release-brand"
                />
              </FormField>
              <SwitchField
                name="is_overseas"
                label="海外售卖"
                helper={overseasAllowed ? '开启后需填写美元与泰铢售价' : `当前${word}未开通海外售卖`}
                disabled={!overseasAllowed}
                labels={SWITCH_TEXT}
                onToggle={toggleOverseas}
                testId="release-overseas"
              />
            </SimpleGrid>
            <Box mt="5">
              <FormField name="template_id" label="售卖的盲盒" required>
                {ipId !== undefined && <TemplatePicker ipId={ipId} value={template} onPick={pickTemplate} />}
              </FormField>
            </Box>
            {template && (
              <Box mt="4">
                <TemplatePreview template={template} />
              </Box>
            )}
          </FormSection>

          <FormSection title="售卖信息">
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
              <DateTimeField name="shelves_time" label="上架时间" required testId="release-shelves-time" />
              <SwitchField name="is_pre_sale" label="预售" labels={['现货', '预售']} testId="release-presale" />
              {isPreSale === 1 && (
                <DateTimeField name="delivery_time" label="预计发货时间" required testId="release-delivery-time" />
              )}
              <TextField
                name="service_charge"
                label="服务费（%）"
                required
                helper={`最低 ${LIMITS.minServiceFee}%`}
                inputMode="decimal"
                testId="release-service-charge"
              />
              <TextField
                name="price"
                label="盲盒售价（元）"
                required
                inputMode="decimal"
                placeholder={template ? `不低于官方售价¥${template.price}` : '请输入盲盒售价'}
                testId="release-price"
              />
              {isOverseas === 1 && (
                <>
                  <TextField
                    name="price_us"
                    label="美元售价（USD）"
                    required
                    inputMode="decimal"
                    placeholder="请输入盲盒美元售价"
                    testId="release-price-us"
                  />
                  <TextField
                    name="price_th"
                    label="泰铢售价（THB）"
                    required
                    helper={`不低于${LIMITS.minThbPrice}泰铢`}
                    inputMode="decimal"
                    placeholder="请输入盲盒泰铢售价"
                    testId="release-price-th"
                  />
                </>
              )}
              <BeanField />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="5">
              <ChoiceField name="wrap" label="包装" options={WRAPS} testId="release-wrap" />
              <TextareaField
                name="desc"
                label="描述"
                required
                helper={`${desc.length}/${LIMITS.descriptionMax}`}
                rows={2}
                maxLength={LIMITS.descriptionMax}
                placeholder="请输入描述"
                testId="release-desc"
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="分配盒机">
            <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
              <Box w={{ base: 'full', md: '260px' }}>
                <DigitsField
                  name="box_num"
                  label="售卖库存（箱）"
                  required
                  placeholder="请输入售卖库存"
                  testId="release-box-num"
                />
              </Box>
              <ActionButton
                icon={Boxes}
                colorPalette="brand"
                variant="outline"
                loading={allocate.pending}
                onClick={allocateBoxes}
                testId="release-allocate"
              >
                分配盒机
              </ActionButton>
            </Flex>
            <FormField name="box_sign" label="分配结果">
              <Box w="full">
                {allocation ? (
                  <AllocationTable
                    allocation={allocation}
                    onChange={(a: Allocation) => setFields(form, { allocation: a })}
                  />
                ) : (
                  <Text fontSize="sm" color="fg.muted" py="4" textAlign="center" bg="gray.50" rounded="md" w="full">
                    选择盲盒并填写售卖库存后，点击「分配盒机」生成盲盒库存
                  </Text>
                )}
              </Box>
            </FormField>
          </FormSection>
          <StickyFooter>
            <ActionButton
              icon={Save}
              variant="outline"
              type="submit"
              loading={submitting && off === 1}
              disabled={submitting}
              onClick={() => form.setValue('off', 1)}
              testId="release-save"
            >
              保存
            </ActionButton>
            <ActionButton
              icon={Rocket}
              colorPalette="brand"
              type="submit"
              loading={submitting && off !== 1}
              disabled={submitting}
              onClick={() => form.setValue('off', 0)}
              testId="release-submit"
            >
              发布
            </ActionButton>
          </StickyFooter>
          {dialog}
        </Stack>
      )}
    </SchemaFormPage>
  );
}
