import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { PAGE_SIZES } from '@toy/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface ListPaginationProps {
  /** Unknown while the list loads: no count is shown rather than 共 0 条. */
  total: number | undefined;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
}

/** 共 N 条, page-size select and page buttons. */
export function ListPagination({
  total,
  page,
  pageSize,
  pageSizes = PAGE_SIZES,
  onPageChange,
  onPageSizeChange,
}: ListPaginationProps) {
  return (
    <HStack justify="flex-end" gap="4" flexWrap="wrap" pt="4" data-testid="pagination">
      {total !== undefined && (
        <Text fontSize="sm" color="fg.muted" data-testid="pagination-total">
          共 {total} 条
        </Text>
      )}
      {onPageSizeChange && pageSizes.length > 1 && (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="每页条数"
            data-testid="page-size"
            value={String(pageSize)}
            onChange={(e) => onPageSizeChange(Number(e.target.value))}
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}条/页
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <Pagination.Root
        count={total ?? 0}
        pageSize={pageSize}
        page={page}
        onPageChange={(e) => onPageChange(e.page)}
        siblingCount={1}
      >
        <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label="上一页">
              <ChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(p) => (
              <IconButton
                variant={{ base: 'ghost', _selected: 'solid' }}
                colorPalette="brand"
                aria-label={`第 ${p.value} 页`}
              >
                {p.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label="下一页">
              <ChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
