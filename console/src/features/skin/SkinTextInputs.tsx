import { Field, Input, Textarea } from '@chakra-ui/react';

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  required?: boolean;
  testId: string;
  /** A box of four lines (Textarea) rather than one. */
  multiline?: boolean;
}

/** A labelled text box with its length shown (the skin form's 售卖信息). */
export function CountedText({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  required,
  testId,
  multiline,
}: TextProps) {
  const box = {
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    maxLength,
    placeholder,
    'data-testid': testId,
  };
  return (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? <Textarea {...box} rows={4} /> : <Input {...box} />}
      <Field.HelperText>
        {value.length}/{maxLength}
      </Field.HelperText>
    </Field.Root>
  );
}
