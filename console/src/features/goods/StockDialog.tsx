import { Badge, HStack, Text } from '@chakra-ui/react';
import { type Goods, messages, STOCK_ACTION, STOCK_LIMIT } from '@toy/shared';
import { goodsRoutes } from '@toy/shared/features/goods';
import { DialogSubject, FormDialog } from '../../components/form/FormDialog';
import { ChoiceField, TextField } from '../../components/form/fields';
import { useFormDialog } from '../../components/useFormDialog';

/** 库存类型: 限制库存 (1) or 不限库存 (0). */
const STOCK_LIMIT_OPTIONS = [
  { value: '1', label: '限制库存' },
  { value: '0', label: messages.goods.unlimited },
];

/** The required 库存类型 field (`stock_limit`) of a goods form; `h` is its row's height. */
export function StockLimitField({ testId, h }: { testId: string; h?: string }) {
  return (
    <ChoiceField
      name="stock_limit"
      label="库存类型"
      required
      numeric
      options={STOCK_LIMIT_OPTIONS}
      testId={testId}
      h={h}
    />
  );
}

const ACTION_OPTIONS = [
  { value: STOCK_ACTION.add, label: '增加' },
  { value: STOCK_ACTION.reduce, label: '减少' },
];

const defaults = (goods: Goods | null) => ({
  id: goods?.id ?? 0,
  current_stock_limit: goods?.stock_limit ?? 0,
  // The current 库存类型 is chosen to start with.
  stock_limit: (goods?.stock_limit ?? '') as number | '',
  action: '' as number | '',
  num: '',
  stock_num: '',
});

/**
 * 修改库存 (spec 01 §4 "Goods stock dialog"): unlimited → limited asks the new stock; limited →
 * limited adds or reduces a quantity; → unlimited asks nothing. The API applies it atomically.
 */
export function StockDialog({ goods, onOpenChange }: { goods: Goods | null; onOpenChange: (open: boolean) => void }) {
  const { form, dialog } = useFormDialog(
    goodsRoutes.stock,
    { open: goods !== null, onOpenChange },
    {
      title: '修改库存',
      testId: 'stock',
      defaults: defaults(goods),
      success: messages.success.stockUpdated,
      invalidates: [goodsRoutes.list],
    },
  );
  const fromUnlimited = form.watch('current_stock_limit') === STOCK_LIMIT.unlimited;
  const stockLimit = form.watch('stock_limit');
  const toLimited = stockLimit === STOCK_LIMIT.limited;

  return (
    <FormDialog {...dialog} size="sm">
      <DialogSubject title={goods?.title}>
        <HStack mt="1" gap="2">
          <Text fontSize="sm">当前库存：</Text>
          {fromUnlimited ? (
            <Badge colorPalette="green" data-testid="stock-current">
              {messages.goods.unlimited}
            </Badge>
          ) : (
            <Text fontWeight="700" fontSize="lg" data-testid="stock-current">
              {goods?.stock}
            </Text>
          )}
        </HStack>
      </DialogSubject>
      <StockLimitField testId="stock-type" />
      {toLimited && fromUnlimited && (
        <TextField
          name="stock_num"
          label="库存数量"
          required
          inputMode="numeric"
          placeholder="请输入库存数量"
          testId="stock-num"
        />
      )}
      {toLimited && !fromUnlimited && (
        <>
          <ChoiceField name="action" label="操作" required numeric options={ACTION_OPTIONS} testId="stock-action" />
          <TextField
            name="num"
            label="数量"
            required
            inputMode="numeric"
            placeholder="请输入数量"
            testId="stock-quantity"
          />
        </>
      )}
      {stockLimit === STOCK_LIMIT.unlimited && !fromUnlimited && (
        <Text fontSize="sm" color="fg.muted">
          改为不限库存后，该商品不再扣减库存。
        </Text>
      )}
    </FormDialog>
  );
}
