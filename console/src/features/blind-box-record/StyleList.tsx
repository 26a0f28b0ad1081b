import { IconButton, Input, Text } from '@chakra-ui/react';
import { STYLE_TYPES } from '@toy/shared';
import { Trash2 } from 'lucide-react';
import { type Column, DataTable } from '../../components/DataTable';
import { DigitsInput, OptionSelect } from '../../components/form/controls';
import type { StyleRow } from './recordForm';
import { styleColumns } from './styleParts';

export interface StyleListProps {
  styles: StyleRow[];
  onChange: (styles: StyleRow[]) => void;
}

/** The record's styles: name, type and drop rate are edited in place; picked goods keep their sku. */
export function StyleList({ styles, onChange }: StyleListProps) {
  const update = (key: string, patch: Partial<StyleRow>) =>
    onChange(styles.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  const title = (s: StyleRow) => (
    <Input
      size="sm"
      minW="180px"
      value={s.goods_title}
      placeholder="请输入款式名称"
      onChange={(e) => update(s.key, { goods_title: e.target.value })}
      data-testid="style-title"
    />
  );
  const type = (s: StyleRow) => (
    <OptionSelect
      label="类型"
      size="sm"
      w="110px"
      value={String(s.type)}
      onChange={(v) => update(s.key, { type: Number(v) })}
      options={STYLE_TYPES}
      testId="style-type"
    />
  );
  const rate = (s: StyleRow) =>
    s.type === 1 ? (
      <Text color="fg.subtle">—</Text>
    ) : (
      <DigitsInput
        size="sm"
        w="130px"
        prefix="1 :"
        placeholder="N"
        value={s.probability}
        onChange={(probability) => update(s.key, { probability })}
        testId="style-rate"
      />
    );
  const remove = (s: StyleRow) => (
    <IconButton
      aria-label="删除款式"
      size="xs"
      variant="ghost"
      colorPalette="red"
      onClick={() => onChange(styles.filter((x) => x.key !== s.key))}
      data-testid="style-remove"
    >
      <Trash2 size={14} />
    </IconButton>
  );

  const columns: Column<StyleRow>[] = [
    { key: 'n', header: '#', width: '40px', render: (_s, i) => <Text color="fg.muted">{i + 1}</Text> },
    styleColumns.picture(48),
    { key: 'title', header: '款式名称', render: title },
    { key: 'type', header: '类型', render: type },
    { key: 'rate', header: '掉率', render: rate },
    styleColumns.source(),
    styleColumns.overseas(),
    { key: 'remove', header: '操作', width: '64px', render: remove },
  ];

  return (
    <DataTable
      columns={columns}
      rows={styles}
      rowKey={(s) => s.key}
      rowTestId="style-row"
      emptyText="暂无款式，请从商品库选择或手动添加"
    />
  );
}
