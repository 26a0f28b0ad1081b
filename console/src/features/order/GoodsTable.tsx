import { Checkbox, Table, Text } from '@chakra-ui/react';
import type { Order } from '@toy/shared';
import { Thumbnail } from '../../components/columns';

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
  return (
    <Table.Root size="sm" data-testid="order-goods">
      <Table.Header>
        <Table.Row>
          {picking && <Table.ColumnHeader w="40px" />}
          <Table.ColumnHeader>图片</Table.ColumnHeader>
          <Table.ColumnHeader>商品名称</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">数量</Table.ColumnHeader>
          <Table.ColumnHeader>发货</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {order.goods.map((g) => (
          <Table.Row key={g.id} data-testid="order-goods-row">
            {picking && (
              <Table.Cell>
                {g.shipment_id === null && (
                  <Checkbox.Root
                    size="sm"
                    checked={selected.has(g.id)}
                    onCheckedChange={() => onToggle(g.id)}
                    aria-label={`选择 ${g.goods_title}`}
                    data-testid="order-goods-pick"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                )}
              </Table.Cell>
            )}
            <Table.Cell>
              <Thumbnail src={g.goods_pic} alt={g.goods_title} size={48} />
            </Table.Cell>
            <Table.Cell>{g.goods_title}</Table.Cell>
            <Table.Cell textAlign="end">{g.nums}</Table.Cell>
            <Table.Cell>
              <Text fontSize="sm" color={g.shipment_id === null ? 'orange.600' : 'green.600'}>
                {g.shipment_id === null ? '未发货' : '已发货'}
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
