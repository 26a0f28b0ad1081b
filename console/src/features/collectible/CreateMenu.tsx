import { Menu, Portal } from '@chakra-ui/react';
import { COLLECTIBLE_TYPES } from '@toy/shared';
import { CreateButton } from './CreateButton';

/** 创建数字藏品: a menu of the collectible types, each opening its form. */
export function CreateMenu({ onPick }: { onPick: (type: number) => void }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <CreateButton data-testid="collectible-add" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {COLLECTIBLE_TYPES.map((t) => (
              <Menu.Item
                key={t.value}
                value={String(t.value)}
                onClick={() => onPick(t.value)}
                data-testid={`collectible-add-${t.value}`}
              >
                {t.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
