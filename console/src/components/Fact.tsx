import { Box, type BoxProps, Stack, type StackProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const LABEL = { fontSize: 'xs', color: 'fg.muted' } as const;

/** A fact of a detail view: a small muted label over its value (`value` styles the value's box). */
export function Fact({
  label,
  value,
  children,
  ...stack
}: { label: ReactNode; value?: BoxProps; children: ReactNode } & StackProps) {
  return (
    <Stack gap="0.5" {...stack}>
      <Text {...LABEL}>{label}</Text>
      <Box {...value}>{children}</Box>
    </Stack>
  );
}
