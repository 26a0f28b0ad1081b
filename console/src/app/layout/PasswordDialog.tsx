import { Input } from '@chakra-ui/react';
import { api, messages, passwordReset } from '@toy/shared';
import { useState } from 'react';
import { FormDialog, FormField } from '../../components/FormDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';

const empty = { old_password: '', new_password: '' };

/** 修改密码: both fields required ('旧密码不可为空' / '新密码不可为空'), then api.user.resetPassword. */
export function PasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(empty);
  const change = (open: boolean) => {
    if (open) setForm(empty);
    onOpenChange(open);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title="修改密码"
      schema={passwordReset}
      values={form}
      testId="password-dialog"
      submitTestId="password-save"
      submitLabel="确定"
      size="sm"
      onSubmit={async (data) => {
        await call(api.user.resetPassword, data);
        notify.success(messages.success.modified);
      }}
    >
      <FormField field="old_password" label="旧密码" required>
        <Input
          type="password"
          autoComplete="current-password"
          placeholder="请输入旧密码"
          value={form.old_password}
          onChange={(e) => setForm({ ...form, old_password: e.target.value })}
          data-testid="old-password"
        />
      </FormField>
      <FormField field="new_password" label="新密码" required helper="至少6位">
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="请输入新密码"
          value={form.new_password}
          onChange={(e) => setForm({ ...form, new_password: e.target.value })}
          data-testid="new-password"
        />
      </FormField>
    </FormDialog>
  );
}
