import { Field, IconButton, Input, InputGroup, Textarea } from '@chakra-ui/react';
import { COUNTRIES, LIMITS, PER_ID, type PermissionId } from '@toy/shared';
import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type ControllerRenderProps, type FieldValues, useController, useFormState } from 'react-hook-form';
import { worded } from '../../lib/notify';
import { useBrandWord } from '../../session/useBrandWord';
import { BrandSelect } from '../BrandSelect';
import { DateTimeInput } from '../DateTimeInput';
import { Choice, DigitsInput, MoneyInput, type Option, OptionSelect, Toggle } from './controls';

/**
 * The fields of a schema form (inside FormDialog or SchemaFormPage). Each takes the request
 * field's `name`, binds to the form by it and shows the form's message when the first failing
 * rule names it. A field's test id goes on its control.
 */
export interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** A labelled field: the label, the control, then the helper text or the rule's message. */
export function FormField({
  name,
  label,
  required,
  helper,
  disabled,
  children,
}: Omit<FieldProps, 'testId'> & { children: ReactNode }) {
  const { errors } = useFormState({ name });
  const message = errors[name]?.message;
  const invalid = typeof message === 'string';
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !invalid && <Field.HelperText>{helper}</Field.HelperText>}
      {invalid && <Field.ErrorText data-testid={`error-${name}`}>{worded(message)}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A field with a control of its own: `render` receives the bound value, onChange, onBlur and ref. */
export function ControlledField({
  render,
  ...field
}: FieldProps & { render: (field: ControllerRenderProps<FieldValues, string>) => ReactNode }) {
  const { field: bound } = useController({ name: field.name });
  return <FormField {...field}>{render(bound)}</FormField>;
}

type InputProps = Pick<
  React.ComponentProps<typeof Input>,
  'placeholder' | 'maxLength' | 'type' | 'inputMode' | 'autoComplete' | 'size'
>;

/** A text input (also for numbers typed as text: the schema coerces them). */
export function TextField({
  placeholder,
  maxLength,
  type,
  inputMode,
  autoComplete,
  size,
  ...field
}: FieldProps & InputProps) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <Input
          {...f}
          value={f.value ?? ''}
          placeholder={placeholder}
          maxLength={maxLength}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          size={size}
          data-testid={field.testId}
        />
      )}
    />
  );
}

/** A password input with a button that shows or hides what was typed (`${testId}-toggle`). */
export function PasswordField({ placeholder, autoComplete, ...field }: FieldProps & InputProps) {
  const [shown, setShown] = useState(false);
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <InputGroup
          endElement={
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={shown ? '隐藏密码' : '显示密码'}
              onClick={() => setShown((v) => !v)}
              data-testid={`${field.testId}-toggle`}
            >
              {shown ? <EyeOff /> : <Eye />}
            </IconButton>
          }
        >
          <Input
            {...f}
            value={f.value ?? ''}
            placeholder={placeholder}
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            data-testid={field.testId}
          />
        </InputGroup>
      )}
    />
  );
}

/** A multi-line text input. */
export function TextareaField({
  placeholder,
  maxLength,
  rows = 3,
  ...field
}: FieldProps & { placeholder?: string; maxLength?: number; rows?: number }) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <Textarea
          {...f}
          value={f.value ?? ''}
          rows={rows}
          placeholder={placeholder}
          maxLength={maxLength}
          data-testid={field.testId}
        />
      )}
    />
  );
}

/** An amount in yuan (required unless said otherwise). */
export function MoneyField({
  placeholder,
  required = true,
  currency,
  ...field
}: FieldProps & { placeholder?: string; currency?: string }) {
  return (
    <ControlledField
      {...field}
      required={required}
      render={(f) => (
        <MoneyInput
          ref={f.ref}
          value={String(f.value ?? '')}
          onChange={f.onChange}
          onBlur={f.onBlur}
          placeholder={placeholder}
          disabled={field.disabled}
          testId={field.testId ?? field.name}
          currency={currency}
        />
      )}
    />
  );
}

/** How a select or radio value goes back into the form: as text, or as a number ('' when empty). */
const toValue = (numeric: boolean | undefined) => (v: string) => (numeric ? (v === '' ? '' : Number(v)) : v);

