import { Text } from '@chakra-ui/react';
import type { Order } from '@toy/shared';
import { type LineColumn, LinesTable, lineCount, linePicture, PickBox } from '../../components/LinesTable';

/**
 * An order's goods: picture, title, quantity and whether shipped. With `selected`, unshipped rows
 * get a checkbox (the ship page's partial shipping).
 */
export function GoodsTable({
  order,
  selected,
  onToggle,
}: {
  order: Order;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
}) {
  const picking = selected !== undefined && onToggle !== undefined;
  const columns: LineColumn<Order['goods'][number]>[] = [
    ...(picking
      ? [
          {
            w: '40px',
            cell: (g: Order['goods'][number]) =>
              g.shipment_id === null && (
                <PickBox
                  size="sm"
                  checked={selected.has(g.id)}
                  onChange={() => onToggle(g.id)}
                  label={`选择 ${g.goods_title}`}
                  testId="order-goods-pick"
                />
              ),
          },
        ]
      : []),
    linePicture(48),
    { header: '商品名称', cell: (g) => g.goods_title },
    lineCount(true),
    {
      header: '发货',
      cell: (g) => (
        <Text fontSize="sm" color={g.shipment_id === null ? 'orange.600' : 'green.600'}>
          {g.shipment_id === null ? '未发货' : '已发货'}
        </Text>
      ),
    },
  ];
  return <LinesTable columns={columns} lines={order.goods} lineTestId="order-goods-row" testId="order-goods" />;
}
