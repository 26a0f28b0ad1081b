import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ShelfActionsProps<K extends string> {
  /** data-testid prefix: `${prefix}-toggle`, `${prefix}-action-${kind}`, `${prefix}-shelves-hint`. */
  prefix: string;
  /** Listed for sale now (the toggle says 下架, and the locked action waits). */
  listed: boolean;
  /** No toggle at all (sold out). */
  noToggle?: boolean;
  pending?: boolean;
  onToggle: () => void;
  actions: readonly (readonly [K, string])[];
  onAction: (kind: K) => void;
  /** The action that only a delisted item allows, and why (shown under the bar while listed). */
  locked: { kind: K; reason: string };
  children?: ReactNode;
}

/**
 * The action bar of a sale's detail dialog (a draw machine, a kuji): 上架/下架, the change actions,
 * and the one that waits until the item is delisted, disabled with its reason shown under the bar.
 */
export function ShelfActions<K extends string>({
  prefix,
  listed,
  noToggle,
  pending,
  onToggle,
  actions,
  onAction,
  locked,
  children,
}: ShelfActionsProps<K>) {
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        {!noToggle && (
          <Button
            size="sm"
            colorPalette={listed ? 'red' : 'green'}
            loading={pending}
            onClick={onToggle}
            data-testid={`${prefix}-toggle`}
          >
            {listed ? '下架' : '上架'}
          </Button>
        )}
        {actions.map(([kind, label]) => {
          const waits = kind === locked.kind && listed;
          return (
            <Button
              key={kind}
              size="sm"
              variant="outline"
              disabled={waits}
              title={waits ? locked.reason : undefined}
              onClick={() => onAction(kind)}
              data-testid={`${prefix}-action-${kind}`}
            >
              {label}
            </Button>
          );
        })}
        {children}
      </HStack>
      {listed && (
        <Text fontSize="xs" color="fg.muted" data-testid={`${prefix}-shelves-hint`}>
          {locked.reason}
        </Text>
      )}
    </Stack>
  );
}
