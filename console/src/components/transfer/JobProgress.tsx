import { HStack, Text } from '@chakra-ui/react';
import { ProgressBar } from '../ProgressBar';

/** A background job's line: what it is doing, rows done / total, and the bar. */
export function JobProgress({
  label,
  now,
  total,
  countTestId,
  animated = true,
}: {
  label: string;
  now: number;
  total: number;
  countTestId: string;
  animated?: boolean;
}) {
  return (
    <>
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="sm" fontWeight="600" data-testid={countTestId}>
          {now} / {total}
        </Text>
      </HStack>
      <ProgressBar
        value={total ? Math.round((now / total) * 100) : 0}
        size="md"
        colorPalette="brand"
        striped
        animated={animated}
      />
    </>
  );
}
