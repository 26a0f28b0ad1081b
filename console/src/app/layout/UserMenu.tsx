import { Image as ImageIcon, KeyRound, LogOut } from 'lucide-react';
import { ActionMenu } from '../../components/ActionMenu';
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
    <ActionMenu
      placement="bottom-end"
      minW="40"
      trigger={<UserButton data-testid="user-menu" />}
      items={[
        { value: 'avatar', icon: ImageIcon, label: '修改头像', onClick: onChangeAvatar, testId: 'change-avatar' },
        { value: 'password', icon: KeyRound, label: '修改密码', onClick: onChangePassword, testId: 'change-password' },
        {
          value: 'logout',
          icon: LogOut,
          label: '退出登录',
          onClick: () => void authStore.signOut(),
          testId: 'logout',
          danger: true,
          apart: true,
        },
      ]}
    />
  );
}
