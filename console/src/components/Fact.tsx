import { Box, type BoxProps, Grid, Stack, type StackProps, Text } from '@chakra-ui/react';
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

/** A fact of FactGrid: its label, its value and, for the values a test reads, the suffix of its test id. */
export type FactRow = [string, ReactNode, string?];

const TILE = { p: '3', bg: 'bg.subtle', rounded: 'md' } as const;

/**
 * The facts of a detail view in tiles, four a row (two on a phone), then 描述 and any `children`
 * (WideFact) across the row. `testId` names the grid and prefixes its values' (`<testId>-<suffix>`, `-desc`).
 */
export function FactGrid({
  facts,
  desc,
  testId,
  children,
}: {
  facts: FactRow[];
  desc: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="3" data-testid={testId}>
      {facts.map(([label, value, suffix]) => (
        <Fact key={label} label={label} {...TILE}>
          <Text fontWeight="600" data-testid={suffix && `${testId}-${suffix}`}>
            {value}
          </Text>
        </Fact>
      ))}
      <WideFact label="描述">
        <Text data-testid={`${testId}-desc`}>{desc}</Text>
      </WideFact>
      {children}
    </Grid>
  );
}

/** A tile of FactGrid across the whole row. */
export function WideFact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Fact label={label} gridColumn="1 / -1" {...TILE}>
      {children}
    </Fact>
  );
}
