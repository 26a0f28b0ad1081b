import { Box, Button, HStack, Input, RadioGroup, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import {
  AWARD,
  AWARD_TYPES,
  api,
  type BoxMachineForm,
  type BoxMachineSettings,
  boxMachineSave,
  type CouponBrief,
  couponText,
  messages,
} from '@toy/shared';
import { Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormDialog, FormField } from '../../components/FormDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';
import { CouponPickerDialog } from './CouponPickerDialog';

type Side = 'suc' | 'err';
interface FormState extends BoxMachineForm {
  suc_coupon: CouponBrief | null;
  err_coupon: CouponBrief | null;
}

const str = (n: number) => (n ? String(n) : '');
const initial = (ipId: number, s: BoxMachineSettings | null): FormState =>
  s
    ? {
        ip_id: ipId,
        prompt_card: s.prompt_card,
        excharge_propmt: str(s.excharge_propmt),
        pers_card: s.pers_card,
        excharge_pers: str(s.excharge_pers),
        suc_award_type: s.suc_award_type,
        suc_award_content: str(s.suc_award_content),
        suc_coupon: s.suc_coupon,
        err_award_type: s.err_award_type,
        err_award_content: str(s.err_award_content),
        err_coupon: s.err_coupon,
      }
    : {
        ip_id: ipId,
        prompt_card: 0,
        excharge_propmt: '',
        pers_card: 0,
        excharge_pers: '',
        suc_award_type: AWARD.empty,
        suc_award_content: '',
        suc_coupon: null,
        err_award_type: AWARD.empty,
        err_award_content: '',
        err_coupon: null,
      };

export interface BoxMachineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  current: BoxMachineSettings | null;
}

/** 盒机设置: prompt and perspective cards with their points, and the right- and wrong-guess awards. */
export function BoxMachineDialog({ open, onOpenChange, ipId, current }: BoxMachineDialogProps) {
  const [form, setForm] = useState<FormState>(() => initial(ipId, current));
  const [picking, setPicking] = useState<Side | null>(null);
  useEffect(() => {
    if (open) setForm(initial(ipId, current));
  }, [open, ipId, current]);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const card = (kind: 'prompt' | 'pers', label: string) => {
    const flag = kind === 'prompt' ? 'prompt_card' : 'pers_card';
    const points = kind === 'prompt' ? 'excharge_propmt' : 'excharge_pers';
    return (
      <FormField field={points} label={label}>
        <HStack w="full" gap="3">
          <Switch.Root
            colorPalette="brand"
            checked={Number(form[flag]) === 1}
            onCheckedChange={(e) => set({ [flag]: e.checked ? 1 : 0 })}
            data-testid={`bm-${kind}-switch`}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label minW="40px">{Number(form[flag]) === 1 ? '开启' : '关闭'}</Switch.Label>
          </Switch.Root>
          {Number(form[flag]) === 1 && (
            <Input
              size="sm"
              inputMode="numeric"
              placeholder={`请输入兑换${label}所需积分`}
              value={String(form[points] ?? '')}
              onChange={(e) => set({ [points]: e.target.value.replace(/[^\d]/g, '') })}
              data-testid={`bm-${kind}-points`}
            />
          )}
        </HStack>
      </FormField>
    );
  };

  const award = (side: Side, label: string) => {
    const type = Number(form[`${side}_award_type`]);
    const coupon = form[`${side}_coupon`];
    return (
      <FormField field={`${side}_award_content`} label={label}>
        <Stack w="full" gap="2">
          <RadioGroup.Root
            size="sm"
            colorPalette="brand"
            value={String(type)}
            onValueChange={(e) =>
              set({ [`${side}_award_type`]: Number(e.value), [`${side}_award_content`]: '', [`${side}_coupon`]: null })
            }
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
          {type === AWARD.points && (
            <Input
              size="sm"
              inputMode="numeric"
              placeholder={
                side === 'suc' ? messages.boxMachine.sucPointsRequired : messages.boxMachine.errPointsRequired
              }
              value={String(form[`${side}_award_content`] ?? '')}
              onChange={(e) => set({ [`${side}_award_content`]: e.target.value.replace(/[^\d]/g, '') })}
              data-testid={`bm-${side}-points`}
            />
          )}
          {type === AWARD.coupon && (
            <HStack>
              <Button
                size="sm"
                variant="outline"
                colorPalette="brand"
                onClick={() => setPicking(side)}
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
  };

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="盒机设置"
        schema={boxMachineSave}
        values={form}
        testId="box-machine-dialog"
        submitTestId="box-machine-save"
        size="lg"
        onSubmit={async (d) => {
          await call(api.boxMachine.save, d);
          notify.success(messages.success.set);
          await invalidate(api.boxMachine.get);
        }}
      >
        <Text fontSize="sm" color="fg.muted">
          猜盒玩法：用户可用积分兑换提示卡、透视卡；猜对或猜错时发放对应奖励。
        </Text>
        {card('prompt', '提示卡')}
        {card('pers', '透视卡')}
        <Separator />
        {award('suc', '猜对奖励')}
        {award('err', '猜错奖励')}
        <Box />
      </FormDialog>
      <CouponPickerDialog
        open={picking !== null}
        onOpenChange={(o) => !o && setPicking(null)}
        ipId={ipId}
        onPick={(c) => picking && set({ [`${picking}_award_content`]: c.id, [`${picking}_coupon`]: c })}
      />
    </>
  );
}
