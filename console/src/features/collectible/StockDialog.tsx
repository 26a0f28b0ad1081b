import { Box, Button, Checkbox, HStack, Input, Table, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { useEffect, useRef, useState } from 'react';
import { Thumbnail } from '../../components/columns';
import { DialogShell } from '../../components/DialogShell';
import { digitsOnly } from '../../components/form/controls';
import { notify } from '../../lib/notify';

const m = messages.collectible;

/** One image of a multi-image collectible while it is being made. */
export interface ItemDraft {
  pic: string;
  url: string;
  title: string;
  stock: number | string;
  coord: string;
}

/** Titles name#index from the start serial (spec 03 §2 "stock adjust dialog"). */
export const titled = (items: ItemDraft[], name: string, start: number) =>
  items.map((x, i) => ({ ...x, title: `${name || m.untitled}#${start + i}` }));

/** A small box of digits (a serial, a stock): anything else typed is dropped. */
function DigitsBox({
  w,
  placeholder,
  value,
  onChange,
  testId,
}: {
  w: string;
  placeholder?: string;
  value: string;
  onChange: (digits: string) => void;
  testId: string;
}) {
  return (
    <Input
      size="sm"
      w={w}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
      data-testid={testId}
    />
  );
}

/**
 * 设置库存 of a multi-image collectible: a start serial gives every row its title name#index; rows
 * are picked with checkboxes to delete or to set their stock; the stock goes to the picked rows or
 * to all. Each check answers the spec's message (请输入起始序号, 请输入库存, 请选择要修改库存的藏品).
 */
export function StockDialog({
  open,
  onOpenChange,
  items,
  name,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: ItemDraft[];
  name: string;
  onSave: (items: ItemDraft[]) => void;
}) {
  const [rows, setRows] = useState<ItemDraft[]>(items);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [start, setStart] = useState('');
  const [stock, setStock] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Changes one row (its title or its stock). */
  const setRow = (i: number, patch: Partial<ItemDraft>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  // Each opening starts from the form's items.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opening) return;
    setRows(items);
    setPicked(new Set());
    setError(null);
  }, [open, items]);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };
  const number = () => {
    if (!start.trim()) return fail(m.startSerialRequired);
    setError(null);
    setRows((r) => titled(r, name, Number(start)));
  };
  const setStockOf = (which: 'picked' | 'all') => {
    if (!stock.trim() || Number(stock) < 1) return fail(m.stockSetRequired);
    if (which === 'picked' && picked.size === 0) return fail(m.stockSetNoneSelected);
    setError(null);
    setRows((r) => r.map((x, i) => (which === 'all' || picked.has(i) ? { ...x, stock: Number(stock) } : x)));
  };
  const removePicked = () => {
    if (picked.size === 0) return fail(m.stockSetNoneSelected);
    setRows((r) => r.filter((_, i) => !picked.has(i)));
    setPicked(new Set());
  };
  const toggle = (i: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const allPicked = rows.length > 0 && picked.size === rows.length;

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="设置库存"
      size="xl"
      scrollBehavior="inside"
      testId="stock-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {messages.common.cancel}
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => {
              onSave(rows);
              onOpenChange(false);
            }}
            data-testid="stock-dialog-save"
          >
            {messages.common.confirm}
          </Button>
        </>
      }
    >
      <HStack gap="2" wrap="wrap" mb="3">
        <DigitsBox w="140px" placeholder="起始序号" value={start} onChange={setStart} testId="stock-dialog-start" />
        <Button size="sm" variant="outline" onClick={number} data-testid="stock-dialog-number">
          生成名称
        </Button>
        <DigitsBox w="120px" placeholder="库存" value={stock} onChange={setStock} testId="stock-dialog-stock" />
        <Button size="sm" variant="outline" onClick={() => setStockOf('picked')} data-testid="stock-dialog-set-picked">
          设置选中库存
        </Button>
        <Button size="sm" variant="outline" onClick={() => setStockOf('all')} data-testid="stock-dialog-set-all">
          设置全部库存
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={removePicked} data-testid="stock-dialog-delete">
          批量删除
        </Button>
      </HStack>
      {error && (
        <Text color="red.600" fontSize="sm" mb="2" data-testid="stock-dialog-error">
          {error}
        </Text>
      )}
      <Box maxH="420px" overflowY="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="40px">
                <Checkbox.Root
                  size="sm"
                  checked={allPicked}
                  onCheckedChange={() => setPicked(allPicked ? new Set() : new Set(rows.map((_, i) => i)))}
                  aria-label="全选"
                  data-testid="stock-dialog-pick-all"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>图片</Table.ColumnHeader>
              <Table.ColumnHeader>名称</Table.ColumnHeader>
              <Table.ColumnHeader>库存</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, i) => (
              <Table.Row key={row.pic} data-testid="stock-dialog-row">
                <Table.Cell>
                  <Checkbox.Root
                    size="sm"
                    checked={picked.has(i)}
                    onCheckedChange={() => toggle(i)}
                    aria-label={`选择 ${row.title || i + 1}`}
                    data-testid="stock-dialog-pick"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>
                  <Thumbnail src={row.url} alt={row.title} size={40} />
                </Table.Cell>
                <Table.Cell>
                  <Input
                    size="sm"
                    value={row.title}
                    onChange={(e) => setRow(i, { title: e.target.value })}
                    data-testid="stock-dialog-title"
                  />
                </Table.Cell>
                <Table.Cell>
                  <DigitsBox
                    w="100px"
                    value={String(row.stock)}
                    onChange={(stock) => setRow(i, { stock })}
                    testId="stock-dialog-row-stock"
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </DialogShell>
  );
}
