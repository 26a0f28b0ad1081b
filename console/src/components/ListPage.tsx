import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { FilterBar, type FilterState } from './FilterBar';
import type { FilterField } from './filters';
import { PageTitle } from './PageTitle';

/** Page frame of a list screen: title and actions, a filter bar, and the table card. */
export function ListPage({
  title,
  description,
  actions,
  filters,
  children,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap="4" data-testid={testId}>
      <Flex
        align={{ base: 'flex-start', sm: 'center' }}
        justify="space-between"
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageTitle title={title} description={description} bold />
        {actions && (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        )}
      </Flex>
      {filters && (
        <Box bg="white" rounded="lg" shadow="xs" px="5" py="4">
          <Flex gap="4" align="flex-end" wrap="wrap">
            {filters}
          </Flex>
        </Box>
      )}
      <Box bg="white" rounded="lg" shadow="xs" p={{ base: '3', md: '5' }}>
        {children}
      </Box>
    </Stack>
  );
}

/** What a brand list page says of itself above its table. */
export interface ListSpec {
  /** Prefixes the test ids: `<name>-page`, `<name>-add` and the filter bar's (`<name>`). */
  name: string;
  title: ReactNode;
  description?: ReactNode;
  /** The 新增… button's label (the button calls `onAdd`). */
  add?: string;
  /** The filter bar's fields (the brand comes first unless placed among them). */
  filters?: readonly FilterField[];
  /** A filter bar without 重置. */
  noReset?: boolean;
}

/**
 * A list page of a brand's rows, framed by its `spec`: the title (and the description or the live
 * `summary`), the 新增… button (or `actions`), the FilterBar over `state` with `tools` (export,
 * import…) beside its buttons, then the table.
 */
export function BrandListPage({
  spec,
  state,
  summary,
  summaryTestId,
  onAdd,
  actions,
  tools,
  children,
}: {
  spec: ListSpec;
  state: FilterState;
  /** A line under the title from the list's own figures, in place of the spec's description. */
  summary?: ReactNode;
  summaryTestId?: string;
  onAdd?: () => void;
  actions?: ReactNode;
  tools?: ReactNode;
  children: ReactNode;
}) {
  const add = spec.add && onAdd && <AddButton label={spec.add} onClick={onAdd} testId={`${spec.name}-add`} />;
  return (
    <ListPage
      title={spec.title}
      description={
        summary === undefined ? (
          spec.description
        ) : (
          <Text as="span" data-testid={summaryTestId}>
            {summary}
          </Text>
        )
      }
      testId={`${spec.name}-page`}
      actions={actions ?? add}
      filters={
        <FilterBar state={state} testId={spec.name} filters={spec.filters} reset={!spec.noReset}>
          {tools}
        </FilterBar>
      }
    >
      {children}
    </ListPage>
  );
}

/** The 新增… button of a list's title bar. */
export function AddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button colorPalette="brand" onClick={onClick} data-testid={testId}>
      <Plus size={16} />
      {label}
    </Button>
  );
}

/** The words of a list's count: none while the list loads (never 共 0 before the rows come). */
export const countLine = (total: number | undefined, unit: string) =>
  total === undefined ? '' : `共 ${total} ${unit}`;

/**
 * The line above a list's table: 共 `total` `unit` (个仓库, 条…), and what goes on its right.
 * `total` is undefined while the list loads.
 */
export function ListCount({
  total,
  unit,
  testId,
  wrap,
  children,
}: {
  total: number | undefined;
  unit: string;
  testId?: string;
  wrap?: boolean;
  children?: ReactNode;
}) {
  return (
    <HStack justify="space-between" mb="3" wrap={wrap ? 'wrap' : undefined}>
      <Text fontSize="sm" color="fg.muted" data-testid={testId} minH="1lh">
        {countLine(total, unit)}
      </Text>
      {children}
    </HStack>
  );
}
