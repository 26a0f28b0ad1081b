import {
  Box,
  Button,
  Center,
  chakra,
  EmptyState,
  Grid,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown, Inbox } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useIsMobile } from '../lib/useIsMobile';
import { ScrollRail } from './ScrollRail';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  /** The column's width, and its least: a table squeezed into its box does not narrow it below this. */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /**
   * Keep the column in view while the table scrolls sideways (e.g. the actions at the end). The first
   * column is pinned to the start unless it says otherwise.
   */
  sticky?: 'start' | 'end' | false;
  /** The list call's sort key of this column (its declared `sort`): the header then sorts the list. */
  sort?: string;
  /**
   * What the column's figure counts, in a short muted line under the header (e.g. 标价，全部订单), with
   * `noteTitle` as its longer explanation on hover.
   */
  note?: string;
  noteTitle?: string;
}

/** A column's header with its note under it, when it has one. */
function HeaderText<T>({ column, children }: { column: Column<T>; children: ReactNode }) {
  if (!column.note) return children;
  return (
    <Stack gap="0" align={column.align === 'end' ? 'flex-end' : column.align === 'center' ? 'center' : 'flex-start'}>
      {children}
      <Text
        as="span"
        fontSize="xs"
        fontWeight="400"
        color="fg.subtle"
        title={column.noteTitle}
        data-testid={`column-note-${column.key}`}
      >
        {column.note}
      </Text>
    </Stack>
  );
}

/** Styles of a sticky cell: pinned to its side, on an opaque background, with a soft edge. */
const stickyProps = (side: 'start' | 'end' | false | undefined, header = false) =>
  side
    ? {
        position: 'sticky' as const,
        [side === 'end' ? 'right' : 'left']: 0,
        zIndex: header ? 2 : 1,
        bg: header ? 'gray.50' : 'white',
        boxShadow:
          side === 'end'
            ? 'inset 1px 0 0 var(--chakra-colors-gray-100), -6px 0 8px -6px rgba(0,0,0,0.12)'
            : 'inset -1px 0 0 var(--chakra-colors-gray-100), 6px 0 8px -6px rgba(0,0,0,0.12)',
      }
    : {};

/** How a table's rows are keyed: by their `id` unless `rowKey` says otherwise (required for rows without one). */
type RowKey<T> = T extends { id: string | number }
  ? { rowKey?: (row: T) => string | number }
  : { rowKey: (row: T) => string | number };

export type DataTableProps<T> = DataTableOptions<T> & RowKey<T>;

const byId = (row: unknown) => (row as { id: string | number }).id;

interface DataTableOptions<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  loading?: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  /** data-testid of each row, e.g. "warehouse-row". */
  rowTestId?: string;
  emptyText?: string;
  maxH?: string;
  /** The list's sort (`key` or `-key`, from the URL) and how to change it; columns with `sort` offer it. */
  sort?: string;
  onSort?: (sort: string | undefined) => void;
}

/** Where a column is pinned: its own choice, else the first column at the start. */
const pinOf = <T,>(c: Column<T>, i: number) => (c.sticky === undefined && i === 0 ? 'start' : c.sticky);

/**
 * A list's rows with the three list states: loading, empty ('暂无数据') and error (with 重试). On a
 * wide screen a table whose first column and actions stay pinned, with a scrollbar held at the bottom
 * of the window while it is wider than its box; on a narrow screen (under 992 px) one card a row, every
 * column a labelled line, so nothing is off screen.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey = byId,
  loading,
  error,
  onRetry,
  rowTestId,
  emptyText = '暂无数据',
  maxH,
  sort,
  onSort,
}: DataTableProps<T>) {
  const showSkeleton = loading && !rows?.length && !error;
  const box = useRef<HTMLDivElement>(null);
  const narrow = useIsMobile();
  const states = (
    <ListStates loading={loading} error={error} onRetry={onRetry} empty={rows?.length === 0} emptyText={emptyText} />
  );
  if (narrow)
    return (
      <Box data-testid="data-table" data-layout="cards" aria-busy={loading}>
        {onSort && <SortSelect columns={columns} sort={sort} onSort={onSort} />}
        <DataCards
          columns={columns}
          rows={showSkeleton || error ? [] : (rows ?? [])}
          rowKey={rowKey}
          rowTestId={rowTestId}
        />
        {showSkeleton && <LoadingLines lines={4} />}
        {states}
      </Box>
    );
  return (
    <>
      <Box
        ref={box}
        overflowX="auto"
        maxH={maxH}
        overflowY={maxH ? 'auto' : undefined}
        data-testid="data-table"
        data-layout="table"
        aria-busy={loading}
      >
        <Table.Root size="md" stickyHeader={Boolean(maxH)} interactive>
          <Table.Header>
            <Table.Row bg="gray.50">
              {columns.map((c, i) => (
                <Table.ColumnHeader
                  key={c.key}
                  w={c.width}
                  minW={c.width}
                  textAlign={c.align}
                  color="fg.muted"
                  fontWeight="600"
                  whiteSpace="nowrap"
                  aria-sort={c.sort && onSort ? ariaSort(sort, c.sort) : undefined}
                  {...stickyProps(pinOf(c, i), true)}
                >
                  <HeaderText column={c}>
                    {c.sort && onSort ? <SortHeader column={c} sort={sort} onSort={onSort} /> : c.header}
                  </HeaderText>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {showSkeleton &&
              Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                <Table.Row key={i} data-testid="row-skeleton">
                  {columns.map((c) => (
                    <Table.Cell key={c.key}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            {!showSkeleton &&
              !error &&
              rows?.map((row, i) => (
                <Table.Row key={rowKey(row)} data-testid={rowTestId}>
                  {columns.map((c, ci) => (
                    <Table.Cell key={c.key} textAlign={c.align} {...stickyProps(pinOf(c, ci))}>
                      {c.render(row, i)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
          </Table.Body>
        </Table.Root>
        {states}
      </Box>
      <ScrollRail target={box} hintOnly={Boolean(maxH)} />
    </>
  );
}

/** The empty and error states under a list. */
function ListStates({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
}: {
  loading?: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  empty: boolean;
  emptyText: string;
}) {
  if (error)
    return (
      <Center py="10" data-testid="list-error">
        <VStack gap="3">
          <Box color="orange.500">
            <AlertTriangle size={32} />
          </Box>
          <Text color="fg.muted" fontSize="sm">
            {error.message || '加载失败'}
          </Text>
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry} data-testid="list-retry">
              重试
            </Button>
          )}
        </VStack>
      </Center>
    );
  if (loading || !empty) return null;
  return (
    <EmptyState.Root size="sm" data-testid="list-empty">
      <EmptyState.Content py="10">
        <EmptyState.Indicator>
          <Inbox />
        </EmptyState.Indicator>
        <EmptyState.Title fontSize="sm" color="fg.muted" fontWeight="400">
          {emptyText}
        </EmptyState.Title>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Skeleton lines for panels that are not tables. */
export function LoadingLines({ lines = 3 }: { lines?: number }) {
  return (
    <Stack gap="3">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines
        <Skeleton key={i} h="4" />
      ))}
    </Stack>
  );
}

