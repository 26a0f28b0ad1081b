import { Box, Button, CloseButton, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import {
  ACTIVITY_RELATION_TYPES,
  dollStrOf,
  EXCHANGE_LIMITS,
  EXCHANGE_TYPES,
  type ExchangeActivity,
  type ExchangeComponent,
  type ExchangeMethod,
  emptyRelation,
  endBeyondAdvice,
  messages,
  RELATION_ORDER,
} from '@toy/shared';
import { exchangeMethodRoutes } from '@toy/shared/features/exchange-method';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ActivityPickerDialog } from '../../components/ActivityPickerDialog';
import { Thumbnail } from '../../components/columns';
import { FormDialog } from '../../components/form/FormDialog';
import {
  BrandField,
  ChoiceField,
  DateTimeField,
  FormField,
  TextareaField,
  TextField,
} from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { rowValues, useFormDialog } from '../../components/useFormDialog';
import { notify } from '../../lib/notify';
import { ComponentPickerDialog } from './ExchangePickers';

const m = messages.exchangeMethod;

const relationStrOf = (list: readonly ExchangeActivity[]) => {
  const out = emptyRelation();
  for (const a of list) {
    const key = ACTIVITY_RELATION_TYPES.find((t) => t.value === a.type)?.key;
    if (key) out[key].push(a.id);
  }
  return JSON.stringify(out);
};

/**
 * 新增/编辑兑换方式 (spec 03 §5): single or set, the components (选择组件), the set's name and
 * cover (1125×1125), the related activity orders, name, note, times (end within 60 days is
 * advice) and points; checked by exchange.save's rule table, the brand locked when editing.
 */
export function ExchangeFormDialog(props: EditDialogProps<ExchangeMethod>) {
  const editing = props.editing;
  const wire = useRef<() => unknown>(() => ({}));
  const { form, dialog } = useFormDialog(exchangeMethodRoutes.save, props, {
    title: editing ? '编辑兑换方式' : '新增兑换方式',
    testId: 'exchange',
    defaults: rowValues(editing, {
      id: '',
      ip_id: props.defaultBrandId ?? '',
      type: 1,
      name: '',
      pic: '',
      short: '',
      points: '',
      relation_order: 0,
      relation_order_str: '',
      doll_str: '',
      begin_at: '',
      end_at: '',
    }),
    success: m.saved,
    invalidates: [exchangeMethodRoutes.list],
    // The checked values are the API's parsed form (dates, id lists): send the form's wire values.
    send: () => wire.current() as never,
  });
  wire.current = () => form.getValues();
  return (
    <FormDialog {...dialog} size="lg" scrollBehavior="inside">
      <ExchangeFields editing={editing} open={props.open} />
    </FormDialog>
  );
}

