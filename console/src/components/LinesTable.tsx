import { Checkbox, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Thumbnail } from './columns';

/** A column of LinesTable: its header (and the header's width), a line's cell, `end` for right-aligned counts. */
export interface LineColumn<T> {
  header?: ReactNode;
  w?: string;
  end?: boolean;
  cell: (line: T) => ReactNode;
}

/**
 * The lines of one order, pickup or form (its goods, the rows of a dialog) in a small table: every
 * line shown, no list states. Each line's test id is `lineTestId`; lines are keyed by their id.
 */
export function LinesTable<T extends { id: number }>({
  columns,
  lines,
  lineTestId,
  testId,
  headerBg,
}: {
  columns: LineColumn<T>[];
  lines: T[];
  lineTestId: string;
  testId?: string;
  headerBg?: string;
}) {
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Header>
        <Table.Row bg={headerBg}>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
            <Table.ColumnHeader key={i} w={c.w} textAlign={c.end ? 'end' : undefined}>
              {c.header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.id} data-testid={lineTestId}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <Table.Cell key={i} textAlign={c.end ? 'end' : undefined}>
                {c.cell(line)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** A goods line of an order or a pickup: its picture, title and quantity. */
export interface GoodsLine {
  id: number;
  goods_pic: string;
  goods_title: string;
  nums: number;
}

/** The 图片 column of goods lines: the picture at `size` px. */
export function linePicture<G extends GoodsLine>(size: number): LineColumn<G> {
  return { header: '图片', cell: (g) => <Thumbnail src={g.goods_pic} alt={g.goods_title} size={size} /> };
}

/** The 数量 column of goods lines (`end`: right-aligned). */
export function lineCount<G extends GoodsLine>(end?: boolean): LineColumn<G> {
  return { header: '数量', end, cell: (g) => g.nums };
}

/** The checkbox that picks a line (or all of them): `onChange` has the box's new state. */
export function PickBox({
  checked,
  onChange,
  disabled,
  label,
  testId,
  size,
  colorPalette,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  label?: string;
  testId: string;
  size?: 'sm';
  colorPalette?: string;
}) {
  return (
    <Checkbox.Root
      size={size}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      colorPalette={colorPalette}
      aria-label={label}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
