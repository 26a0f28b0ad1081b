import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  COUPON_BUSINESS_TYPES,
  COUPON_TYPE,
  COUPON_TYPES,
  COUPON_VALIDITY_TYPES,
  type Coupon,
  type CouponForm,
  couponSave,
  FIRST_ONLY_BUSINESS_TYPES,
  FIRST_ONLY_OPTIONS,
  messages,
  PER_ID,
  POINTS_CONDITIONS,
  RECEIVE,
  RECEIVE_CONDITIONS,
} from '@toy/shared';
import { couponRoutes } from '@toy/shared/features/coupon';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormSection, SubmitFooter } from '../../components/FormPage';
import {
  BrandField,
  ChoiceField,
  DateTimeField,
  DigitsField,
  MoneyField,
  SelectField,
  TextField,
} from '../../components/form/fields';
import { SchemaFormPage, ServerError } from '../../components/form/SchemaFormPage';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageTitle } from '../../components/PageTitle';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';

const EMPTY: CouponForm = {
  ip_id: '',
  title: '',
  business_type: 0,
  first_only: 0,
  coupon_type: COUPON_TYPE.threshold,
  full_amount: '',
  face_value: '',
  max_face_value: '',
  invalid_type: 1,
  invalid_time: '',
  start_time: '',
  end_time: '',
  total_num: '',
  limit_num: 1,
  receive_condition: RECEIVE.none,
  need_points: '',
};

/** The form's values for a stored coupon; a copy (copy=1) leaves the id out. */
const fromCoupon = (c: Coupon, copy: boolean): CouponForm => ({
  ...(copy ? {} : { id: c.id }),
  ip_id: c.ip_id,
  title: c.title,
  business_type: c.business_type,
  first_only: c.first_only,
  coupon_type: c.coupon_type,
  full_amount: c.coupon_type === COUPON_TYPE.threshold ? c.full_amount : '',
  face_value: c.face_value,
  max_face_value: c.coupon_type === COUPON_TYPE.percent ? c.max_face_value : '',
  invalid_type: c.invalid_type,
  invalid_time: c.invalid_type === 2 ? c.invalid_time : '',
  start_time: c.start_time,
  end_time: c.end_time,
  total_num: c.total_num,
  limit_num: c.receive_condition === RECEIVE.guess ? '' : c.limit_num,
  receive_condition: c.receive_condition,
  need_points: c.need_points || '',
});

/**
 * 新建优惠券 / 编辑优惠券 (/blindBox/couponAdd?id&copy): every field of spec 02 §3, checked by
 * couponRoutes.create's nine ordered rules. 每人限领 is editable only for condition 1 (1 by default,
 * blank for 3); 单抽限定 shows only for business types 1 and 3.
 */
