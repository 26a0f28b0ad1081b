import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { LIMITS } from '@toy/shared';
import { Sidebar, type SidebarProps } from './Sidebar';

/** The sidebar of a phone (under 992 px): a drawer from the start edge, closed by a link. */
export function SidebarDrawer({
  open,
  onOpenChange,
  nav,
  badges,
}: Pick<SidebarProps, 'nav' | 'badges'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${LIMITS.sidebarWidth}px`} bg="side.bg" data-testid="sidebar-drawer">
            <Sidebar nav={nav} badges={badges} onNavigate={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild top="3" right="2">
              <CloseButton size="sm" color="side.text" aria-label="关闭菜单" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