/**
 * A list's rows as cards for a narrow screen: each column a labelled line (the label its header), the
 * 操作 column's buttons along the card's foot. The cells render exactly as in the table.
 */
function DataCards<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowTestId?: string;
}) {
  const fields = columns.filter((c) => c.key !== 'actions');
  const actions = columns.find((c) => c.key === 'actions');
  return (
    <Stack gap="3">
      {rows.map((row, i) => (
        <Box key={rowKey(row)} data-testid={rowTestId} borderWidth="1px" borderColor="gray.100" rounded="lg" p="3">
          <Grid templateColumns="max-content minmax(0, 1fr)" columnGap="4" rowGap="2" alignItems="center">
            {fields.map((c) => (
              <Box key={c.key} display="contents">
                <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                  {c.header}
                  {c.note && (
                    <Text as="span" display="block" fontSize="xs" color="fg.subtle" title={c.noteTitle}>
                      {c.note}
                    </Text>
                  )}
                </Text>
                <Box minW="0" overflowWrap="anywhere">
                  {c.render(row, i)}
                </Box>
              </Box>
            ))}
          </Grid>
          {actions && (
            <HStack mt="2" pt="2" borderTopWidth="1px" borderColor="gray.100" flexWrap="wrap">
              {actions.render(row, i)}
            </HStack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The direction a sort value gives a column: 'desc', 'asc' or none. */
const directionOf = (sort: string | undefined, key: string) =>
  sort === `-${key}` ? 'desc' : sort === key ? 'asc' : undefined;
const ariaSort = (sort: string | undefined, key: string) =>
  (({ desc: 'descending', asc: 'ascending', none: 'none' }) as const)[directionOf(sort, key) ?? 'none'];
/** A header click: high to low first (newest, largest), then low to high, then the list's own order. */
const nextSort = (sort: string | undefined, key: string) =>
  ({ desc: key, asc: undefined, none: `-${key}` })[directionOf(sort, key) ?? 'none'];

/** A sortable column's header: its title and the arrow of its direction, a button that turns it. */
function SortHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
}) {
  const key = column.sort as string;
  const dir = directionOf(sort, key);
  const Icon = dir === 'desc' ? ArrowDown : dir === 'asc' ? ArrowUp : ArrowUpDown;
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      font="inherit"
      color={dir ? 'brand.700' : 'inherit'}
      cursor="pointer"
      onClick={() => onSort(nextSort(sort, key))}
      data-testid={`sort-${key}`}
      data-direction={dir ?? 'none'}
    >
      {column.header}
      <Icon size={14} aria-hidden />
    </chakra.button>
  );
}

/** On a phone (cards have no headers): the sortable columns in a select, each way. */
function SortSelect<T>({
  columns,
  sort,
  onSort,
}: {
  columns: Column<T>[];
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
}) {
  const sortable = columns.filter((c) => c.sort);
  if (sortable.length === 0) return null;
  const name = (c: Column<T>) => (typeof c.header === 'string' ? c.header : c.key);
  return (
    <NativeSelect.Root size="sm" mb="3" w="full">
      <NativeSelect.Field
        aria-label="排序"
        value={sort ?? ''}
        onChange={(e) => onSort(e.target.value || undefined)}
        data-testid="sort-select"
      >
        <option value="">默认排序</option>
        {sortable.flatMap((c) => [
          <option key={`-${c.sort}`} value={`-${c.sort}`}>
            {name(c)} 从高到低
          </option>,
          <option key={c.sort} value={c.sort}>
            {name(c)} 从低到高
          </option>,
        ])}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
