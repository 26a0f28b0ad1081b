import { Badge, Box, Button, Flex, HStack, IconButton, Image, Input, Text } from '@chakra-ui/react';
import { type Allocation, api, DROP_RATE_FORMAT, hideStockBody, messages, styleTypeText } from '@toy/shared';
import { Copy, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable';
import { FormDialog, FormField } from '../../components/FormDialog';
import { previewUrl } from '../../components/upload/uploadCore';
import { copyText } from '../../lib/clipboard';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';

type Row = Allocation['goods'][number];

export interface AllocationTableProps {
  allocation: Allocation;
  onChange: (allocation: Allocation) => void;
}

/** 分配结果: the goods with their allocated counts, the commitment, and 设置隐藏款库存. */
export function AllocationTable({ allocation: a, onChange }: AllocationTableProps) {
  const [hiding, setHiding] = useState<Row | null>(null);
  const [stock, setStock] = useState('');
  useEffect(() => {
    if (hiding) setStock(String(hiding.stock));
  }, [hiding]);

  const columns: Column<Row>[] = [
    {
      key: 'pic',
      header: '图片',
      render: (g) => (
        <Image src={previewUrl(g.goods_pic, 120)} alt={g.goods_title} boxSize="40px" rounded="md" objectFit="cover" />
      ),
    },
    { key: 'title', header: '款式', render: (g) => <Text fontWeight="500">{g.goods_title}</Text> },
    {
      key: 'type',
      header: '类型',
      render: (g) => (
        <Badge variant="subtle" colorPalette={g.type === 1 ? 'gray' : g.type === 2 ? 'purple' : 'orange'}>
          {styleTypeText(g.type)}
        </Badge>
      ),
    },
    { key: 'rate', header: '掉率', render: (g) => (g.probability ? DROP_RATE_FORMAT(g.probability) : '—') },
    {
      key: 'stock',
      header: '分配数量',
      align: 'end',
      render: (g) => (
        <Text fontWeight="600" data-testid="allocation-stock">
          {g.stock}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '操作',
      render: (g) =>
        g.type !== 1 ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={() => setHiding(g)}
            data-testid="hide-stock-open"
          >
            <SlidersHorizontal size={14} />
            设置库存
          </Button>
        ) : null,
    },
  ];

  return (
    <Box data-testid="allocation">
      <Flex gap="3" wrap="wrap" justify="space-between" align="center" mb="3" bg="brand.50" rounded="md" px="4" py="3">
        <Text fontSize="sm">
          共 <b>{a.box_num}</b> 箱 × {a.limit_stock} 盒 = <b data-testid="allocation-total">{a.total}</b> 盒 · 有效期至{' '}
          {a.expire_time}
        </Text>
        <HStack gap="1" fontSize="xs" color="fg.muted" minW="0">
          <ShieldCheck size={14} />
          <Text>承诺哈希 SHA-256：</Text>
          <Text fontFamily="mono" truncate maxW="260px" data-testid="allocation-hash" title={a.seed_hash}>
            {a.seed_hash}
          </Text>
          <IconButton
            aria-label="复制承诺哈希"
            size="2xs"
            variant="ghost"
            onClick={async () =>
              (await copyText(a.seed_hash))
                ? notify.success(messages.success.copied)
                : notify.error(messages.success.copyFailed)
            }
          >
            <Copy size={12} />
          </IconButton>
        </HStack>
      </Flex>
      <DataTable columns={columns} rows={a.goods} rowKey={(g) => g.id} rowTestId="allocation-row" />
      <Text fontSize="xs" color="fg.muted" mt="2">
        分配由服务器随机种子决定，种子哈希即时公示，售罄后公开种子供买家验证。调整隐藏款库存时，差额由基础款补足或让出，总数不变。
      </Text>
      <FormDialog
        open={hiding !== null}
        onOpenChange={(open) => !open && setHiding(null)}
        title={`设置隐藏款库存：${hiding?.goods_title ?? ''}`}
        schema={hideStockBody}
        values={{ box_sign: a.box_sign, hide_id: hiding?.id, hide_stock: stock }}
        size="sm"
        testId="hide-stock-dialog"
        submitTestId="hide-stock-save"
        onSubmit={async (d) => {
          onChange(await call(api.blindBox.hideStock, d));
          notify.success(messages.success.set);
        }}
      >
        <FormField
          field="hide_stock"
          label="隐藏款库存"
          required
          helper={`当前 ${hiding?.stock ?? 0} 盒，共 ${a.total} 盒`}
        >
          <Input
            inputMode="numeric"
            placeholder="请输入隐藏款库存"
            value={stock}
            onChange={(e) => setStock(e.target.value.replace(/[^\d]/g, ''))}
            data-testid="hide-stock-input"
          />
        </FormField>
      </FormDialog>
    </Box>
  );
}
