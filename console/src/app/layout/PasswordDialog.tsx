import { messages } from '@toy/shared';
import { userRoutes } from '@toy/shared/features/user';
import { FormDialog } from '../../components/form/FormDialog';
import { PasswordField } from '../../components/form/fields';
import { useFormDialog } from '../../components/useFormDialog';

const FIELDS = [
  { name: 'old_password', label: '旧密码', autoComplete: 'current-password', testId: 'old-password' },
  { name: 'new_password', label: '新密码', autoComplete: 'new-password', testId: 'new-password', helper: '至少6位' },
  { name: 'confirm_password', label: '确认新密码', autoComplete: 'new-password', testId: 'confirm-password' },
];

/**
 * 修改密码: old and new required ('旧密码不可为空' / '新密码不可为空'), the new one typed twice, each
 * field with a show-password button; then userRoutes.resetPassword.
 */
export function PasswordDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { dialog } = useFormDialog(userRoutes.resetPassword, props, {
    title: '修改密码',
    testId: 'password',
    defaults: { old_password: '', new_password: '', confirm_password: '' },
    success: messages.success.modified,
  });
  return (
    <FormDialog {...dialog} submitLabel="确定" size="sm">
      {FIELDS.map((f) => (
        <PasswordField key={f.name} {...f} required placeholder={`请输入${f.label}`} />
      ))}
    </FormDialog>
  );
}
