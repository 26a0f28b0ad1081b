import { Button, Checkbox, HStack, Input, Text } from '@chakra-ui/react';
import { type GoodsItem, LIMITS, messages } from '@toy/shared';
import { blindBoxRecordRoutes } from '@toy/shared/features/blind-box-record';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { moneyColumn, pictureColumn, titleColumn } from '../../components/columns';
import { type Column, DataTable } from '../../components/DataTable';
import { DialogShell } from '../../components/DialogShell';
import { ListPagination } from '../../components/ListPagination';
import { notify } from '../../lib/notify';
import { useCall } from '../../lib/useCall';
import { styleColumns } from './styleParts';

export interface GoodsSelectorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The blind box's brand whose goods are listed. */
  brandId: number;
  /** Goods already in the style list (shown checked and disabled). */
  existing: number[];
  onConfirm: (picked: GoodsItem[]) => void;
}

const m = messages.blindBoxRecord;

/** 选择商品: the brand's goods, 10 a page, searchable by name, picked across pages. */
export function GoodsSelectorDialog({ open, onOpenChange, brandId, existing, onConfirm }: GoodsSelectorDialogProps) {
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<number, GoodsItem>>(new Map());
  const { data, error, isLoading, mutate } = useCall(
    blindBoxRecordRoutes.goodsSelector,
    { ip_id: brandId, title, page, limit: LIMITS.goodsSelectorPageSize },
    { enabled: open },
  );

  useEffect(() => {
    if (open) {
      setPicked(new Map());
      setDraft('');
      setTitle('');
      setPage(1);
    }
  }, [open]);

  const toggle = (g: GoodsItem, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(g.id, g);
      else next.delete(g.id);
      return next;
    });

  const search = () => {
    setTitle(draft.trim());
    setPage(1);
  };

  const confirm = () => {
    if (picked.size === 0) {
      notify.invalid(m.selectorPickOne);
      return;
    }
    onConfirm([...picked.values()]);
    notify.success(m.selectorAdded(picked.size));
    onOpenChange(false);
  };

  const columns: Column<GoodsItem>[] = [
    {
      key: 'pick',
      header: '',
      width: '44px',
      render: (g) => {
        const added = existing.includes(g.id);
        return (
          <Checkbox.Root
            checked={added || picked.has(g.id)}
            disabled={added}
            onCheckedChange={(e) => toggle(g, e.checked === true)}
            colorPalette="brand"
            data-testid="selector-check"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
          </Checkbox.Root>
        );
      },
    },
    pictureColumn('pic', (g) => ({ src: g.pic, alt: g.title })),
    titleColumn((g) => g.title),
    moneyColumn('price', '价格', (g) => g.price),
    styleColumns.overseas(),
    { key: 'stock', header: '库存', align: 'end', render: (g) => (g.stock_limit === 0 ? '不限' : g.stock) },
  ];

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="选择商品"
      size="lg"
      testId="goods-selector"
      footer={
        <>
          <Text fontSize="sm" color="fg.muted" mr="auto">
            已选择 {picked.size} 个商品
          </Text>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            取消
          </Button>
          <Button colorPalette="brand" onClick={confirm} data-testid="selector-confirm">
            确定
          </Button>
        </>
      }
    >
      <HStack mb="3">
        <Input
          size="sm"
          placeholder="请输入商品名称"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          data-testid="selector-search"
        />
        <Button size="sm" colorPalette="brand" variant="outline" onClick={search}>
          <Search size={14} />
          搜索
        </Button>
      </HStack>
      <DataTable
        columns={columns}
        rows={data?.lists}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        rowTestId="selector-row"
        emptyText="暂无商品"
        maxH="420px"
      />
      <ListPagination
        total={data?.pagination.total_rows ?? 0}
        page={page}
        pageSize={LIMITS.goodsSelectorPageSize}
        pageSizes={[LIMITS.goodsSelectorPageSize]}
        onPageChange={setPage}
      />
    </DialogShell>
  );
}
