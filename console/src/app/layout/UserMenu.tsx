import { Menu, Portal } from '@chakra-ui/react';
import { Image as ImageIcon, KeyRound, LogOut } from 'lucide-react';
import { authStore } from '../../session/authStore';
import { UserButton } from './UserButton';

/** The user menu: 修改头像, 修改密码 and 退出登录. */
export function UserMenu({
  onChangePassword,
  onChangeAvatar,
}: {
  onChangePassword: () => void;
  onChangeAvatar: () => void;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <UserButton data-testid="user-menu" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.Item value="avatar" onClick={onChangeAvatar} data-testid="change-avatar">
              <ImageIcon size={16} />
              修改头像
            </Menu.Item>
            <Menu.Item value="password" onClick={onChangePassword} data-testid="change-password">
              <KeyRound size={16} />
              修改密码
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" onClick={() => void authStore.signOut()} data-testid="logout">
              <LogOut size={16} />
              退出登录
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
