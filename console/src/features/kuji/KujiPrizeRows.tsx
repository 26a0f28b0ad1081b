import { Badge, Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import {
  canMoveBottom,
  canMoveDown,
  canMoveTop,
  canMoveUp,
  canSetGlobal,
  canSetLast,
  globalIntervalError,
  isGlobalLevel,
  isLastLevel,
  KUJI_SHELVES_TEXT,
  type KujiPrizeForm,
  type KujiPublishForm,
  kujiTicketsPerBox,
  levelLabel,
  messages,
  moveBottom,
  moveDown,
  moveTop,
  moveUp,
  relevel,
  removeRow,
  setGlobal,
  setLast,
} from '@toy/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ActionButton } from '../../components/ActionButton';
import { DialogShell } from '../../components/DialogShell';
import { DigitsInput } from '../../components/form/controls';
import { ChoiceField, DigitsField, MoneyField, TextField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { notify } from '../../lib/notify';

export const EMPTY_PRIZE: KujiPrizeForm = {
  goods_title: '',
  goods_pic: '',
  stock: '',
  goods_price: '',
  cost_price: '',
  level: 1,
  start_section: null,
  end_section: null,
  is_lucky: 0,
  is_shelves: 0,
  shelves: '',
};

const SHELVES = [
  { value: 0, label: KUJI_SHELVES_TEXT[0]! },
  { value: 1, label: KUJI_SHELVES_TEXT[1]! },
];

type Rows = KujiPrizeForm[];
type Interval = { index: number; start: string; end: string };

/** 设置全局赏开奖区间: the start and end ticket positions of a global prize. */
function GlobalDialog({
  interval,
  onChange,
  onClose,
  onConfirm,
}: {
  interval: Interval | null;
  onChange: (next: Interval) => void;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <DialogShell
      open={interval !== null}
      onOpenChange={(o) => !o && onClose()}
      title={messages.kuji.globalIntervalTitle}
      size="sm"
      testId="kuji-global-dialog"
      footer={
        <HStack>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button colorPalette="brand" onClick={onConfirm} data-testid="kuji-global-submit">
            确定
          </Button>
        </HStack>
      }
    >
      {interval && (
        <HStack gap="2">
          <Text fontSize="sm">第</Text>
          <DigitsInput
            value={interval.start}
            onChange={(start) => onChange({ ...interval, start })}
            placeholder="开始"
            testId="kuji-global-start"
          />
          <Text fontSize="sm">至</Text>
          <DigitsInput
            value={interval.end}
            onChange={(end) => onChange({ ...interval, end })}
            placeholder="结束"
            testId="kuji-global-end"
          />
          <Text fontSize="sm">张</Text>
        </HStack>
      )}
    </DialogShell>
  );
}

/** The prize rows of the publish form: a field array whose order and levels follow kuji-levels. */
export function KujiPrizeRows() {
  const form = useFormContext<KujiPublishForm & { goods: Rows }>();
  const { fields, replace } = useFieldArray({ control: form.control, name: 'goods' });
  const [interval, setInterval] = useState<Interval | null>(null);
  const rows = (): Rows => form.getValues('goods');
  const apply = (next: Rows) => {
    replace(next);
    form.clearErrors();
  };
  const watched = form.watch('goods');
  const tickets = kujiTicketsPerBox(watched);

  const confirmGlobal = () => {
    if (!interval) return;
    const range = { start_section: interval.start, end_section: interval.end };
    const next = setGlobal(rows(), interval.index, range);
    const error = globalIntervalError(range, kujiTicketsPerBox(next));
    if (error) return void notify.invalid(error);
    apply(next);
    setInterval(null);
  };

  const ops: [string, string, (r: Rows, i: number) => boolean, (r: Rows, i: number) => Rows][] = [
    ['up', '上移', canMoveUp, moveUp],
    ['down', '下移', canMoveDown, moveDown],
    ['top', '置顶', canMoveTop, moveTop],
    ['bottom', '置底', canMoveBottom, moveBottom],
  ];

  return (
    <Stack gap="3" data-testid="kuji-prizes">
      <Text fontSize="sm" color="fg.muted" data-testid="kuji-tickets">
        每箱 {tickets} 张赏票；Last赏为每箱最后一张赏票的额外奖品，全局赏在开奖区间内抽出
      </Text>
      {fields.map((field, i) => {
        const row = watched[i] ?? (field as unknown as KujiPrizeForm);
        const last = isLastLevel(row.level);
        const global = isGlobalLevel(row.level);
        return (
          <Box key={field.id} borderWidth="1px" rounded="md" p="4" data-testid="kuji-prize-row">
            <HStack justify="space-between" mb="3" wrap="wrap" gap="2">
              <HStack>
                <Badge colorPalette={last ? 'purple' : global ? 'orange' : 'brand'} size="lg">
                  <span data-testid="kuji-prize-level">{levelLabel(row.level)}</span>
                </Badge>
                {global && (
                  <Text fontSize="xs" color="fg.muted" data-testid="kuji-prize-interval">
                    开奖区间 {String(row.start_section ?? '')} – {String(row.end_section ?? '')}
                  </Text>
                )}
              </HStack>
              <HStack gap="1" wrap="wrap">
                {ops.map(([key, label, can, op]) => (
                  <Button
                    key={key}
                    size="xs"
                    variant="outline"
                    disabled={!can(watched, i)}
                    onClick={() => apply(op(rows(), i))}
                    data-testid={`kuji-prize-${key}`}
                  >
                    {label}
                  </Button>
                ))}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="purple"
                  disabled={!canSetLast(watched, i)}
                  onClick={() => apply(setLast(rows(), i, !last))}
                  data-testid="kuji-prize-last"
                >
                  {last ? '取消Last赏' : '设为Last赏'}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="orange"
                  disabled={!canSetGlobal(watched, i)}
                  onClick={() =>
                    setInterval({
                      index: i,
                      start: String(row.start_section ?? ''),
                      end: String(row.end_section ?? ''),
                    })
                  }
                  data-testid="kuji-prize-global"
                >
                  {global ? '修改全局赏' : '设为全局赏'}
                </Button>
                {global && (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => apply(setGlobal(rows(), i, null))}
                    data-testid="kuji-prize-global-cancel"
                  >
                    取消全局赏
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => apply(removeRow(rows(), i))}
                  data-testid="kuji-prize-remove"
                >
                  删除
                </Button>
              </HStack>
            </HStack>
            <Grid templateColumns={{ base: '1fr', md: '120px repeat(3, 1fr)' }} gap="4">
              <Box gridRow={{ md: 'span 2' }}>
                <ImageField name={`goods.${i}.goods_pic`} label="商品图片" size={96} testId="kuji-prize-pic" />
              </Box>
              <Box gridColumn={{ md: 'span 3' }}>
                <TextField
                  name={`goods.${i}.goods_title`}
                  label="商品名称"
                  required
                  placeholder="请输入商品名称"
                  maxLength={200}
                  testId="kuji-prize-title"
                />
              </Box>
              <MoneyField name={`goods.${i}.goods_price`} label="市价（元）" testId="kuji-prize-price" />
              <MoneyField name={`goods.${i}.cost_price`} label="成本价（元）" testId="kuji-prize-cost" />
              <DigitsField
                name={`goods.${i}.stock`}
                label="每箱数量"
                required
                disabled={last || global}
                helper={last || global ? '每箱 1 个' : undefined}
                testId="kuji-prize-stock"
              />
              <Box gridColumn={{ md: '2 / span 1' }}>
                <ChoiceField
                  name={`goods.${i}.is_shelves`}
                  label="发货方式"
                  options={SHELVES}
                  numeric
                  testId="kuji-prize-shelves"
                />
              </Box>
              {Number(row.is_shelves) === 1 && (
                <Box gridColumn={{ md: 'span 2' }}>
                  <TextField
                    name={`goods.${i}.shelves`}
                    label="预售说明"
                    placeholder="如：预计3月发货"
                    maxLength={50}
                    testId="kuji-prize-shelves-desc"
                  />
                </Box>
              )}
            </Grid>
          </Box>
        );
      })}
      <HStack>
        <ActionButton
          icon={Plus}
          variant="outline"
          colorPalette="brand"
          onClick={() => apply(relevel([...rows(), { ...EMPTY_PRIZE }]))}
          testId="kuji-prize-add"
        >
          添加商品
        </ActionButton>
      </HStack>
      <GlobalDialog
        interval={interval}
        onChange={setInterval}
        onClose={() => setInterval(null)}
        onConfirm={confirmGlobal}
      />
    </Stack>
  );
}
