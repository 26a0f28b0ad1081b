import { Alert, Button, Field, Input, InputGroup, Stack } from '@chakra-ui/react';
import { api, type Session } from '@toy/shared';
import { Lock, Mail } from 'lucide-react';
import { useState } from 'react';
import { checkForm, type FieldError } from '../../components/formCheck';
import { ApiError, call } from '../../lib/http';

/** 账号登录: email and password → api.auth.login; the API's message is shown on failure. */
export function PasswordLogin({ onLogin }: { onLogin: (session: Session) => Promise<unknown> }) {
  const [form, setForm] = useState({ email: '', password: '' });
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = checkForm(api.auth.login.body, form);
    if (!checked.ok) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const session = await call(api.auth.login, checked.data, { silent: true, noSessionPrompt: true });
      await onLogin(session);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate data-testid="password-login">
        <Field.Root invalid={fieldError?.field === 'email'}>
          <Field.Label>账号</Field.Label>
          <InputGroup startElement={<Mail size={16} />} w="full">
            <Input
              type="email"
              autoComplete="username"
              placeholder="请输入邮箱账号"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              data-testid="login-email"
            />
          </InputGroup>
          {fieldError?.field === 'email' && <Field.ErrorText>{fieldError.message}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={fieldError?.field === 'password'}>
          <Field.Label>密码</Field.Label>
          <InputGroup startElement={<Lock size={16} />} w="full">
            <Input
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              data-testid="login-password"
            />
          </InputGroup>
          {fieldError?.field === 'password' && <Field.ErrorText>{fieldError.message}</Field.ErrorText>}
        </Field.Root>
        {error && (
          <Alert.Root status="error" size="sm" data-testid="login-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={busy}
          loadingText="登录中…"
          data-testid="login-submit"
        >
          登录
        </Button>
      </form>
    </Stack>
  );
}