export default function CouponFormPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  const copy = search.get('copy') === '1';
  const stored = useCall(couponRoutes.detail, { id: id ?? 0 }, { enabled: id !== undefined }).data?.list;
  const defaults = stored ? fromCoupon(stored, copy) : EMPTY;
  const form = useSchemaForm(couponSave, defaults);
  const editing = id !== undefined && !copy;
  const save = useAction(editing ? couponRoutes.update : couponRoutes.create, {
    success: editing ? messages.success.editedRecord : messages.success.created,
    invalidates: [couponRoutes.list, couponRoutes.detail],
  });
  const [type, business, validity, condition] = form.watch([
    'coupon_type',
    'business_type',
    'invalid_type',
    'receive_condition',
  ]);
  const limitEditable = Number(condition) === RECEIVE.points;

  // 每人限领 follows the condition: editable for 1, 1 for the others, blank for 3.
  useEffect(() => {
    if (Number(condition) === RECEIVE.guess) form.setValue('limit_num', '');
    else if (Number(condition) !== RECEIVE.points) form.setValue('limit_num', 1);
  }, [condition, form]);

  const send = async (data: unknown) => {
    await save.run(data as never);
    navigate('/blindBox/coupon');
  };

  return (
    <SchemaFormPage form={form} onSubmit={send} testId="coupon-form">
      {({ submitting, serverError }) => (
        <Stack gap="4">
          <PageTitle
            title={editing ? '编辑优惠券' : '新建优惠券'}
            description={
              copy ? '复制自已有优惠券，保存后为一张新券' : '玩家按领取条件领取，在有效期内抵扣；优惠由商家承担'
            }
          />
          <FormSection title="基本信息">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <BrandField perId={PER_ID.coupon} testId="coupon-brand" />
              <TextField
                name="title"
                label="优惠券名称"
                required
                maxLength={30}
                placeholder="请输入优惠券名称"
                testId="coupon-title"
              />
              <ChoiceField
                name="business_type"
                label="适用业务"
                numeric
                options={COUPON_BUSINESS_TYPES}
                testId="coupon-business"
              />
              {(FIRST_ONLY_BUSINESS_TYPES as readonly number[]).includes(Number(business)) && (
                <ChoiceField
                  name="first_only"
                  label="使用范围"
                  numeric
                  options={FIRST_ONLY_OPTIONS}
                  testId="coupon-first-only"
                />
              )}
            </SimpleGrid>
          </FormSection>
          <FormSection title="优惠内容">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <Box gridColumn="1 / -1">
                <ChoiceField
                  name="coupon_type"
                  label="优惠券类型"
                  required
                  numeric
                  options={COUPON_TYPES}
                  // Each type has its own amounts: a switch starts them afresh.
                  onPicked={() => {
                    for (const name of ['full_amount', 'face_value', 'max_face_value'] as const)
                      form.setValue(name, '');
                  }}
                  testId="coupon-type"
                />
              </Box>
              {Number(type) === COUPON_TYPE.threshold && (
                <>
                  <MoneyField name="full_amount" label="满（元）" placeholder="订单满多少元可用" testId="coupon-full" />
                  <MoneyField name="face_value" label="减（元）" placeholder="减多少元" testId="coupon-face-value" />
                </>
              )}
              {Number(type) === COUPON_TYPE.percent && (
                <>
                  <DigitsField
                    name="face_value"
                    label="折扣"
                    required
                    placeholder="1-99，如 85 即 8.5折"
                    helper="填写百分比：85 表示 8.5折"
                    testId="coupon-discount"
                  />
                  <MoneyField
                    name="max_face_value"
                    label="最大优惠金额（元）"
                    placeholder="折扣最多抵扣多少元"
                    testId="coupon-cap"
                  />
                </>
              )}
              {Number(type) === COUPON_TYPE.noThreshold && (
                <MoneyField
                  name="face_value"
                  label="优惠金额（元）"
                  placeholder="请输入优惠金额"
                  testId="coupon-amount"
                />
              )}
            </SimpleGrid>
          </FormSection>
          <FormSection title="有效期与发放">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <DateTimeField name="start_time" label="开始时间" required testId="coupon-start" />
              <DateTimeField name="end_time" label="结束时间" required testId="coupon-end" />
              <ChoiceField
                name="invalid_type"
                label="使用有效期"
                numeric
                options={COUPON_VALIDITY_TYPES}
                testId="coupon-validity"
              />
              {Number(validity) === 2 && (
                <DigitsField
                  name="invalid_time"
                  label="有效天数"
                  required
                  placeholder="领取后多少天内有效"
                  testId="coupon-days"
                />
              )}
              <DigitsField
                name="total_num"
                label="发放数量"
                required
                placeholder="请输入发放数量"
                testId="coupon-total"
              />
              <SelectField
                name="receive_condition"
                label="领取条件"
                numeric
                options={RECEIVE_CONDITIONS}
                testId="coupon-condition"
              />
              <DigitsField
                name="limit_num"
                label="每人限领"
                required={limitEditable}
                disabled={!limitEditable}
                helper={limitEditable ? undefined : '仅积分兑换可设置每人限领'}
                placeholder={Number(condition) === RECEIVE.guess ? '' : '请输入每人限领'}
                testId="coupon-limit"
              />
              {(POINTS_CONDITIONS as readonly number[]).includes(Number(condition)) && (
                <DigitsField
                  name="need_points"
                  label="兑换消耗积分"
                  required
                  placeholder="请输入兑换消耗积分"
                  testId="coupon-points"
                />
              )}
            </SimpleGrid>
            <ServerError message={serverError} />
          </FormSection>
          <SubmitFooter onCancel={() => navigate('/blindBox/coupon')} submitting={submitting} testId="coupon-save">
            {editing ? '保存' : '创建'}
          </SubmitFooter>
        </Stack>
      )}
    </SchemaFormPage>
  );
}
