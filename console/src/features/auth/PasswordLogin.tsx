import { Alert, Button, Input, InputGroup, Stack } from '@chakra-ui/react';
import { api, type Session } from '@toy/shared';
import { Lock, Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ControlledField } from '../../components/form/fields';
import { schemaResolver } from '../../components/form/useSchemaForm';
import { ApiError, call } from '../../lib/http';

const FIELDS = [
  { name: 'email', label: '账号', icon: Mail, type: 'email', autoComplete: 'username', placeholder: '请输入邮箱账号' },
  {
    name: 'password',
    label: '密码',
    icon: Lock,
    type: 'password',
    autoComplete: 'current-password',
    placeholder: '请输入密码',
  },
] as const;

/**
 * 账号登录: email and password → api.auth.login; a message of the shared schema stays under its
 * field until the next try, and the API's answer is shown above the button.
 */
export function PasswordLogin({ onLogin }: { onLogin: (session: Session) => Promise<unknown> }) {
  const form = useForm({
    resolver: schemaResolver(api.auth.login.body),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const [error, setError] = useState<string | null>(null);
  const login = form.handleSubmit(async (data) => {
    try {
      await onLogin(await call(api.auth.login, data, { silent: true, noSessionPrompt: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  });
  const submit = (e: FormEvent) => {
    setError(null);
    void login(e);
  };

  return (
    <FormProvider {...form}>
      <Stack asChild gap="4">
        <form onSubmit={submit} noValidate data-testid="password-login">
          {FIELDS.map(({ icon: Icon, type, autoComplete, placeholder, ...field }) => (
            <ControlledField
              key={field.name}
              {...field}
              render={(bound) => (
                <InputGroup startElement={<Icon size={16} />} w="full">
                  <Input
                    {...bound}
                    type={type}
                    autoComplete={autoComplete}
                    placeholder={placeholder}
                    data-testid={`login-${field.name}`}
                  />
                </InputGroup>
              )}
            />
          ))}
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
            loading={form.formState.isSubmitting}
            loadingText="登录中…"
            data-testid="login-submit"
          >
            登录
          </Button>
        </form>
      </Stack>
    </FormProvider>
  );
}
