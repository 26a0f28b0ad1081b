import { Badge, Text } from '@chakra-ui/react';
import type { FreightTemplate } from '@toy/shared';
import { freightTemplateRoutes } from '@toy/shared/features/freight';
import { actionsColumn, tagColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { BrandListPage, ListCount } from '../../components/ListPage';
import { EditAction } from '../../components/RowActions';
import { useBrandListPage } from '../../components/useBrandList';
import { useEditDialog } from '../../components/useEditDialog';
import { lazyPart } from '../../lib/lazyPart';
import { useBrandWord } from '../../session/useBrandWord';

// Opened by a click, not on screen when the page opens: loaded after the page is up.
const FreightDialog = lazyPart(() => import('./FreightDialog').then((m) => m.FreightDialog));

const price = (value: number, unit: string) => (value === 0 ? '0' : `${value.toFixed(2)} ${unit}`);

/** 运费模板 (spec 02 screen 8): brand filter in the URL, a template per country, add/edit dialog. */
export default function FreightListPage() {
  const page = useBrandListPage(freightTemplateRoutes.list);
  const list = page.read;
  const word = useBrandWord();
  const dialog = useEditDialog<FreightTemplate>();

  const columns: Column<FreightTemplate>[] = [
    tagColumn('country', '国家', (t) => t.country_text),
    {
      key: 'free_num',
      header: '包邮数量',
      align: 'end',
      render: (t) =>
        t.free_num === 1 ? <Badge colorPalette="green">始终包邮</Badge> : <Text>满 {t.free_num} 件包邮</Text>,
    },
    { key: 'price_us', header: '美元价格', align: 'end', render: (t) => <Text>{price(t.price_us, 'USD')}</Text> },
    { key: 'price_th', header: '泰铢价格', align: 'end', render: (t) => <Text>{price(t.price_th, 'THB')}</Text> },
    { key: 'updated_at', header: '更新时间', render: (t) => <Text color="fg.muted">{t.updated_at}</Text> },
    actionsColumn((t) => <EditAction onClick={() => dialog.edit(t)} testId="freight-edit" />, { width: '120px' }),
  ];

  return (
    <BrandListPage
      spec={{
        name: 'freight',
        title: '运费模板',
        description: `各${word}按国家设置海外取回运费：达到包邮数量免运费`,
        add: '新增运费模板',
      }}
      state={page}
      onAdd={dialog.add}
    >
      <ListCount total={list.data?.length} unit="个模板" />
      <DataTable columns={columns} {...page.table(list.data)} rowTestId="freight-row" />
      <FreightDialog {...dialog.props} defaultBrandId={page.ipId} />
    </BrandListPage>
  );
}
