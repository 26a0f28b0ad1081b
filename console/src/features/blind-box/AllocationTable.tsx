import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { type Allocation, messages } from '@toy/shared';
import { Copy, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable';
import { RowAction } from '../../components/RowActions';
import { copyText } from '../../lib/clipboard';
import { lazyPart } from '../../lib/lazyPart';
import { notify } from '../../lib/notify';
import { styleColumns } from '../blind-box-record/styleParts';

// Opened by 设置库存: loaded after the page is up.
const HideStockDialog = lazyPart(() => import('./HideStockDialog').then((m) => m.HideStockDialog));

export type Row = Allocation['goods'][number];

export interface AllocationTableProps {
  allocation: Allocation;
  onChange: (allocation: Allocation) => void;
}

const copyHash = async (hash: string) =>
  (await copyText(hash)) ? notify.success(messages.success.copied) : notify.error(messages.success.copyFailed);

/** 分配结果: the goods with their allocated counts, the commitment, and 设置隐藏款库存. */
export function AllocationTable({ allocation: a, onChange }: AllocationTableProps) {
  const [hiding, setHiding] = useState<Row | null>(null);

  const columns: Column<Row>[] = [
    styleColumns.picture(),
    styleColumns.title('款式'),
    styleColumns.type(),
    styleColumns.rate(),
    styleColumns.count('stock', '分配数量', (g) => g.stock, { fontWeight: '600', testId: 'allocation-stock' }),
    {
      key: 'actions',
      header: '操作',
      render: (g) =>
        g.type !== 1 && (
          <RowAction icon={SlidersHorizontal} onClick={() => setHiding(g)} testId="hide-stock-open">
            设置库存
          </RowAction>
        ),
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
          <Text>公示的防篡改凭证：</Text>
          <Text fontFamily="mono" truncate maxW="260px" data-testid="allocation-hash" title={a.seed_hash}>
            {a.seed_hash}
          </Text>
          <IconButton aria-label="复制防篡改凭证" size="2xs" variant="ghost" onClick={() => copyHash(a.seed_hash)}>
            <Copy size={12} />
          </IconButton>
        </HStack>
      </Flex>
      <DataTable columns={columns} rows={a.goods} rowTestId="allocation-row" />
      <Text fontSize="xs" color="fg.muted" mt="2">
        分配由服务器随机种子决定，防篡改凭证即时公示，售罄后公开种子供买家验证。调整隐藏款库存时，差额由基础款补足或让出，总数不变。
      </Text>
      <HideStockDialog allocation={a} style={hiding} onClose={() => setHiding(null)} onChange={onChange} />
    </Box>
  );
}
