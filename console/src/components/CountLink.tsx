import { Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A count of a list row over what handles it: a link to the screen (待发货 → 去发货) or any control
 * (`action`, e.g. a button opening a dialog).
 */
export function CountLink({
  label,
  count,
  testId,
  to,
  linkTestId = `${testId}-link`,
  children,
  action,
}: {
  label: string;
  count: number;
  testId: string;
  to?: string;
  linkTestId?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack gap="0" whiteSpace="nowrap" align="start">
      <Text fontSize="sm">
        {label} <b data-testid={testId}>{count}</b>
      </Text>
      {to && (
        <Link asChild colorPalette="brand" fontSize="sm" data-testid={linkTestId}>
          <RouterLink to={to}>{children}</RouterLink>
        </Link>
      )}
      {action}
    </Stack>
  );
}