function ExchangeFields({ editing, open }: { editing: ExchangeMethod | null; open: boolean }) {
  const form = useFormContext();
  const [ipId, type, relationOrder, beginAt, endAt] = useWatch({
    name: ['ip_id', 'type', 'relation_order', 'begin_at', 'end_at'],
  }) as [number | string, number, number, string, string];
  const [components, setComponents] = useState<ExchangeComponent[]>(editing?.dolls ?? []);
  const [activities, setActivities] = useState<ExchangeActivity[]>(editing?.bind_order.goods ?? []);
  const [picking, setPicking] = useState<'component' | 'activity' | null>(null);
  useEffect(() => {
    if (open) {
      setComponents(editing?.dolls ?? []);
      setActivities(editing?.bind_order.goods ?? []);
    }
  }, [open, editing]);
  const isSet = Number(type) === 2;
  const relationOn = Number(relationOrder) === 1 || Number(relationOrder) === 2;

  const setDolls = (next: ExchangeComponent[]) => {
    setComponents(next);
    form.setValue('doll_str', next.length ? dollStrOf(next) : '', { shouldDirty: true });
  };
  const setRelation = (next: ExchangeActivity[]) => {
    setActivities(next);
    form.setValue('relation_order_str', next.length ? relationStrOf(next) : '', { shouldDirty: true });
  };
  const openPicker = (which: 'component' | 'activity') => {
    if (!Number(ipId)) notify.warning(m.brandRequired);
    else setPicking(which);
  };
  const pick = (c: ExchangeComponent) => {
    if (isSet) setDolls([...components, c]);
    else {
      setDolls([c]);
      if (!form.getValues('name')) form.setValue('name', c.name.slice(0, EXCHANGE_LIMITS.nameMax));
      setPicking(null);
    }
  };
  const toggleActivity = (a: ExchangeActivity) =>
    setRelation(
      activities.some((x) => x.type === a.type && x.id === a.id)
        ? activities.filter((x) => !(x.type === a.type && x.id === a.id))
        : [...activities, a],
    );

  return (
    <>
      {editing ? (
        <FormField name="ip_id" label="品牌">
          <Text data-testid="exchange-brand-locked">{editing.ip_title}</Text>
        </FormField>
      ) : (
        <BrandField testId="exchange-brand" />
      )}
      <ChoiceField name="type" label="类型" required numeric options={EXCHANGE_TYPES} testId="exchange-type" />
      <FormField
        name="doll_str"
        label="组件"
        required
        helper={isSet ? `套装需${EXCHANGE_LIMITS.setMin}-${EXCHANGE_LIMITS.setMax}个组件` : '单品选择一个组件'}
      >
        <Flex gap="2" wrap="wrap" align="center" data-testid="exchange-components">
          {components.map((c, i) => (
            <HStack key={`${c.type}-${c.id}`} gap="1" bg="gray.50" rounded="md" pl="1" pr="0.5" py="1">
              <Thumbnail src={c.pic} alt={c.name} size={32} />
              <Text fontSize="sm" data-testid="exchange-component">
                {c.name}
              </Text>
              <CloseButton
                size="2xs"
                aria-label="移除"
                onClick={() => setDolls(components.filter((_, j) => j !== i))}
                data-testid="exchange-component-remove"
              />
            </HStack>
          ))}
          <Button size="sm" variant="outline" onClick={() => openPicker('component')} data-testid="exchange-pick">
            选择组件
          </Button>
        </Flex>
      </FormField>
      <TextField
        name="name"
        label={isSet ? '套装名称' : '名称'}
        required
        maxLength={EXCHANGE_LIMITS.nameMax}
        placeholder={m.nameRequired}
        testId="exchange-name"
      />
      {isSet && (
        <ImageField
          name="pic"
          label="封面图"
          required
          width={EXCHANGE_LIMITS.coverWidth}
          height={EXCHANGE_LIMITS.coverHeight}
          helper={`${EXCHANGE_LIMITS.coverWidth}×${EXCHANGE_LIMITS.coverHeight}px`}
          testId="exchange-cover"
        />
      )}
      <ChoiceField
        name="relation_order"
        label="关联活动订单"
        numeric
        options={RELATION_ORDER}
        testId="exchange-relation"
      />
      {relationOn && (
        <Stack gap="2" data-testid="exchange-activities">
          <Flex gap="2" wrap="wrap">
            {activities.map((a) => (
              <HStack key={`${a.type}-${a.id}`} gap="1" bg="blue.50" rounded="md" px="2" py="1">
                <Text fontSize="xs" color="fg.muted">
                  {ACTIVITY_RELATION_TYPES.find((t) => t.value === a.type)?.label}
                </Text>
                <Text fontSize="sm" data-testid="exchange-activity">
                  {a.title}
                </Text>
                <CloseButton size="2xs" aria-label="移除" onClick={() => toggleActivity(a)} />
              </HStack>
            ))}
          </Flex>
          <Box>
            <Button
              size="sm"
              variant="outline"
              onClick={() => openPicker('activity')}
              data-testid="exchange-pick-activity"
            >
              添加关联活动
            </Button>
          </Box>
        </Stack>
      )}
      <TextareaField name="short" label="备注" maxLength={EXCHANGE_LIMITS.shortMax} testId="exchange-short" />
      <HStack gap="3" align="start">
        <DateTimeField name="begin_at" label="开始时间" required testId="exchange-begin" />
        <DateTimeField name="end_at" label="结束时间" required testId="exchange-end" />
      </HStack>
      {endBeyondAdvice(beginAt ?? '', endAt ?? '') ? (
        <Text fontSize="sm" color="orange.600" data-testid="exchange-end-advice">
          {m.endAdvice}
        </Text>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          建议领取时间不超过{EXCHANGE_LIMITS.adviseDays}天
        </Text>
      )}
      <TextField name="points" label="消耗积分" required inputMode="numeric" testId="exchange-points" />
      <FormField name="per_limit" label="每人限领">
        <Text data-testid="exchange-per-limit">{EXCHANGE_LIMITS.perUser} 次</Text>
      </FormField>
      {picking === 'component' && (
        <ComponentPickerDialog
          open
          onOpenChange={(o) => !o && setPicking(null)}
          ipId={Number(ipId)}
          chosen={components}
          onPick={pick}
        />
      )}
      {picking === 'activity' && (
        <ActivityPickerDialog
          open
          onOpenChange={(o) => !o && setPicking(null)}
          ipId={Number(ipId)}
          chosen={activities}
          onToggle={toggleActivity}
        />
      )}
    </>
  );
}
