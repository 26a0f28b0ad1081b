import { Field, Input, Textarea } from '@chakra-ui/react';

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  required?: boolean;
  testId: string;
}

/** A labelled text box with its length shown (the skin form's 售卖信息). */
export function TextInput({ label, value, onChange, maxLength, placeholder, required, testId }: TextProps) {
  return (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        placeholder={placeholder}
        data-testid={testId}
      />
      <Field.HelperText>
        {value.length}/{maxLength}
      </Field.HelperText>
    </Field.Root>
  );
}

export function TextAreaInput({ label, value, onChange, maxLength, placeholder, required, testId }: TextProps) {
  return (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        rows={4}
        placeholder={placeholder}
        data-testid={testId}
      />
      <Field.HelperText>
        {value.length}/{maxLength}
      </Field.HelperText>
    </Field.Root>
  );
}
