import { Box, Button, Center, EmptyState, Grid, HStack, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { AlertTriangle, Inbox } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useIsMobile } from '../app/layout/useIsMobile';
import { ScrollRail } from './ScrollRail';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  width?: string;
  align?: 'start' | 'center' | 'end';
  /**
   * Keep the column in view while the table scrolls sideways (e.g. the actions at the end). The first
   * column is pinned to the start unless it says otherwise.
   */
  sticky?: 'start' | 'end' | false;
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

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  /** data-testid of each row, e.g. "warehouse-row". */
  rowTestId?: string;
  emptyText?: string;
  maxH?: string;
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
  rowKey,
  loading,
  error,
  onRetry,
  rowTestId,
  emptyText = '暂无数据',
  maxH,
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
                  textAlign={c.align}
                  color="fg.muted"
                  fontWeight="600"
                  whiteSpace="nowrap"
                  {...stickyProps(pinOf(c, i), true)}
                >
                  {c.header}
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
      {!maxH && <ScrollRail target={box} />}
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
