import { Badge, Group, IconButton, Image, Input, InputAddon, Text } from '@chakra-ui/react';
import { STYLE_TYPES } from '@toy/shared';
import { Trash2 } from 'lucide-react';
import { type Column, DataTable } from '../../components/DataTable';
import { OptionSelect } from '../../components/formFields';
import { previewUrl } from '../../components/upload/uploadCore';
import type { StyleRow } from './recordForm';

export interface StyleListProps {
  styles: StyleRow[];
  onChange: (styles: StyleRow[]) => void;
}

/** The record's styles: name, type and drop rate are edited in place; picked goods keep their sku. */
export function StyleList({ styles, onChange }: StyleListProps) {
  const update = (key: string, patch: Partial<StyleRow>) =>
    onChange(styles.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  const columns: Column<StyleRow>[] = [
    { key: 'n', header: '#', width: '40px', render: (_s, i) => <Text color="fg.muted">{i + 1}</Text> },
    {
      key: 'pic',
      header: '图片',
      render: (s) => (
        <Image src={previewUrl(s.goods_pic, 120)} alt={s.goods_title} boxSize="48px" rounded="md" objectFit="cover" />
      ),
    },
    {
      key: 'title',
      header: '款式名称',
      render: (s) => (
        <Input
          size="sm"
          minW="180px"
          value={s.goods_title}
          placeholder="请输入款式名称"
          onChange={(e) => update(s.key, { goods_title: e.target.value })}
          data-testid="style-title"
        />
      ),
    },
    {
      key: 'type',
      header: '类型',
      render: (s) => (
        <OptionSelect
          label="类型"
          size="sm"
          w="110px"
          value={String(s.type)}
          onChange={(v) => update(s.key, { type: Number(v) })}
          options={STYLE_TYPES}
          testId="style-type"
        />
      ),
    },
    {
      key: 'rate',
      header: '掉率',
      render: (s) =>
        s.type === 1 ? (
          <Text color="fg.subtle">—</Text>
        ) : (
          <Group attached w="130px">
            <InputAddon px="2">1 :</InputAddon>
            <Input
              size="sm"
              inputMode="numeric"
              placeholder="N"
              value={s.probability}
              onChange={(e) => update(s.key, { probability: e.target.value.replace(/[^\d]/g, '') })}
              data-testid="style-rate"
            />
          </Group>
        ),
    },
    {
      key: 'sku',
      header: '来源',
      render: (s) =>
        s.sku_id ? (
          <Text fontSize="sm" fontFamily="mono">
            商品 #{s.sku_id}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            手动添加
          </Text>
        ),
    },
    {
      key: 'overseas',
      header: '海外',
      render: (s) =>
        s.is_overseas ? (
          <Badge colorPalette="green" variant="subtle">
            支持
          </Badge>
        ) : (
          <Badge variant="subtle">不支持</Badge>
        ),
    },
    {
      key: 'remove',
      header: '操作',
      width: '64px',
      render: (s) => (
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
      ),
    },
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
