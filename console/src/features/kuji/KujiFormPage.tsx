import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { type KujiPublishForm, messages, officialAllowed, SPECIAL_BRAND_ID, SPECIAL_BRAND_REMARK } from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormSection, SubmitFooter } from '../../components/FormPage';
import {
  ChoiceField,
  DateTimeField,
  DigitsField,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { SchemaFormPage, ServerError } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { useBrandWord } from '../../session/useBrandWord';
import { EMPTY_PRIZE, KujiPrizeRows } from './KujiPrizeRows';

const BEAN_USE = [
  { value: 1, label: '使用' },
  { value: 0, label: '不使用' },
];
const SELF_MADE = { value: 0, label: '自制' };
const OFFICIAL = { value: 1, label: '官方' };

/** The publish form's values; `service_charge` is shown only (the API stores 6). */
type Values = KujiPublishForm & { service_charge: number; goods: (typeof EMPTY_PRIZE)[] };

const emptyForm = (ipId: number | '', official: boolean): Values => ({
  ip_id: ipId,
  title: '',
  price: '',
  stock: '',
  pic: '',
  top_pic: '',
  desc: ipId === SPECIAL_BRAND_ID ? SPECIAL_BRAND_REMARK : '',
  is_bean: 0,
  bean: '',
  service_charge: 6,
  shelves_time: '',
  is_official: official ? 1 : 0,
  goods: [{ ...EMPTY_PRIZE }],
});

/**
 * 发布一番赏 (/jackpot/add?type&ipId&id, spec 03 §2): every field of the publish form and the prize
 * rows; 提交发布申请 runs kujiRoutes.publish's rules (kujiPublishAllRules) and shows the first failure.
 */
export default function KujiFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const word = useBrandWord();
  const preset = Number(search.get('ipId') ?? search.get('id')) || '';
  const brands = useCall(kujiRoutes.brandSearch, { title: '', is_template: 1, page: 1, limit: 100 }).data;
  const signed = brands?.is_signed === 1;
  const form = useSchemaForm(
    kujiRoutes.publish.body,
    emptyForm(preset, search.get('type') === '1' && officialAllowed(preset, signed)),
  );
  const publish = useAction(kujiRoutes.publish, { success: messages.kuji.submitted, invalidates: [kujiRoutes.list] });
  const [ipId, isBean] = form.watch(['ip_id', 'is_bean']);
  const official = officialAllowed(ipId, signed);

  // Another brand: back to 自制, and the special brand's remark when none is written.
  useEffect(() => {
    const sub = form.watch((v, { name, type }) => {
      if (name !== 'ip_id' || type !== 'change') return;
      if (!officialAllowed(v.ip_id, signed)) form.setValue('is_official', 0);
      if (Number(v.ip_id) === SPECIAL_BRAND_ID && !String(v.desc ?? '').trim())
        form.setValue('desc', SPECIAL_BRAND_REMARK);
    });
    return () => sub.unsubscribe();
  }, [form, signed]);

  const send = async (data: unknown) => {
    const body = data as KujiPublishForm;
    await publish.run({ ...body, goods: JSON.stringify(body.goods) } as never);
    navigate('/jackpot/list');
  };

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="kuji-form">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          <PageTitle title="发布一番赏" description="提交后由平台审核，通过后按承诺种子生成各箱赏票，再由商家上架" />
          <FormSection title="基本信息">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <SelectField
                name="ip_id"
                label={word}
                required
                numeric
                placeholder={`请选择${word}`}
                options={(brands?.ips ?? []).map((b) => ({ value: b.id, label: b.title }))}
                testId="kuji-form-brand"
              />
              <TextField
                name="title"
                label="一番赏名称"
                required
                maxLength={50}
                placeholder="请输入一番赏名称"
                testId="kuji-form-title"
              />
              <MoneyField name="price" label="单抽价格（元）" testId="kuji-form-price" />
              <DigitsField
                name="stock"
                label="发布箱数"
                required
                placeholder="请输入发布箱数"
                testId="kuji-form-stock"
              />
              <ImageField
                name="pic"
                label="橱窗主图"
                required
                width={1200}
                height={1200}
                helper="1200×1200"
                testId="kuji-form-pic"
              />
              <ImageField
                name="top_pic"
                label="头部图"
                width={1200}
                height={600}
                helper="1200×600"
                testId="kuji-form-top-pic"
              />
              <Box gridColumn="1 / -1">
                <TextareaField name="desc" label="备注" rows={2} maxLength={500} testId="kuji-form-desc" />
              </Box>
            </SimpleGrid>
          </FormSection>
          <FormSection title="销售设置">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <ChoiceField name="is_bean" label="金币抵扣" options={BEAN_USE} numeric testId="kuji-form-bean-use" />
              {Number(isBean) === 1 ? (
                <MoneyField name="bean" label="金币最高可抵扣金额（元）" testId="kuji-form-bean" />
              ) : (
                <Box />
              )}
              <TextField
                name="service_charge"
                label="服务费（%）"
                disabled
                helper="固定 6%，最低 6%"
                testId="kuji-form-service"
              />
              <DateTimeField name="shelves_time" label="发售时间" required testId="kuji-form-shelves-time" />
              <ChoiceField
                name="is_official"
                label="类型"
                options={official ? [SELF_MADE, OFFICIAL] : [SELF_MADE]}
                numeric
                helper={messages.kuji.officialHint}
                testId="kuji-form-official"
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="一番赏商品">
            <KujiPrizeRows />
            <ServerError message={serverError} />
          </FormSection>
          <SubmitFooter onCancel={() => navigate('/jackpot/list')} submitting={submitting} testId="kuji-submit">
            提交发布申请
          </SubmitFooter>
        </Stack>
      )}
    </SchemaFormPage>
  );
}
