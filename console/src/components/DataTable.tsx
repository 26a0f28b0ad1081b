import { Box, Button, Center, EmptyState, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** Keep the column in view while the table scrolls sideways (e.g. the actions at the end). */
  sticky?: 'start' | 'end';
}

/** Styles of a sticky cell: pinned to its side, on an opaque background, with a soft edge. */
const stickyProps = (side: 'start' | 'end' | undefined, header = false) =>
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

/** A table with the three list states: loading, empty ('暂无数据') and error (with 重试). */
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
  return (
    <Box
      overflowX="auto"
      maxH={maxH}
      overflowY={maxH ? 'auto' : undefined}
      data-testid="data-table"
      aria-busy={loading}
    >
      <Table.Root size="md" stickyHeader={Boolean(maxH)} interactive>
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                w={c.width}
                textAlign={c.align}
                color="fg.muted"
                fontWeight="600"
                whiteSpace="nowrap"
                {...stickyProps(c.sticky, true)}
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
                {columns.map((c) => (
                  <Table.Cell key={c.key} textAlign={c.align} {...stickyProps(c.sticky)}>
                    {c.render(row, i)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
        </Table.Body>
      </Table.Root>
      {!loading && !error && rows && rows.length === 0 && (
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
      )}
      {error && (
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
      )}
    </Box>
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
