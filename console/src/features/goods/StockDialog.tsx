import { Badge, Box, HStack, Input, Text } from '@chakra-ui/react';
import { api, type Goods, goodsStock, messages, STOCK_ACTION, STOCK_LIMIT } from '@toy/shared';
import { useEffect, useState } from 'react';
import { FormDialog, FormField } from '../../components/FormDialog';
import { Choice } from '../../components/formFields';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';

/** 库存类型: 限制库存 (1) or 不限库存 (0). */
export const STOCK_LIMIT_OPTIONS = [
  { value: '1', label: '限制库存' },
  { value: '0', label: messages.goods.unlimited },
];

interface StockForm {
  id: number;
  current_stock_limit: number;
  stock_limit: number | '';
  action: number | '';
  num: string;
  stock_num: string;
}

const initial = (goods: Goods | null): StockForm => ({
  id: goods?.id ?? 0,
  current_stock_limit: goods?.stock_limit ?? 0,
  stock_limit: '',
  action: '',
  num: '',
  stock_num: '',
});

/**
 * 修改库存 (spec 01 §4 "Goods stock dialog"): unlimited → limited asks the new stock; limited →
 * limited adds or reduces a quantity; → unlimited asks nothing. The API applies it atomically.
 */
export function StockDialog({ goods, onOpenChange }: { goods: Goods | null; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<StockForm>(() => initial(goods));
  useEffect(() => setForm(initial(goods)), [goods]);
  const set = <K extends keyof StockForm>(key: K, value: StockForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fromUnlimited = form.current_stock_limit === STOCK_LIMIT.unlimited;
  const toLimited = form.stock_limit === STOCK_LIMIT.limited;

  return (
    <FormDialog
      open={goods !== null}
      onOpenChange={onOpenChange}
      title="修改库存"
      schema={goodsStock}
      values={form}
      size="sm"
      testId="stock-dialog"
      submitTestId="stock-save"
      onSubmit={async (data) => {
        await call(api.goods.stock, data);
        notify.success(messages.success.stockUpdated);
        await invalidate(api.goods.list);
      }}
    >
      <Box bg="gray.50" rounded="md" px="4" py="3">
        <Text fontSize="sm" color="fg.muted" truncate>
          {goods?.title}
        </Text>
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
      </Box>
      <FormField field="stock_limit" label="库存类型" required>
        <Choice
          value={String(form.stock_limit)}
          onChange={(v) => set('stock_limit', v === '' ? '' : Number(v))}
          options={STOCK_LIMIT_OPTIONS}
          testId="stock-type"
        />
      </FormField>
      {toLimited && fromUnlimited && (
        <FormField field="stock_num" label="库存数量" required>
          <Input
            inputMode="numeric"
            placeholder="请输入库存数量"
            value={form.stock_num}
            onChange={(e) => set('stock_num', e.target.value)}
            data-testid="stock-num"
          />
        </FormField>
      )}
      {toLimited && !fromUnlimited && (
        <>
          <FormField field="action" label="操作" required>
            <Choice
              value={String(form.action)}
              onChange={(v) => set('action', v === '' ? '' : Number(v))}
              options={[
                { value: String(STOCK_ACTION.add), label: '增加' },
                { value: String(STOCK_ACTION.reduce), label: '减少' },
              ]}
              testId="stock-action"
            />
          </FormField>
          <FormField field="num" label="数量" required>
            <Input
              inputMode="numeric"
              placeholder="请输入数量"
              value={form.num}
              onChange={(e) => set('num', e.target.value)}
              data-testid="stock-quantity"
            />
          </FormField>
        </>
      )}
      {form.stock_limit === STOCK_LIMIT.unlimited && !fromUnlimited && (
        <Text fontSize="sm" color="fg.muted">
          改为不限库存后，该商品不再扣减库存。
        </Text>
      )}
    </FormDialog>
  );
}
