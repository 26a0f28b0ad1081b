import { authRoutes, type Session } from '@toy/shared/features/auth';
import { CircleAlert, Lock, Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { checkForm, type FieldError } from '../../components/form/checkForm';
import { call, errorText } from './loginApi';

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

type Values = Record<(typeof FIELDS)[number]['name'], string>;

/**
 * 账号登录: email and password → api.auth.login; the shared schema's first failing message stays
 * under its field until the next try, and the API's answer is shown above the button.
 */
export function PasswordLogin({ onLogin }: { onLogin: (session: Session) => Promise<unknown> }) {
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [invalid, setInvalid] = useState<FieldError | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = checkForm(authRoutes.login.body, values);
    if (!checked.ok) {
      setInvalid(checked.error);
      inputs.current[checked.error.field ?? '']?.focus();
      return;
    }
    setInvalid(null);
    setSubmitting(true);
    try {
      await onLogin(await call(authRoutes.login, checked.data));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="lp-form" onSubmit={(e) => void submit(e)} noValidate data-testid="password-login">
      {FIELDS.map(({ name, label, icon: Icon, type, autoComplete, placeholder }) => {
        const message = invalid?.field === name ? invalid.message : undefined;
        return (
          <div key={name} className="lp-field">
            <label htmlFor={`login-${name}`}>{label}</label>
            <div className="lp-input-group">
              <div className="lp-input-icon">
                <Icon size={16} />
              </div>
              <input
                ref={(el) => {
                  inputs.current[name] = el;
                }}
                id={`login-${name}`}
                name={name}
                className="lp-input"
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                type={type}
                autoComplete={autoComplete}
                placeholder={placeholder}
                aria-invalid={message ? true : undefined}
                data-testid={`login-${name}`}
              />
            </div>
            {message && (
              <div className="lp-field-error" data-testid={`error-${name}`}>
                {message}
              </div>
            )}
          </div>
        );
      })}
      {error && (
        <div className="lp-alert" role="alert" data-testid="login-error">
          <CircleAlert size={16} />
          <AlertText text={error} />
        </div>
      )}
      <button type="submit" className="lp-submit" disabled={submitting} data-testid="login-submit">
        {submitting ? (
          <>
            <span className="lp-spinner" />
            登录中…
          </>
        ) : (
          '登录'
        )}
      </button>
    </form>
  );
}

/** The waybill page named in an answer (an ERP account tried here): a link to it, not a path to retype. */
const WAYBILL_PAGE = '/print_waybill';

function AlertText({ text }: { text: string }) {
  const at = text.indexOf(WAYBILL_PAGE);
  if (at < 0) return <p>{text}</p>;
  return (
    <p>
      {text.slice(0, at)}
      <a href={WAYBILL_PAGE} data-testid="login-error-link">
        {WAYBILL_PAGE}
      </a>
      {text.slice(at + WAYBILL_PAGE.length)}
    </p>
  );
}
