import {
  Alert,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  type Allocation,
  allocateRules,
  api,
  firstFailure,
  LIMITS,
  messages,
  PACKAGING_OPTIONS,
  PER_ID,
  releasePublish,
  type Template,
} from '@toy/shared';
import { Boxes, Rocket } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BrandSelect } from '../../components/BrandSelect';
import { useConfirm } from '../../components/ConfirmDialog';
import { DateTimeInput } from '../../components/DateTimeInput';
import { FormErrors, FormField } from '../../components/FormDialog';
import { FormSection, StickyFooter } from '../../components/FormPage';
import { checkForm, type FieldError } from '../../components/formCheck';
import { ApiError, call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useCall } from '../../lib/useCall';
import { useBrandWord } from '../../session/useBrandWord';
import { AllocationTable } from './AllocationTable';
import { PublishedResult } from './PublishedResult';
import { emptyRelease, type ReleaseState, toWire } from './releaseForm';
import { TemplatePicker, TemplatePreview } from './TemplatePicker';

const m = messages.blindBox;

const openSettings = (ipId: number) => window.open(`/blindBox/admin?ipId=${ipId}`, '_blank', 'noopener');

/** 发布盒机 (/blindBox/boxAdd?ipId=): choose a template, price it, allocate boxes, publish a draw machine. */
export default function ReleasePage() {
  const [search, setSearch] = useSearchParams();
  const word = useBrandWord();
  const ipId = Number(search.get('ipId')) || undefined;
  const templateId = Number(search.get('templateId')) || undefined;
  const [form, setForm] = useState<ReleaseState>(emptyRelease);
  const [allocation, setAllocation] = useState<Allocation | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState<'allocate' | 'publish' | null>(null);
  const [published, setPublished] = useState<{ id: number; seed_hash: string; shelves_time: string } | null>(null);
  const { confirm, dialog } = useConfirm();
  const freight = useCall(api.freight.info, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const cabinet = useCall(api.cabinet.get, { ip_id: ipId ?? 0 }, { enabled: ipId !== undefined });
  const overseas = useCall(api.blindBox.overseasBrands);
  const preset = useCall(
    api.template.search,
    { ip_id: ipId ?? 0, page: 1, limit: LIMITS.templateSearchLimit },
    {
      enabled: ipId !== undefined && templateId !== undefined,
    },
  );
  const overseasAllowed = ipId !== undefined && (overseas.data?.ips ?? []).includes(ipId);
  const prompted = useRef<number | null>(null);
  // The first brand is picked by default once; after that an empty choice stays empty (rule 1).
  const [brandTouched, setBrandTouched] = useState(ipId !== undefined);

  const set = (patch: Partial<ReleaseState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };

  const onBrand = useCallback(
    (id: number | undefined, meta: { auto: boolean }) => {
      setBrandTouched(true);
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
      if (!meta.auto) {
        setForm(emptyRelease());
        setAllocation(null);
      }
    },
    [setSearch],
  );

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
    setForm((f) => ({ ...f, template: t }));
  }, [preset.data, templateId]);

  const pickTemplate = (t: Template) => {
    if (form.is_overseas === 1 && t.is_overseas !== 1) {
      notify.warning(m.notOverseasTemplate, 5000);
      set({ template: null });
    } else set({ template: t });
    setAllocation(null);
  };

  const toggleOverseas = (on: boolean) => {
    if (on && form.template && form.template.is_overseas !== 1) {
      notify.warning(m.notOverseasTemplate, 5000);
      set({ is_overseas: 1, template: null });
      setAllocation(null);
      return;
    }
    set({ is_overseas: on ? 1 : 0 });
  };

  const allocate = async () => {
    const failed = firstFailure(allocateRules, { template_id: form.template?.id ?? '', box_num: form.box_num });
    if (failed) {
      setError({ field: failed.field === 'template_id' ? 'template_id' : 'box_num', message: failed.message });
      return void notify.invalid(failed.message);
    }
    setBusy('allocate');
    try {
      setAllocation(await call(api.blindBox.allocate, { template_id: form.template!.id, box_num: form.box_num }));
      setError(null);
      notify.dismissInvalid();
      notify.success(messages.success.done);
    } catch {
      // The request layer showed the message.
    } finally {
      setBusy(null);
    }
  };

  const promptCabinet = async () => {
    if (ipId && (await confirm({ message: m.cabinetUnset, confirmText: m.goSet }))) openSettings(ipId);
  };

  const submit = async () => {
    const wire = toWire(ipId, form, allocation);
    const checked = checkForm(releasePublish, wire);
    if (!checked.ok) {
      setError(checked.error);
      return void notify.invalid(checked.error.message);
    }
    notify.dismissInvalid();
    if (cabinet.data === null) return void promptCabinet();
    setBusy('publish');
    try {
      setPublished(await call(api.blindBox.publish, wire as never, { silent: true }));
      notify.success(messages.success.published);
    } catch (err) {
      if (err instanceof ApiError && err.message === m.cabinetUnset) void promptCabinet();
      else if (err instanceof ApiError && err.status !== 401) notify.error(err.message);
      if (err instanceof ApiError && err.message === m.boxSignInvalid) setAllocation(null);
    } finally {
      setBusy(null);
    }
  };

  if (published && ipId) {
    return (
      <PublishedResult
        result={published}
        ipId={ipId}
        title={form.template?.title ?? ''}
        onAgain={() => {
          setPublished(null);
          setForm(emptyRelease());
          setAllocation(null);
        }}
      />
    );
  }

  return (
    <Stack gap="4" data-testid="release-page">
      <Box>
        <Heading size="lg">发布盒机</Heading>
        <Text color="fg.muted" fontSize="sm" mt="1">
          选择已通过审核的盲盒，设置售卖信息并分配盒机，发布后自发售时间起上架
        </Text>
      </Box>
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
      <FormErrors error={error}>
        <FormSection title="选择盲盒">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormField field="ip_id" label={`所属${word}`} required>
              <BrandSelect
                perId={PER_ID.box}
                value={ipId}
                onChange={onBrand}
                defaultFirst={!brandTouched}
                testId="release-brand"
              />
            </FormField>
            <FormField
              field="is_overseas"
              label="海外售卖"
              helper={overseasAllowed ? '开启后需填写美元与泰铢售价' : `当前${word}未开通海外售卖`}
            >
              <Switch.Root
                colorPalette="brand"
                disabled={!overseasAllowed}
                checked={form.is_overseas === 1}
                onCheckedChange={(e) => toggleOverseas(e.checked)}
                data-testid="release-overseas"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{form.is_overseas ? '已开启' : '未开启'}</Switch.Label>
              </Switch.Root>
            </FormField>
          </SimpleGrid>
          <Box mt="5">
            <FormField field="template_id" label="售卖的盲盒" required>
              {ipId !== undefined && <TemplatePicker ipId={ipId} value={form.template} onPick={pickTemplate} />}
            </FormField>
          </Box>
          {form.template && (
            <Box mt="4">
              <TemplatePreview template={form.template} />
            </Box>
          )}
        </FormSection>

        <FormSection title="售卖信息">
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
            <FormField field="shelves_time" label="上架时间" required>
              <DateTimeInput
                value={form.shelves_time}
                onChange={(shelves_time) => set({ shelves_time })}
                testId="release-shelves-time"
              />
            </FormField>
            <FormField field="is_pre_sale" label="预售">
              <Switch.Root
                colorPalette="brand"
                checked={form.is_pre_sale === 1}
                onCheckedChange={(e) => set({ is_pre_sale: e.checked ? 1 : 0 })}
                data-testid="release-presale"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{form.is_pre_sale ? '预售' : '现货'}</Switch.Label>
              </Switch.Root>
            </FormField>
            {form.is_pre_sale === 1 && (
              <FormField field="delivery_time" label="预计发货时间" required>
                <DateTimeInput
                  value={form.delivery_time}
                  onChange={(delivery_time) => set({ delivery_time })}
                  testId="release-delivery-time"
                />
              </FormField>
            )}
            <FormField field="service_charge" label="服务费（%）" required helper={`最低 ${LIMITS.minServiceFee}%`}>
              <Input
                inputMode="decimal"
                value={form.service_charge}
                onChange={(e) => set({ service_charge: e.target.value })}
                data-testid="release-service-charge"
              />
            </FormField>
            <FormField field="price" label="盲盒售价（元）" required>
              <Input
                inputMode="decimal"
                placeholder={form.template ? `不低于官方售价¥${form.template.price}` : '请输入盲盒售价'}
                value={form.price}
                onChange={(e) => set({ price: e.target.value })}
                data-testid="release-price"
              />
            </FormField>
            {form.is_overseas === 1 && (
              <>
                <FormField field="price_us" label="美元售价（USD）" required>
                  <Input
                    inputMode="decimal"
                    placeholder="请输入盲盒美元售价"
                    value={form.price_us}
                    onChange={(e) => set({ price_us: e.target.value })}
                    data-testid="release-price-us"
                  />
                </FormField>
                <FormField field="price_th" label="泰铢售价（THB）" required helper={`不低于${LIMITS.minThbPrice}泰铢`}>
                  <Input
                    inputMode="decimal"
                    placeholder="请输入盲盒泰铢售价"
                    value={form.price_th}
                    onChange={(e) => set({ price_th: e.target.value })}
                    data-testid="release-price-th"
                  />
                </FormField>
              </>
            )}
            <FormField field="bean" label="金币抵扣" helper="1金币=1元，由商家承担">
              <HStack w="full">
                <Switch.Root
                  colorPalette="brand"
                  checked={form.is_bean === 1}
                  onCheckedChange={(e) => set({ is_bean: e.checked ? 1 : 0 })}
                  data-testid="release-bean-switch"
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                </Switch.Root>
                {form.is_bean === 1 ? (
                  <Input
                    inputMode="decimal"
                    placeholder="请输入金币最高可抵扣金额"
                    value={form.bean}
                    onChange={(e) => set({ bean: e.target.value })}
                    data-testid="release-bean"
                  />
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    不使用金币抵扣
                  </Text>
                )}
              </HStack>
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="5">
            <FormField field="wrap" label="包装">
              <RadioGroup.Root
                colorPalette="brand"
                value={form.wrap}
                onValueChange={(e) => set({ wrap: e.value ?? form.wrap })}
                data-testid="release-wrap"
              >
                <HStack gap="5" wrap="wrap">
                  {PACKAGING_OPTIONS.map((o) => (
                    <RadioGroup.Item key={o} value={o}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{o}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            </FormField>
            <FormField field="desc" label="描述" required helper={`${form.desc.length}/${LIMITS.descriptionMax}`}>
              <Textarea
                rows={2}
                maxLength={LIMITS.descriptionMax}
                placeholder="请输入描述"
                value={form.desc}
                onChange={(e) => set({ desc: e.target.value })}
                data-testid="release-desc"
              />
            </FormField>
          </SimpleGrid>
        </FormSection>

        <FormSection title="分配盒机">
          <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
            <Box w={{ base: 'full', md: '260px' }}>
              <FormField field="box_num" label="售卖库存（箱）" required>
                <Input
                  inputMode="numeric"
                  placeholder="请输入售卖库存"
                  value={form.box_num}
                  onChange={(e) => {
                    const box_num = e.target.value.replace(/[^\d]/g, '');
                    set({ box_num });
                    if (allocation && Number(box_num) !== allocation.box_num) setAllocation(null);
                  }}
                  data-testid="release-box-num"
                />
              </FormField>
            </Box>
            <Button
              colorPalette="brand"
              variant="outline"
              loading={busy === 'allocate'}
              onClick={allocate}
              data-testid="release-allocate"
            >
              <Boxes size={16} />
              分配盒机
            </Button>
          </Flex>
          <FormField field="box_sign" label="分配结果">
            <Box w="full">
              {allocation ? (
                <AllocationTable allocation={allocation} onChange={setAllocation} />
              ) : (
                <Text fontSize="sm" color="fg.muted" py="4" textAlign="center" bg="gray.50" rounded="md" w="full">
                  选择盲盒并填写售卖库存后，点击「分配盒机」生成盲盒库存
                </Text>
              )}
            </Box>
          </FormField>
        </FormSection>
      </FormErrors>
      <StickyFooter>
        <Button colorPalette="brand" loading={busy === 'publish'} onClick={submit} data-testid="release-submit">
          <Rocket size={16} />
          发布
        </Button>
      </StickyFooter>
      {dialog}
    </Stack>
  );
}
