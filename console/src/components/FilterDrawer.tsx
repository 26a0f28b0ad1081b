import { CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A phone's filter drawer (see FilterBar): the filters over the buttons, from the bottom edge. */
export function FilterDrawer({
  open,
  onOpenChange,
  testId,
  controls,
  buttons,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  controls: ReactNode;
  buttons: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* Not clipped: the date-time picker opens over the drawer's edge. */}
          <Drawer.Content roundedTop="xl" overflow="visible" data-testid={`${testId}-filters-drawer`}>
            <Drawer.Header>
              <Drawer.Title fontSize="md">筛选</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body overflow="visible">
              <Stack gap="4">{controls}</Stack>
            </Drawer.Body>
            <Drawer.Footer justifyContent="stretch">{buttons}</Drawer.Footer>
            <Drawer.CloseTrigger asChild top="3" right="3">
              <CloseButton size="sm" aria-label="关闭筛选" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
