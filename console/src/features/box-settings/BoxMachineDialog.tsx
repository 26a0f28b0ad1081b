import { Box, Button, HStack, Input, RadioGroup, Separator, Stack, Text } from '@chakra-ui/react';
import { AWARD, AWARD_TYPES, type BoxMachineSettings, type CouponBrief, couponText, messages } from '@toy/shared';
import { boxMachineRoutes } from '@toy/shared/features/box-settings';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/form/FormDialog';
import { FormField } from '../../components/form/fields';
import { Toggle } from '../../components/form/Toggle';
import { useFormDialog } from '../../components/useFormDialog';
import type { SettingsDialogProps } from './CabinetDialog';
import { CouponPickerDialog } from './CouponPickerDialog';

type Side = 'suc' | 'err';

const str = (n: number) => (n ? String(n) : '');
const defaults = (ipId: number, s: BoxMachineSettings | null) => ({
  ip_id: ipId,
  prompt_card: s?.prompt_card ?? 0,
  excharge_propmt: str(s?.excharge_propmt ?? 0),
  pers_card: s?.pers_card ?? 0,
  excharge_pers: str(s?.excharge_pers ?? 0),
  suc_award_type: s?.suc_award_type ?? (AWARD.empty as number),
  suc_award_content: str(s?.suc_award_content ?? 0),
  suc_coupon: s?.suc_coupon ?? (null as CouponBrief | null),
  err_award_type: s?.err_award_type ?? (AWARD.empty as number),
  err_award_content: str(s?.err_award_content ?? 0),
  err_coupon: s?.err_coupon ?? (null as CouponBrief | null),
});

/** A number of points: digits only. */
function PointsInput({ name, placeholder, testId }: { name: string; placeholder: string; testId: string }) {
  const { field } = useController({ name });
  return (
    <Input
      ref={field.ref}
      size="sm"
      inputMode="numeric"
      placeholder={placeholder}
      value={String(field.value ?? '')}
      onChange={(e) => field.onChange(e.target.value.replace(/[^\d]/g, ''))}
      onBlur={field.onBlur}
      data-testid={testId}
    />
  );
}

/** 提示卡 / 透视卡: on or off, and the points it costs when on. */
function CardField({ kind, label }: { kind: 'prompt' | 'pers'; label: string }) {
  const points = kind === 'prompt' ? 'excharge_propmt' : 'excharge_pers';
  const { field } = useController({ name: `${kind}_card` });
  const on = Number(field.value) === 1;
  return (
    <FormField name={points} label={label}>
      <HStack w="full" gap="3">
        <Toggle
          checked={on}
          onChange={(checked) => field.onChange(checked ? 1 : 0)}
          labels={['关闭', '开启']}
          labelMinW="40px"
          testId={`bm-${kind}-switch`}
        />
        {on && <PointsInput name={points} placeholder={`请输入兑换${label}所需积分`} testId={`bm-${kind}-points`} />}
      </HStack>
    </FormField>
  );
}

/** 猜对 / 猜错奖励: its type, then the points or the coupon it gives. */
function AwardField({ side, label, onPickCoupon }: { side: Side; label: string; onPickCoupon: () => void }) {
  const { setValue } = useFormContext();
  const { field: type } = useController({ name: `${side}_award_type` });
  const coupon: CouponBrief | null = useWatch({ name: `${side}_coupon` });
  return (
    <FormField name={`${side}_award_content`} label={label}>
      <Stack w="full" gap="2">
        <RadioGroup.Root
          size="sm"
          colorPalette="brand"
          value={String(type.value)}
          onValueChange={(e) => {
            type.onChange(Number(e.value));
            setValue(`${side}_award_content`, '');
            setValue(`${side}_coupon`, null);
          }}
          data-testid={`bm-${side}-type`}
        >
          <HStack gap="4" wrap="wrap">
            {AWARD_TYPES.map((a) => (
              <RadioGroup.Item key={a.value} value={String(a.value)}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{a.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        {Number(type.value) === AWARD.points && (
          <PointsInput
            name={`${side}_award_content`}
            placeholder={side === 'suc' ? messages.boxMachine.sucPointsRequired : messages.boxMachine.errPointsRequired}
            testId={`bm-${side}-points`}
          />
        )}
        {Number(type.value) === AWARD.coupon && (
          <HStack>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              onClick={onPickCoupon}
              data-testid={`bm-${side}-coupon`}
            >
              <Ticket size={14} />
              {coupon ? '更换优惠券' : '选择优惠券'}
            </Button>
            {coupon && (
              <Text fontSize="sm" data-testid={`bm-${side}-coupon-title`}>
                {coupon.title}（{couponText(coupon)}）
              </Text>
            )}
          </HStack>
        )}
      </Stack>
    </FormField>
  );
}

/** 盒机设置: prompt and perspective cards with their points, and the right- and wrong-guess awards. */
export function BoxMachineDialog({ ipId, current, ...props }: SettingsDialogProps<BoxMachineSettings>) {
  const [picking, setPicking] = useState<Side | null>(null);
  const { form, dialog } = useFormDialog(boxMachineRoutes.save, props, {
    title: '盒机设置',
    testId: 'box-machine',
    defaults: defaults(ipId, current),
    success: messages.success.setPlain,
    invalidates: [boxMachineRoutes.get],
  });

  return (
    <>
      <FormDialog {...dialog} size="lg">
        <Text fontSize="sm" color="fg.muted">
          猜盒玩法：用户可用积分兑换提示卡、透视卡；猜对或猜错时发放对应奖励。
        </Text>
        <CardField kind="prompt" label="提示卡" />
        <CardField kind="pers" label="透视卡" />
        <Separator />
        <AwardField side="suc" label="猜对奖励" onPickCoupon={() => setPicking('suc')} />
        <AwardField side="err" label="猜错奖励" onPickCoupon={() => setPicking('err')} />
        <Box />
      </FormDialog>
      <CouponPickerDialog
        open={picking !== null}
        onOpenChange={(o) => !o && setPicking(null)}
        ipId={ipId}
        onPick={(c) => {
          if (!picking) return;
          form.setValue(`${picking}_award_content`, String(c.id));
          form.setValue(`${picking}_coupon`, c);
          form.clearErrors();
        }}
      />
    </>
  );
}