/** A native select; `numeric` stores the option's value as a number. */
export function SelectField({
  options,
  placeholder,
  numeric,
  ...field
}: FieldProps & { options: readonly Option[]; placeholder?: string; numeric?: boolean }) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <OptionSelect
          ref={f.ref}
          label={field.label}
          value={String(f.value ?? '')}
          onChange={(v) => f.onChange(toValue(numeric)(v))}
          onBlur={f.onBlur}
          options={options}
          placeholder={placeholder}
          testId={field.testId ?? field.name}
        />
      )}
    />
  );
}

/**
 * Radio buttons in a row; `numeric` stores the option's value as a number; `onPicked` runs after a
 * choice (a switch that starts other fields afresh); `h` is the row's height.
 */
export function ChoiceField({
  options,
  numeric,
  onPicked,
  h,
  ...field
}: FieldProps & { options: readonly Option[]; numeric?: boolean; onPicked?: () => void; h?: string }) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <Choice
          value={String(f.value ?? '')}
          onChange={(v) => {
            f.onChange(toValue(numeric)(v));
            onPicked?.();
          }}
          options={options}
          disabled={field.disabled}
          testId={field.testId ?? field.name}
          h={h}
        />
      )}
    />
  );
}

/** The required 品牌/店铺 field (`ip_id`): the merchant's brands for `perId`, none picked by default. */
export function BrandField({
  name = 'ip_id',
  perId = PER_ID.box,
  ...field
}: Omit<FieldProps, 'name' | 'label'> & { name?: string; perId?: PermissionId }) {
  const word = useBrandWord();
  return (
    <ControlledField
      {...field}
      name={name}
      label={word}
      required
      render={(f) => (
        <BrandSelect
          perId={perId}
          value={f.value === '' || f.value == null ? undefined : Number(f.value)}
          onChange={(id) => f.onChange(id ?? '')}
          defaultFirst={false}
          testId={field.testId ?? name}
        />
      )}
    />
  );
}

/**
 * A date and time: the zh-CN picker, which shows, accepts and sends `yyyy-MM-dd HH:mm:ss` whatever
 * the browser's locale. The form holds that string (or '' when empty). Every date-time field of
 * the console is this one.
 */
export function DateTimeField(field: FieldProps) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <DateTimeInput
          ref={f.ref}
          name={f.name}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          disabled={field.disabled}
          aria-label={field.label}
          testId={field.testId ?? field.name}
        />
      )}
    />
  );
}

/**
 * A 0/1 field as a switch; `labels` are the texts beside it when off and on. `onToggle`, when
 * given, decides instead of the switch (it may refuse, or change other fields as well).
 */
export function SwitchField({
  labels,
  onToggle,
  ...field
}: FieldProps & { labels?: readonly [string, string]; onToggle?: (on: boolean) => void }) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <Toggle
          checked={Number(f.value) === 1}
          onChange={(on) => (onToggle ? onToggle(on) : f.onChange(on ? 1 : 0))}
          labels={labels}
          disabled={field.disabled}
          testId={field.testId ?? field.name}
        />
      )}
    />
  );
}

/** A whole number typed as text (only digits are kept); `prefix` stands before it, e.g. "1 :". */
export function DigitsField({ placeholder, prefix, ...field }: FieldProps & { placeholder?: string; prefix?: string }) {
  return (
    <ControlledField
      {...field}
      render={(f) => (
        <DigitsInput
          ref={f.ref}
          value={String(f.value ?? '')}
          onChange={f.onChange}
          onBlur={f.onBlur}
          prefix={prefix}
          placeholder={placeholder}
          disabled={field.disabled}
          testId={field.testId ?? field.name}
        />
      )}
    />
  );
}

/** The required 商品名称 field of a goods form. */
export function GoodsTitleField({ name, testId }: { name: string; testId: string }) {
  return (
    <TextField
      name={name}
      label="商品名称"
      required
      placeholder="请输入商品名称"
      maxLength={LIMITS.goodsTitleMax}
      testId={testId}
    />
  );
}

/** The required 国家 field (`country`) of an overseas setting: a warehouse, a freight template. */
export function CountryField({ testId }: { testId: string }) {
  return (
    <SelectField name="country" label="国家" required options={COUNTRIES} placeholder="请选择国家" testId={testId} />
  );
}
