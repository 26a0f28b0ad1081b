import { Box, HStack, Text } from '@chakra-ui/react';
import { KUJI_SHELVES_TEXT, type KujiGoodsRow, kujiShelvesRules, levelLabel, messages, withRules } from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';
import { useState } from 'react';
import { z } from 'zod';
import { Thumbnail, yuan } from '../../components/columns';
import { type Column, DataTable, LoadingLines } from '../../components/DataTable';
import { FormDialog } from '../../components/form/FormDialog';
import { ChoiceField, MoneyField, TextField } from '../../components/form/fields';
import { Toggle } from '../../components/form/Toggle';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { CellAction } from '../../components/RowActions';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { kujiReads } from './parts';

const SHELVES = [
  { value: 0, label: KUJI_SHELVES_TEXT[0]! },
  { value: 1, label: KUJI_SHELVES_TEXT[1]! },
];
const priceForm = kujiRoutes.setPrice.body;
const shelvesForm = withRules(
  z.object({ active_id: z.any(), goods_id: z.any(), is_shelves: z.any(), shelves: z.string().trim() }),
  kujiShelvesRules,
);

type Edit = { kind: 'price' | 'shelves'; row: KujiGoodsRow } | null;

/** 设置价格 and 现货/预售: each a small dialog over one prize row. */
function RowEdits({ edit, onClose }: { edit: Edit; onClose: () => void }) {
  const row = edit?.row;
  const target = { active_id: row?.active_id ?? 0, goods_id: row?.goods_id ?? 0 };
  const price = useAction(kujiRoutes.setPrice, { success: messages.success.setPlain, invalidates: kujiReads });
  const shelves = useAction(kujiRoutes.setShelves, { success: messages.success.setPlain, invalidates: kujiReads });
  const priceF = useSchemaForm(priceForm, { ...target, price: row ? String(row.price) : '' }, edit?.kind === 'price');
  const shelvesF = useSchemaForm(
    shelvesForm,
    { ...target, is_shelves: row?.is_shelves ?? 0, shelves: row?.shelves ?? '' },
    edit?.kind === 'shelves',
  );
  const close = (o: boolean) => !o && onClose();
  return (
    <>
      <FormDialog
        open={edit?.kind === 'price'}
        onOpenChange={close}
        title="设置价格"
        form={priceF}
        onSubmit={(d) => price.run(d)}
        testId="kuji-price-dialog"
        submitTestId="kuji-price-submit"
      >
        <MoneyField name="price" label="商品市价（元）" required testId="kuji-price-input" />
      </FormDialog>
      <FormDialog
        open={edit?.kind === 'shelves'}
        onOpenChange={close}
        title="现货/预售"
        form={shelvesF}
        onSubmit={(d) => shelves.run({ ...target, is_shelves: Number(d.is_shelves), shelves: String(d.shelves ?? '') })}
        testId="kuji-goods-shelves-dialog"
        submitTestId="kuji-goods-shelves-submit"
      >
        <ChoiceField name="is_shelves" label="发货方式" options={SHELVES} numeric testId="kuji-goods-shelves" />
        <TextField name="shelves" label="说明" helper="最多50个字" testId="kuji-goods-shelves-desc" />
      </FormDialog>
    </>
  );
}

/** 商品数据: one row per prize, with the lucky switch, price and in-stock / pre-sale edits. */
export function KujiGoodsTab({ id }: { id: number }) {
  const rows = useCall(kujiRoutes.goods, { active_id: id }).data?.list;
  const [edit, setEdit] = useState<Edit>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const lucky = useAction(kujiRoutes.setLucky, { success: messages.success.setPlain, invalidates: kujiReads });
  const toggleLucky = async (g: KujiGoodsRow, on: boolean) => {
    setBusy(g.goods_id);
    await lucky.trigger({ active_id: g.active_id, goods_id: g.goods_id, is_lucky: on ? 1 : 0 });
    setBusy(null);
  };

  const columns: Column<KujiGoodsRow>[] = [
    {
      key: 'level',
      header: '赏',
      render: (g) => (
        <Text fontWeight="700" data-testid="kuji-goods-level">
          {g.levels.map(levelLabel).join(' / ')}
        </Text>
      ),
    },
    {
      key: 'goods',
      header: '商品',
      render: (g) => (
        <HStack gap="2">
          {g.goods_info.goods_pic && (
            <Thumbnail src={g.goods_info.goods_pic} alt={g.goods_info.goods_title} size={36} />
          )}
          <Text lineClamp={2}>{g.goods_info.goods_title}</Text>
        </HStack>
      ),
    },
    {
      key: 'lucky',
      header: '大奖',
      render: (g) => (
        <Toggle
          checked={g.is_lucky === 1}
          onChange={(on) => void toggleLucky(g, on)}
          disabled={busy === g.goods_id || g.levels.length > 1}
          testId="kuji-goods-lucky"
        />
      ),
    },
    {
      key: 'price',
      header: '市价',
      render: (g) => (
        <CellAction onClick={() => setEdit({ kind: 'price', row: g })} testId="kuji-goods-price">
          {yuan(g.price)}
        </CellAction>
      ),
    },
    {
      key: 'shelves',
      header: '现货/预售',
      render: (g) => (
        <CellAction onClick={() => setEdit({ kind: 'shelves', row: g })} testId="kuji-goods-shelves-edit">
          {KUJI_SHELVES_TEXT[g.is_shelves]}
          {g.shelves ? `（${g.shelves}）` : ''}
        </CellAction>
      ),
    },
    { key: 'stock', header: '总数', align: 'end', render: (g) => g.stock_sum },
    { key: 'sold', header: '已售', align: 'end', render: (g) => g.sales_num },
    { key: 'deposit', header: '寄存', align: 'end', render: (g) => g.deposit_num },
    { key: 'send', header: '待发货', align: 'end', render: (g) => g.send_num },
    { key: 'sent', header: '已发货', align: 'end', render: (g) => g.has_send_num },
  ];

  if (!rows) return <LoadingLines />;
  return (
    <Box data-testid="kuji-goods">
      <DataTable columns={columns} rows={rows} rowKey={(g) => `${g.goods_id}-${g.level}`} rowTestId="kuji-goods-row" />
      <RowEdits edit={edit} onClose={() => setEdit(null)} />
    </Box>
  );
}
