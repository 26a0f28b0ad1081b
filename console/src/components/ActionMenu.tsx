import { Menu, Portal } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';

/** An item of ActionMenu; `danger` colours it as a destructive one, `apart` puts a line above it. */
export interface MenuAction {
  value: string;
  label: ReactNode;
  icon?: LucideIcon;
  onClick: () => void;
  testId: string;
  danger?: boolean;
  apart?: boolean;
}

/** A menu of actions opened by `trigger` (a button that takes the menu's ref); icons at `iconSize`. */
export function ActionMenu({
  trigger,
  items,
  minW,
  iconSize = 16,
  placement,
}: {
  trigger: ReactNode;
  items: MenuAction[];
  minW?: string;
  iconSize?: number;
  placement?: 'bottom-end';
}) {
  return (
    <Menu.Root positioning={placement ? { placement } : undefined}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>
            {items.map(({ icon: Icon, ...item }) => (
              <Fragment key={item.value}>
                {item.apart && <Menu.Separator />}
                <Menu.Item
                  value={item.value}
                  color={item.danger ? 'fg.error' : undefined}
                  onClick={item.onClick}
                  data-testid={item.testId}
                >
                  {Icon && <Icon size={iconSize} />}
                  {item.label}
                </Menu.Item>
              </Fragment>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
